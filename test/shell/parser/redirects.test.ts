import { describe, expect, it } from 'vitest';
import { parseShell } from '../../../src/shell/parser/index.js';
import { heredocCases, redirectCases, redirectRawCases } from './cases/index.js';
import { accepted, argvOf } from './helpers.js';

describe('accepted redirections leave the argv untouched', () => {
  it.each(redirectCases)('$command', ({ command, argv }) => {
    expect(argvOf(accepted(command).commands)).toEqual(argv);
  });
});

describe('quoted heredocs: bodies are skipped, never parsed', () => {
  it.each(heredocCases)('$command', ({ command, argv }) => {
    expect(argvOf(accepted(command).commands)).toEqual(argv);
  });
});

describe('redirections are kept as source text for logs', () => {
  it.each(redirectRawCases)('%s', (command, raws) => {
    expect(accepted(command).commands[0]?.redirects.map((r) => r.raw)).toEqual(raws);
  });
});

describe('the fd number must touch the operator and be unquoted', () => {
  it.each([
    ['ls 3>/dev/null', 'redirect_unsupported'],
    ['ls 12>&1', 'redirect_unsupported'],
    ['ls 2>out', 'redirect_write'],
  ])('judges the fd of %s', (command, code) => {
    expect(parseShell(command)).toMatchObject({ ok: false, code });
  });
});

describe('heredoc terminators', () => {
  it('strip leading tabs but not spaces for <<-', () => {
    expect(parseShell(`cat <<-'E'\n  E`)).toMatchObject({ code: 'syntax_error' });
  });
});
