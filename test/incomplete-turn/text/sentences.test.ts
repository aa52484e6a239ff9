import { describe, expect, it } from 'vitest';
import { foldText } from '../../../src/incomplete-turn/text/fold.js';
import { splitSentences } from '../../../src/incomplete-turn/text/sentences.js';

const split = (text: string) => {
  const folded = foldText(text);
  return splitSentences(folded).map((s) => ({
    text: folded.slice(s.contentStart, s.end).trim(),
    question: s.question,
  }));
};
const texts = (text: string) => split(text).map((s) => s.text);

describe('splitSentences', () => {
  it('splits on ., ! and ? before a space or the end', () => {
    expect(texts('Done. Next, I will start. Really!')).toEqual([
      'done.',
      'next, i will start.',
      'really!',
    ]);
  });
  it('keeps file names, calls, versions and initialisms whole', () => {
    expect(texts('Edit parse() in src/a.ts, e.g. the v1.2 path. Then test.')).toEqual([
      'edit parse() in src/a.ts, e.g. the v1.2 path.',
      'then test.',
    ]);
  });
  it('splits on 。 ！ ？ and Arabic ؟ with no space after them', () => {
    expect(texts('完了しました。次に進みます！本当？')).toEqual([
      '完了しました。',
      '次に進みます!',
      '本当?',
    ]);
    expect(split('هل تريد؟ سأبدأ')[0]?.question).toBe(true);
  });
  it('reads a run of terminators and closers once, wherever it ends', () => {
    // Each position of a run shares its end: "wait...x" stays one sentence, "wait!!) x" ends.
    expect(texts('wait...x and more')).toEqual(['wait...x and more']);
    expect(texts('wait!!) then go')).toEqual(['wait!!', 'then go']);
    expect(texts('really?!" ok')).toEqual(['really?!', 'ok']);
    // A long run before a letter (a quadratic walk once) is still no sentence end.
    expect(texts(`a${'.'.repeat(10_000)}b`)).toHaveLength(1);
    expect(texts(`x ${'a.'.repeat(5_000)} y`)).toHaveLength(1);
  });
  it('marks sentences that end with a question mark', () => {
    expect(split('Why? Let me look.').map((s) => s.question)).toEqual([true, false]);
  });
  it('treats line breaks and semicolons as ends, and skips list markers', () => {
    expect(texts('Plan:\n1. Add a test\n- Fix it; then ship')).toEqual([
      'plan:',
      'add a test',
      'fix it;',
      'then ship',
    ]);
  });
  it('drops pieces without a letter', () => {
    expect(texts('Done. 2. 🎉')).toEqual(['done.']);
  });
  it('does not split on an operator', () => {
    expect(texts('if a != b we stop')).toEqual(['if a != b we stop']);
  });
});
