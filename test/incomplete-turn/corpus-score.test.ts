import { describe, expect, it } from 'vitest';
import { resolveOptions, type TurnClassification } from '../../src/index.js';
import { corpusAcks, corpusTurns } from './corpus/corpus.js';
import { nags, scoreAck, scoreTurn, tallyAcks, tallyTurns } from './corpus/score.js';

// The scoring harness itself: what counts as right, a false nag and a missed nag.

const options = resolveOptions({});
const classification = (kind: string, uncertain = false) =>
  ({
    kind,
    evidence: { rule: 'no-promise' },
    ...(uncertain ? { uncertain: true } : {}),
  }) as TurnClassification;

describe('corpus scoring', () => {
  it('a nag is a certain stall class; uncertain and non-stall classes never nag', () => {
    expect(nags(classification('planning-only'))).toBe(true);
    expect(nags(classification('plan-ack-only'))).toBe(true);
    expect(nags(classification('empty'))).toBe(true);
    expect(nags(classification('planning-only', true))).toBe(false);
    expect(nags(classification('answered'))).toBe(false);
    expect(nags(classification('acted'))).toBe(false);
    expect(nags(classification('not-retryable'))).toBe(false);
  });
  it('tallies every row of a half exactly once, per language and in all', () => {
    const turns = corpusTurns().map((r) => scoreTurn(r, options));
    const acks = corpusAcks().map((r) => scoreAck(r, options));
    for (const half of ['tuning', 'evaluation'] as const) {
      const t = tallyTurns(turns, half);
      const a = tallyAcks(acks, half);
      expect(t.all?.rows).toBe(turns.filter((o) => o.row.half === half).length);
      expect(a.all?.rows).toBe(acks.filter((o) => o.row.half === half).length);
      const perLang = Object.entries(t)
        .filter(([k]) => k !== 'all')
        .reduce((n, [, v]) => n + v.rows, 0);
      expect(perLang).toBe(t.all?.rows);
      // A row is at most one of: a false nag or a missed nag.
      expect(turns.filter((o) => o.falseNag && o.missedNag)).toEqual([]);
    }
  });
});
