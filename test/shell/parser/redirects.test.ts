import { describe, expect, it } from 'vitest';
import { parseShell } from '../../../src/shell/parser/index.js';
import { heredocCases, redirectCases } from './cases.js';
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
  const cases: [string, string[]][] = [
    ['ls 2>/dev/null', ['2>/dev/null']],
    ['ls 2> /dev/null >&2', ['2> /dev/null', '>&2']],
    ['cat < "a b" <<< x', ['< "a b"', '<<< x']],
    [`cat <<'EOF'\nbody\nEOF`, [`<<'EOF'`]],
    ['ls&>/dev/null', ['&>/dev/null']],
  ];
  it.each(cases)('%s', (command, raws) => {
    expect(accepted(command).commands[0]?.redirects.map((r) => r.raw)).toEqual(raws);
  });
});

describe('the fd number must touch the operator and be unquoted', () => {
  it('treats a separated or quoted number as an argument', () => {
    expect(argvOf(accepted('ls 2 >/dev/null "1">/dev/null').commands)).toEqual([['ls', '2', '1']]);
  });

  it('judges the fd when it touches the operator', () => {
    expect(parseShell('ls 3>/dev/null')).toMatchObject({ code: 'redirect_unsupported' });
    expect(parseShell('ls 12>&1')).toMatchObject({ code: 'redirect_unsupported' });
  });
});

describe('heredoc bodies follow the line of their operator', () => {
  it('does not read commands from a body', () => {
    const { commands } = accepted(`cat <<'A'\nrm -rf /\nA\nls`);
    expect(argvOf(commands)).toEqual([['cat'], ['ls']]);
  });

  it('reads several bodies in operator order', () => {
    const { commands } = accepted(`cat <<'A' && cat <<-'B'\nB\nA\n\tB\npwd`);
    expect(argvOf(commands)).toEqual([['cat'], ['cat'], ['pwd']]);
  });

  it('starts bodies only at a newline token, not one inside quotes', () => {
    expect(argvOf(accepted(`cat <<'E' 'x\ny'\nbody\nE`).commands)).toEqual([['cat', 'x\ny']]);
  });

  it('strips leading tabs but not spaces for <<-', () => {
    expect(parseShell(`cat <<-'E'\n\tE`).ok).toBe(true);
    expect(parseShell(`cat <<-'E'\n  E`)).toMatchObject({ code: 'syntax_error' });
  });
});
