import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePhrases } from '../../../src/incomplete-turn/text/phrase-matcher.js';
import { codePointBefore, isSpacedWordChar } from '../../../src/incomplete-turn/text/scripts.js';

// The automaton against the obvious quadratic search: for every configured phrase, every
// position where it occurs with the word boundaries it needs. Small alphabets (Latin letters,
// a space, punctuation, kana) make shared prefixes, overlaps and failure links common.

const seed = 0x5eed14;
const alphabet = ['a', 'b', 'c', ' ', '.', 'あ', 'い'];
const word = fc
  .array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 5 })
  .map((cs) => cs.join(''));
const phrase = fc.tuple(word, fc.boolean()).map(([w, prefix]) => (prefix ? `${w}*` : w));
const lists = fc.record({
  one: fc.array(phrase, { maxLength: 12 }),
  two: fc.array(phrase, { maxLength: 12 }),
});
const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 60 }).map((cs) => cs.join(''));

const identity = (s: string) => s;
type Lists = { one: string[]; two: string[] };

function naive(config: Lists, t: string, onlyAt?: number): string[] {
  const found: string[] = [];
  for (const category of ['one', 'two'] as const) {
    const seen = new Set<string>();
    for (const p of config[category]) {
      const raw = p.trimEnd();
      const prefix = raw.endsWith('*');
      const key = (prefix ? raw.slice(0, -1) : raw).trim();
      const id = `${key}${prefix ? '*' : ''}`;
      if (!key || seen.has(id)) continue;
      seen.add(id);
      for (let start = 0; start + key.length <= t.length; start++) {
        if (onlyAt !== undefined && start !== onlyAt) continue;
        if (!t.startsWith(key, start)) continue;
        const end = start + key.length;
        if (isSpacedWordChar(key.codePointAt(0)) && isSpacedWordChar(codePointBefore(t, start)))
          continue;
        const boundedEnd = !prefix && isSpacedWordChar(codePointBefore(key, key.length));
        if (boundedEnd && isSpacedWordChar(t.codePointAt(end))) continue;
        found.push(`${category}:${p}@${start}-${end}`);
      }
    }
  }
  return found.sort();
}

const render = (ms: { category: string; phrase: string; start: number; end: number }[]) =>
  ms.map((m) => `${m.category}:${m.phrase}@${m.start}-${m.end}`).sort();

describe('compilePhrases against a naive search', () => {
  it('scan() finds exactly the occurrences the naive search finds', () => {
    fc.assert(
      fc.property(lists, text, (config, t) => {
        const matcher = compilePhrases(config, identity);
        expect(render(matcher.scan(t))).toEqual(naive(config, t));
      }),
      { seed, numRuns: 1500 },
    );
  });

  it('matchesAt() finds exactly the occurrences that start at the position', () => {
    fc.assert(
      fc.property(lists, text, fc.nat(60), (config, t, at) => {
        const matcher = compilePhrases(config, identity);
        expect(render(matcher.matchesAt(t, at))).toEqual(naive(config, t, at));
      }),
      { seed, numRuns: 1500 },
    );
  });

  it('reports matches in end order', () => {
    fc.assert(
      fc.property(lists, text, (config, t) => {
        const ends = compilePhrases(config, identity)
          .scan(t)
          .map((m) => m.end);
        expect(ends).toEqual([...ends].sort((a, b) => a - b));
      }),
      { seed, numRuns: 500 },
    );
  });
});
