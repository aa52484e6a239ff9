import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../src/index.js';
import { corpusAcks, corpusTurns } from './corpus/corpus.js';
import { scoreAck, scoreTurn, tallyAcks, tallyTurns } from './corpus/score.js';

// Figures on the EVALUATION half, which rules are never tuned on: only totals are asserted and
// failures are never listed here (the report script lists tuning-half failures only).
//
// Targets: >= 98% of turn classes right, zero false nags, >= 98% of ACKs right. The half grew
// with the rows written outside the team (r3) and our own rows for the narration forms; the rules
// reach 99.2% of its 881 turns with no false nag and 98.6% of its 359 ACKs (figures in
// docs/incomplete-turns.md). These floors guard against regressions; a new rule must keep the
// false nags at zero.

const options = resolveOptions({});
const turnTallies = tallyTurns(
  corpusTurns().map((r) => scoreTurn(r, options)),
  'evaluation',
);
const ackTallies = tallyAcks(
  corpusAcks().map((r) => scoreAck(r, options)),
  'evaluation',
);
const turns = turnTallies.all;
const acks = ackTallies.all;

// Every language with at least 30 rows in the half must reach 98% too, with no false nag.
const MIN_LANGUAGE_ROWS = 30;
const TARGET = 0.98;
const perLanguage = (tallies: typeof turnTallies) =>
  Object.entries(tallies)
    .filter(([lang, t]) => lang !== 'all' && lang !== 'mixed' && t.rows >= MIN_LANGUAGE_ROWS)
    .map(([lang, t]) => ({ lang, right: t.right / t.rows, t }));

describe('evaluation half', () => {
  it('turn classes: at least 98% right', () => {
    expect(turns?.rows).toBeGreaterThan(500);
    expect((turns?.right ?? 0) / (turns?.rows ?? 1)).toBeGreaterThanOrEqual(0.98);
  });
  it('no false nag', () => {
    expect(turns?.falseNags).toBe(0);
  });
  it('turn classes per language (30 rows or more): at least 98%, no false nag', () => {
    const langs = perLanguage(turnTallies);
    expect(langs.length).toBeGreaterThanOrEqual(9);
    for (const { lang, right, t } of langs) {
      expect(right, lang).toBeGreaterThanOrEqual(TARGET);
      expect(t.falseNags, lang).toBe(0);
    }
  });
  it('go-aheads per language (30 rows or more): at least 98%, no false go-ahead', () => {
    const langs = perLanguage(ackTallies);
    expect(langs.map((l) => l.lang)).toContain('en');
    for (const { lang, right, t } of langs) {
      expect(right, lang).toBeGreaterThanOrEqual(TARGET);
      expect(t.falseNags, lang).toBe(0);
    }
  });
  it('go-aheads: at least 98% right and never a non-go-ahead taken for one', () => {
    expect(acks?.rows).toBeGreaterThan(200);
    expect((acks?.right ?? 0) / (acks?.rows ?? 1)).toBeGreaterThanOrEqual(0.98);
    expect(acks?.falseNags).toBe(0);
  });
});
