import { describe, expect, it } from 'vitest';
import { palette, shouldColor } from '../../src/cli/color.js';

describe('shouldColor', () => {
  it.each([
    ['a terminal', { isTTY: true, env: {} }, true],
    ['a pipe or a file', { isTTY: undefined, env: {} }, false],
    ['isTTY false', { isTTY: false, env: {} }, false],
    ['NO_COLOR on a terminal', { isTTY: true, env: { NO_COLOR: '1' } }, false],
    ['an empty NO_COLOR (no-color.org: ignored)', { isTTY: true, env: { NO_COLOR: '' } }, true],
    ['TERM=dumb', { isTTY: true, env: { TERM: 'dumb' } }, false],
    ['FORCE_COLOR into a pipe', { isTTY: undefined, env: { FORCE_COLOR: '1' } }, true],
    ['an empty FORCE_COLOR (as in Node)', { isTTY: undefined, env: { FORCE_COLOR: '' } }, true],
    ['FORCE_COLOR over NO_COLOR', { isTTY: false, env: { FORCE_COLOR: '1', NO_COLOR: '1' } }, true],
    ['FORCE_COLOR=0 on a terminal', { isTTY: true, env: { FORCE_COLOR: '0' } }, false],
    ['FORCE_COLOR=false on a terminal', { isTTY: true, env: { FORCE_COLOR: 'false' } }, false],
    ['--no-color on a terminal', { isTTY: true, env: {}, noColorFlag: true }, false],
    [
      '--no-color over FORCE_COLOR',
      { isTTY: true, env: { FORCE_COLOR: '1' }, noColorFlag: true },
      false,
    ],
  ])('%s → %s', (_name, context, expected) => {
    expect(shouldColor(context)).toBe(expected);
  });
});

describe('palette', () => {
  it('wraps text in ANSI codes when enabled', () => {
    expect(palette(true).red('no')).toBe('\u001b[31mno\u001b[39m');
    expect(palette(true).bold('b')).toBe('\u001b[1mb\u001b[22m');
  });

  it('returns text unchanged when disabled, and never wraps an empty string', () => {
    const plain = palette(false);
    for (const paint of Object.values(plain)) expect(paint('text')).toBe('text');
    for (const paint of Object.values(palette(true))) expect(paint('')).toBe('');
  });
});
