import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../src/index.js';
import { corpusAcks, corpusTurns } from './corpus/corpus.js';
import { scoreAck, scoreTurn, tallyAcks, tallyTurns } from './corpus/score.js';

// Figures on the EVALUATION half, which rules are never tuned on: only totals are asserted and
// failures are never listed here (the report script lists tuning-half failures only).
//
// Targets: >= 98% of turn classes right, zero false nags, >= 98% of ACKs right. The half grew
// with the rows written outside the team (r3) and our own rows for the narration forms; the rules
// reach 98.4% of its 856 turns with no false nag and 98.3% of its 347 ACKs (figures in
// docs/incomplete-turns.md). These floors guard against regressions; a new rule must keep the
// false nags at zero.

const options = resolveOptions({});
const turns = tallyTurns(
  corpusTurns().map((r) => scoreTurn(r, options)),
  'evaluation',
).all;
const acks = tallyAcks(
  corpusAcks().map((r) => scoreAck(r, options)),
  'evaluation',
).all;

describe('evaluation half', () => {
  it('turn classes: at least 98% right', () => {
    expect(turns?.rows).toBeGreaterThan(500);
    expect((turns?.right ?? 0) / (turns?.rows ?? 1)).toBeGreaterThanOrEqual(0.98);
  });
  it('no false nag', () => {
    expect(turns?.falseNags).toBe(0);
  });
  it('go-aheads: at least 98% right and never a non-go-ahead taken for one', () => {
    expect(acks?.rows).toBeGreaterThan(200);
    expect((acks?.right ?? 0) / (acks?.rows ?? 1)).toBeGreaterThanOrEqual(0.98);
    expect(acks?.falseNags).toBe(0);
  });
});
