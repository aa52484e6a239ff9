import { describe, expect, it } from 'vitest';
import { parseShell } from '../../../src/shell/parser/index.js';
import { wordCases } from './cases.js';
import { accepted, argvOf, wordsOf } from './helpers.js';

describe('words are decoded exactly as bash passes them', () => {
  it.each(wordCases)('$command', ({ command, argv }) => {
    expect(argvOf(accepted(command).commands)).toEqual(argv);
  });
});

describe('glob flag: unquoted * ? or a [ that a later ] closes', () => {
  const cases: [string, boolean][] = [
    ['*.txt', true],
    ['a?c', true],
    ['[ab]x', true],
    [`[a']'`, true],
    ['a[b', false],
    [`'['a]`, false],
    [`'*.txt'`, false],
    ['\\*', false],
    ['"a*"', false],
    ['[', false],
    [']', false],
    ['stash@{0}', false],
  ];
  it.each(cases)('ls %s → glob %s', (word, glob) => {
    expect(wordsOf(`ls ${word}`)[1]?.glob).toBe(glob);
  });
});

describe('tilde flag: only a leading unquoted ~ alone or before /', () => {
  const cases: [string, boolean, string][] = [
    ['~', true, '~'],
    ['~/x', true, '~/x'],
    [`~/'a b'`, true, '~/a b'],
    [`'~'`, false, '~'],
    [`''~`, false, '~'],
    ['\\~/x', false, '~/x'],
    ['HEAD~1', false, 'HEAD~1'],
    ['--a=~/x', false, '--a=~/x'],
  ];
  it.each(cases)('ls %s → tilde %s, value %s', (word, tilde, value) => {
    const decoded = wordsOf(`ls ${word}`)[1];
    expect(decoded?.tilde).toBe(tilde);
    expect(decoded?.value).toBe(value);
  });
});

describe('quoted flag and raw text', () => {
  it('marks words with any quoting or escaping', () => {
    const words = wordsOf(`ls plain 'a' "b" \\c d\\\ne`);
    expect(words.map((word) => word.quoted)).toEqual([false, false, true, true, true, false]);
  });

  it('keeps the source text of each word for messages', () => {
    const words = wordsOf(`echo 'a'"b"\\c`);
    expect(words[1]).toEqual({
      value: 'abc',
      raw: `'a'"b"\\c`,
      glob: false,
      quoted: true,
      tilde: false,
    });
  });
});

describe('reserved words are words when quoted or not in command position', () => {
  it.each(['"if" x', '\\if x', "'{' x", '"!" x'])(
    '%s runs a program named by the word',
    (command) => {
      const [program] = wordsOf(command);
      expect(program?.value).toBe(
        command.includes('if') ? 'if' : command.includes('{') ? '{' : '!',
      );
    },
  );

  it('still sees a reserved word split by a line continuation, like bash', () => {
    expect(parseShell('i\\\nf true; then ls; fi')).toMatchObject({
      ok: false,
      code: 'control_flow',
    });
  });
});
