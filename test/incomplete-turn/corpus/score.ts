import {
  classifyTurn,
  isExecutionAck,
  type ResolvedOptions,
  type TurnClassification,
} from '../../../src/index.js';
import type { CorpusAck, CorpusTurn, Half } from './corpus.js';

// Scores the classifier and the ACK detector on the labelled corpus. A nag is what the default
// resolver does: retry a stall class, but never an `uncertain` classification.

const stalls: ReadonlySet<string> = new Set([
  'planning-only',
  'single-action-narration',
  'reasoning-only',
  'empty',
  'plan-ack-only',
]);

export const isStallLabel = (kind: string): boolean => stalls.has(kind);

/** Would the resolver, with default options, re-prompt after this classification? */
export const nags = (got: TurnClassification): boolean =>
  stalls.has(got.kind) && got.uncertain !== true;

export interface TurnOutcome {
  row: CorpusTurn;
  got: TurnClassification;
  right: boolean;
  falseNag: boolean;
  missedNag: boolean;
}

export interface Tally {
  rows: number;
  right: number;
  falseNags: number;
  missedNags: number;
  uncertain: number;
}

export function scoreTurn(row: CorpusTurn, options: ResolvedOptions): TurnOutcome {
  const got = classifyTurn(row.turn, { planMode: row.planMode, options });
  const expectStall = isStallLabel(row.expected);
  return {
    row,
    got,
    right: got.kind === row.expected,
    falseNag: !expectStall && nags(got),
    missedNag: expectStall && !nags(got),
  };
}

export interface AckOutcome {
  row: CorpusAck;
  got: boolean;
  right: boolean;
}

export function scoreAck(row: CorpusAck, options: ResolvedOptions): AckOutcome {
  const got = isExecutionAck(row.prompt, {
    previousAssistantText: row.previous,
    planMode: row.planMode,
    options,
  });
  return { row, got, right: got === (row.expected === 'ack') };
}

const empty = (): Tally => ({ rows: 0, right: 0, falseNags: 0, missedNags: 0, uncertain: 0 });

/** Which rows to count: one half, or both (for a subset such as the rows written outside). */
export type Rows = Half | 'both';
const inRows = (half: Half, rows: Rows) => rows === 'both' || half === rows;

/** Totals per group (the language unless told) plus `all`, for the rows of one half. */
export function tallyTurns(
  outcomes: TurnOutcome[],
  half: Rows,
  group: (o: TurnOutcome) => string = (o) => o.row.lang,
): Record<string, Tally> {
  const byLang: Record<string, Tally> = { all: empty() };
  for (const o of outcomes) {
    if (!inRows(o.row.half, half)) continue;
    for (const key of ['all', group(o)]) {
      const t = byLang[key] ?? empty();
      byLang[key] = t;
      t.rows++;
      if (o.right) t.right++;
      if (o.falseNag) t.falseNags++;
      if (o.missedNag) t.missedNags++;
      if (o.got.uncertain === true) t.uncertain++;
    }
  }
  return byLang;
}

export function tallyAcks(
  outcomes: AckOutcome[],
  half: Rows,
  group: (o: AckOutcome) => string = (o) => o.row.lang,
): Record<string, Tally> {
  const byLang: Record<string, Tally> = { all: empty() };
  for (const o of outcomes) {
    if (!inRows(o.row.half, half)) continue;
    for (const key of ['all', group(o)]) {
      const t = byLang[key] ?? empty();
      byLang[key] = t;
      t.rows++;
      if (o.right) t.right++;
      // For go-aheads a "false nag" is a non-ACK taken as one (the fast-path instruction fires
      // on it); a "missed" one is a go-ahead not recognised.
      if (!o.right && o.got) t.falseNags++;
      if (!o.right && !o.got) t.missedNags++;
    }
  }
  return byLang;
}

export const pct = (t: Tally): string =>
  t.rows === 0 ? '—' : `${((100 * t.right) / t.rows).toFixed(1)}%`;
