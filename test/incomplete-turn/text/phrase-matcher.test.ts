import { describe, expect, it } from 'vitest';
import { coverMasks, masksOf } from '../../../src/incomplete-turn/text/coverage.js';
import { foldText, promptTokens } from '../../../src/incomplete-turn/text/fold.js';
import { compilePhrases } from '../../../src/incomplete-turn/text/phrase-matcher.js';

const matcher = compilePhrases(
  { promise: ["I'll", 'on it', '하겠습니다', '我将'], stop: ['Blocked:', 'on'] },
  foldText,
);
const found = (text: string) =>
  matcher.scan(foldText(text)).map((m) => `${m.category}:${m.phrase}@${m.start}`);

describe('compilePhrases', () => {
  it('matches on word boundaries in spaced scripts', () => {
    expect(found('On it.')).toEqual(['stop:on@0', 'promise:on it@0']);
    expect(found('upon items, bonito')).toEqual([]);
    expect(found("Ill will? I'll.")).toEqual(["promise:I'll@10"]);
  });
  it('matches inside words in unspaced scripts', () => {
    expect(found('수정하겠습니다')).toEqual(['promise:하겠습니다@2']);
    expect(found('接下来我将继续')).toEqual(['promise:我将@3']);
  });
  it('needs no boundary after a phrase that ends in punctuation', () => {
    expect(found('Blocked:no token')).toEqual(['stop:Blocked:@0']);
  });
  it('matches a phrase ending in * as a word prefix, still bounded at its start', () => {
    const prefixes = compilePhrases({ promise: ['سأ*'], not: ['سأل*'] }, foldText);
    const hits = (text: string) =>
      prefixes.scan(foldText(text)).map((m) => `${m.category}:${m.phrase}@${m.start}`);
    expect(hits('سأضع خطة')).toEqual(['promise:سأ*@0']);
    expect(hits('وسأضع')).toEqual([]);
    expect(hits('سألت')).toEqual(['promise:سأ*@0', 'not:سأل*@0']);
    // Without the marker the phrase needs a boundary after it, as before.
    expect(compilePhrases({ p: ['سأ'] }, foldText).scan(foldText('سأضع'))).toEqual([]);
  });
  it('reports the phrase as configured, whatever its case or width', () => {
    expect(found('ＩʼＬＬ go')).toEqual(["promise:I'll@0"]);
  });
  it('scans a megabyte against 2,000 overlapping phrases (timed in bench/worst-case-inputs.bench.ts)', () => {
    const many = compilePhrases(
      { a: Array.from({ length: 2000 }, (_, i) => `${'a'.repeat(i % 50)}b`) },
      foldText,
    );
    const text = 'a'.repeat(1_000_000);
    expect(many.scan(text)).toEqual([]);
  });
  it('finds the phrases that start at a position', () => {
    expect(matcher.matchesAt(foldText('on it now'), 0).map((m) => m.phrase)).toEqual([
      'on',
      'on it',
    ]);
  });
});

describe('coverMasks', () => {
  const lists = compilePhrases(
    { ack: ['do it', 'go ahead'], filler: ['ok', 'please'] },
    promptTokens,
  );
  const cats = ['ack', 'filler'] as const;
  it('finds the category sets of complete splits', () => {
    expect(masksOf(coverMasks(promptTokens('ok, do it please'), lists, cats))).toEqual([3]);
    expect(masksOf(coverMasks(promptTokens('ok please'), lists, cats))).toEqual([2]);
  });
  it('finds nothing when a word is not covered', () => {
    expect(coverMasks(promptTokens("don't do it"), lists, cats)).toBe(0);
    expect(coverMasks(promptTokens('go ahead and also fix x'), lists, cats)).toBe(0);
    expect(coverMasks('', lists, cats)).toBe(0);
  });
});
