import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../../src/shell/parser/index.js';
import { Rejection } from '../../../src/shell/parser/reject.js';
import { hasBraceExpansion, hasGlob } from '../../../src/shell/parser/word-rules.js';
import {
  type DecodedWord,
  readWord,
  UNQUOTED_BRACE,
  UNQUOTED_GLOB,
  UNQUOTED_TILDE,
} from '../../../src/shell/parser/words.js';
import { wordCases, wordFlagCases } from './cases/index.js';
import { accepted, argvOf } from './helpers.js';

describe('words are decoded exactly as bash passes them', () => {
  it.each(wordCases)('$command', ({ command, argv }) => {
    expect(argvOf(accepted(command).commands)).toEqual(argv);
  });
});

describe('each word says whether bash would still glob or tilde-expand it', () => {
  it.each(wordFlagCases)('%s', (command, expected) => {
    const [only, ...more] = accepted(command).commands;
    expect(more).toEqual([]);
    expect(only?.words).toHaveLength(expected.length);
    expected.forEach((fields, i) => {
      expect(only?.words[i]).toMatchObject(fields);
    });
  });
});

describe('reserved words', () => {
  it('are still reserved when a line continuation splits them, like in bash', () => {
    expect(parseShell('i\\\nf true; then ls; fi')).toMatchObject({
      ok: false,
      code: 'control_flow',
    });
  });
});

describe('the signs a word reader notes are never fewer than the checks would find', () => {
  // readWord notes unquoted `*?[`, `{` and `~` while it copies a word, and the glob, brace and
  // assignment-tilde checks run only on words with such a sign: a word without the sign must
  // be one the full check passes.
  const alphabet = [...'ab=:~*?[]{},.-\'"\\ $'];
  it('for random words, decoded as the parser decodes them', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 16 }), (text) => {
        let word: DecodedWord;
        try {
          word = readWord({ text, pos: 0 });
        } catch (error) {
          if (error instanceof Rejection) return;
          throw error;
        }
        if ((word.signs & UNQUOTED_GLOB) === 0) expect(hasGlob(word)).toBe(false);
        if ((word.signs & UNQUOTED_BRACE) === 0) expect(hasBraceExpansion(word)).toBe(false);
        const unquotedTilde = [...word.value].some((c, i) => c === '~' && word.quoted[i] !== true);
        if ((word.signs & UNQUOTED_TILDE) === 0) expect(unquotedTilde).toBe(false);
      }),
      { numRuns: 5_000 },
    );
  });

  it('notes each sign where it stands unquoted', () => {
    const signsOf = (text: string) => readWord({ text, pos: 0 }).signs;
    expect(signsOf('a*b')).toBe(UNQUOTED_GLOB);
    expect(signsOf('x{a,b}')).toBe(UNQUOTED_BRACE);
    expect(signsOf('A=~/x')).toBe(UNQUOTED_TILDE);
    expect(signsOf('\'*{~\'"?"\\[')).toBe(0);
    expect(signsOf('~{?')).toBe(UNQUOTED_GLOB | UNQUOTED_BRACE | UNQUOTED_TILDE);
  });
});
