import { describe, expect, it } from 'vitest';
import { parseShell } from '../../../src/shell/parser/index.js';
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
