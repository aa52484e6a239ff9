import { describe, expect, it } from 'vitest';
import {
  classifyTurn,
  isExecutionAck,
  resolveOptions,
  type TurnKind,
  TurnKinds,
  type TurnSummary,
} from '../../src/index.js';
import { devAcks, devTurns } from './corpus.js';
import { heldOutAcks } from './held-out-acks.js';
import { heldOutTurns } from './held-out-turns.js';

const options = resolveOptions({});

describe('dev-turns.tsv (shared corpus)', () => {
  const rows = devTurns();
  it('has rows', () => expect(rows.length).toBeGreaterThan(50));
  it.each(rows.map((r) => [`${r.id} → ${r.expected}`, r] as const))('%s', (_, row) => {
    const got = classifyTurn(row.turn as TurnSummary, { planMode: row.planMode, options });
    expect(got.kind, `${row.note}\n${JSON.stringify(got.evidence)}`).toBe(row.expected);
  });
});

describe('dev-acks.tsv (shared corpus)', () => {
  const rows = devAcks();
  it('has rows', () => expect(rows.length).toBeGreaterThan(50));
  it.each(rows.map((r) => [`${r.id} ${JSON.stringify(r.prompt)} → ${r.expected}`, r] as const))(
    '%s',
    (_, row) => {
      const got = isExecutionAck(row.prompt, { previousAssistantText: row.previous, options });
      expect(got, row.note).toBe(row.expected);
    },
  );
});

// The held-out tables, one describe per class so a regression names the behaviour it broke.
describe('held-out turns', () => {
  it('cover every class with at least 60 turns', () => {
    expect(heldOutTurns.length).toBeGreaterThanOrEqual(60);
    const kinds = new Set(heldOutTurns.map(([, , , kind]) => kind));
    expect([...kinds].sort()).toEqual(Object.values(TurnKinds).sort());
  });
  for (const kind of Object.values(TurnKinds) as TurnKind[]) {
    const rows = heldOutTurns.filter(([, , , expected]) => expected === kind);
    describe(kind, () => {
      it.each(rows)('%s', (_, turn, planMode, expected, openSteps) => {
        const got = classifyTurn(turn, { planMode, options, ...(openSteps ? { openSteps } : {}) });
        expect(got.kind, JSON.stringify(got.evidence)).toBe(expected);
      });
    });
  }
});

describe('held-out prompts', () => {
  it('number at least 60, across the nine languages', () => {
    expect(heldOutAcks.length).toBeGreaterThanOrEqual(60);
  });
  it.each(
    heldOutAcks.map(([prompt, previous, expected, planMode]) => [
      `${JSON.stringify(prompt)}${previous ? ` after ${JSON.stringify(previous)}` : ''}${planMode ? ' in plan mode' : ''} → ${expected ? 'ack' : 'not-ack'}`,
      prompt,
      previous,
      expected,
      planMode ?? false,
    ]),
  )('%s', (_, prompt, previous, expected, planMode) => {
    expect(isExecutionAck(prompt, { previousAssistantText: previous, planMode, options })).toBe(
      expected,
    );
  });
});
