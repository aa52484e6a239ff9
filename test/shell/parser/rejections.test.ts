import { describe, expect, it } from 'vitest';
import { ShellCodes } from '../../../src/shell/codes.js';
import { parseShell } from '../../../src/shell/parser/index.js';
import { rejectCases } from './cases/index.js';

const codes = [...new Set(rejectCases.map((c) => c.code))];

describe.each(codes)('rejected with %s', (code) => {
  const cases = rejectCases.filter((c) => c.code === code);
  it.each(cases)('$command', ({ command }) => {
    const result = parseShell(command);
    expect(result).toMatchObject({ ok: false, code });
  });
});

describe('reasons tell the model what to do instead', () => {
  it.each(rejectCases)('$command has a one-line reason', ({ command }) => {
    const result = parseShell(command);
    if (result.ok) expect.fail('accepted');
    expect(result.reason.length).toBeGreaterThan(20);
    expect(result.reason).not.toMatch(/[\n\r]/);
  });

  const advice: [string, RegExp][] = [
    ['echo $HOME', /printenv HOME instead of \$HOME/],
    ['ls > notes.txt', /drop the redirect to a file/],
    ['ls &', /run it in the foreground/],
    ['ls *(.)', /syntax error.*quote the pattern/],
    ['cat file{1,2}.txt', /quote the braces/],
    ['cat <<EOF\nx\nEOF', /<<'EOF'/],
    ['ls # && rm -rf /', /own line/],
    ['ls\u00a0-la', /U\+00A0/],
  ];
  it.each(advice)('%s', (command, pattern) => {
    const result = parseShell(command);
    expect(result.ok ? '' : result.reason).toMatch(pattern);
  });

  it('uses only codes from codes.ts', () => {
    const known = new Set<string>(Object.values(ShellCodes));
    for (const { command } of rejectCases) {
      const result = parseShell(command);
      expect(known.has(result.ok ? '' : result.code)).toBe(true);
    }
  });
});
