import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lowerCaseKey } from '../../../src/incomplete-turn/compiled-cues.js';
import {
  type CueCategory,
  defaultCues,
  promptCueCategories,
  textCueCategories,
} from '../../../src/incomplete-turn/cues/index.js';
import { promptKeys, textKeys } from '../../../src/incomplete-turn/cues/keys.js';
import { foldText, promptTokens } from '../../../src/incomplete-turn/text/fold.js';
import {
  PER_TEXT_MAX_LENGTH,
  PER_TEXT_MAX_TEXTS,
  perTextPhrases,
} from '../../../src/incomplete-turn/text/per-text-matcher.js';
import {
  compilePhrases,
  type PhraseMatch,
} from '../../../src/incomplete-turn/text/phrase-matcher.js';

// The per-text matcher against the full automaton: the same matches, in the same order, for
// every text, whether it compiled the text's own phrases or switched to every phrase.

const seed = 0x7e47;
const alphabet = ['a', 'b', 'c', ' ', '.', 'あ', 'い', 'A', '’'];
const word = fc
  .array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 5 })
  .map((cs) => cs.join(''));
const phrase = fc.tuple(word, fc.boolean()).map(([w, prefix]) => (prefix ? `${w}*` : w));
const lists = fc.record({
  one: fc.array(phrase, { maxLength: 12 }),
  two: fc.array(phrase, { maxLength: 12 }),
});
const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 60 }).map((cs) => cs.join(''));
const lower = (s: string) => s.toLowerCase().replaceAll('’', "'");

const render = (ms: PhraseMatch<string>[]) =>
  ms.map((m) => `${m.category}:${m.phrase}@${m.start}-${m.end}`);

describe('perTextPhrases', () => {
  it('scan() and matchesAt() answer as compilePhrases() does, text after text', () => {
    fc.assert(
      fc.property(lists, fc.array(text, { minLength: 1, maxLength: 20 }), (config, texts) => {
        const full = compilePhrases(config, lower);
        const lazy = perTextPhrases(config, lower);
        for (const raw of texts) {
          const t = lower(raw);
          expect(render(lazy.scan(t))).toEqual(render(full.scan(t)));
          for (let at = 0; at <= t.length; at++)
            expect(render(lazy.matchesAt(t, at))).toEqual(render(full.matchesAt(t, at)));
        }
      }),
      { seed, numRuns: 400 },
    );
  });

  it('switches to every phrase for a long text and after many texts, with the same answers', () => {
    const config = { one: ['ab', 'b c*', 'ab'], two: ['c', 'ab'] };
    const full = compilePhrases(config, lower);
    const long = perTextPhrases(config, lower);
    const t = 'ab c. '.repeat(Math.ceil(PER_TEXT_MAX_LENGTH / 6) + 1);
    expect(render(long.scan(t))).toEqual(render(full.scan(t)));
    const many = perTextPhrases(config, lower);
    for (let i = 0; i <= PER_TEXT_MAX_TEXTS + 2; i++) {
      const u = `${'x'.repeat(i)} ab c`;
      expect(render(many.scan(u))).toEqual(render(full.scan(u)));
    }
  });

  it('finds what the full automaton finds in the built-in cues, their keys read from cues/keys.ts', () => {
    check(textCueCategories, foldText, textKeys);
    check(promptCueCategories, promptTokens, promptKeys);
  });
});

function check<C extends CueCategory>(
  categories: readonly C[],
  fold: (s: string) => string,
  listed: Readonly<Record<string, string>>,
) {
  const config = Object.fromEntries(categories.map((c) => [c, defaultCues[c]])) as Record<
    C,
    readonly string[]
  >;
  const keyOf = (p: string) => (Object.hasOwn(listed, p) ? (listed[p] as string) : lowerCaseKey(p));
  const phrases = categories.flatMap((c) => defaultCues[c]);
  const full = compilePhrases(config, fold);
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom(...phrases), { minLength: 1, maxLength: 6 }),
      fc.constantFrom(' ', '. ', ', ', '', '\n'),
      (parts, glue) => {
        const lazy = perTextPhrases(config, fold, keyOf);
        const t = fold(parts.join(glue));
        expect(render(lazy.scan(t))).toEqual(render(full.scan(t)));
        expect(render(lazy.matchesAt(t, 0))).toEqual(render(full.matchesAt(t, 0)));
      },
    ),
    { seed, numRuns: 150 },
  );
}
