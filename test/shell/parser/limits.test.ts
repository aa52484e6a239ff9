import { describe, expect, it } from 'vitest';
import { checkInputLimits, parseShell } from '../../../src/shell/parser/index.js';

describe('checkInputLimits judges the raw text first', () => {
  it('accepts tab, newline and ordinary non-ASCII letters', () => {
    expect(checkInputLimits("ls\t-la\ngrep 'café' 日本")).toBeUndefined();
  });

  it.each([
    ['\0', 'control_character'],
    ['\r', 'control_character'],
    ['\x1b', 'control_character'],
    ['\x7f', 'control_character'],
    ['\u0080', 'control_character'],
    ['\u009f', 'control_character'],
    ['\u00a0', 'invisible_character'],
    ['\u1680', 'invisible_character'],
    ['\u2007', 'invisible_character'],
    ['\u200d', 'invisible_character'],
    ['\u2028', 'invisible_character'],
    ['\u202a', 'invisible_character'],
    ['\u205f', 'invisible_character'],
    ['\ufeff', 'invisible_character'],
    ['\ufff9', 'invisible_character'],
    ['\u{f0000}', 'invisible_character'],
    ['\u{e0020}', 'invisible_character'],
    ['\udbff', 'invisible_character'],
  ])('rejects %j anywhere in the text', (char, code) => {
    expect(checkInputLimits(`ls ${char}x`)?.code).toBe(code);
    expect(checkInputLimits(`echo '${char}'`)?.code).toBe(code);
  });

  it('reports the offset and code point of the first offending character', () => {
    expect(checkInputLimits('ls\u200b-la')?.reason).toMatch(/U\+200B at offset 2/);
  });

  it('counts UTF-8 bytes against the 8 KiB limit', () => {
    expect(checkInputLimits(`echo ${'a'.repeat(8187)}`)).toBeUndefined();
    expect(checkInputLimits(`echo ${'a'.repeat(8188)}`)?.code).toBe('input_too_long');
    expect(checkInputLimits('é'.repeat(4096))).toBeUndefined();
    expect(checkInputLimits('é'.repeat(4097))?.code).toBe('input_too_long');
    expect(checkInputLimits('😀'.repeat(2049))?.code).toBe('input_too_long');
  });

  it('calls blank-only text empty', () => {
    expect(checkInputLimits(' \t\n')?.code).toBe('empty_command');
    expect(checkInputLimits('')?.code).toBe('empty_command');
  });

  it('is applied by parseShell before parsing', () => {
    expect(parseShell('ls $HOME\0')).toMatchObject({ ok: false, code: 'control_character' });
    expect(parseShell(`ls ${'$'.repeat(9000)}`)).toMatchObject({ code: 'input_too_long' });
  });
});

// How fast these are answered is measured in bench/worst-case-inputs.bench.ts; here, that
// they are answered at all (no stack overflow, no exception) and how.
describe('adversarial inputs at and over the limits', () => {
  const oneMiB = 1024 * 1024;
  const inputs: [string, string][] = [
    ['letters', 'a'.repeat(oneMiB)],
    ['open braces', '{'.repeat(oneMiB)],
    ['multibyte', 'é'.repeat(oneMiB / 2)],
    ['quotes', '"'.repeat(oneMiB)],
  ];
  it.each(inputs)('rejects 1 MiB of %s by its size', (_name, input) => {
    expect(parseShell(input)).toMatchObject({ ok: false, code: 'input_too_long' });
  });

  const limit: [string, string][] = [
    ['braces', `echo ${'{'.repeat(8000)}`],
    ['brackets', `echo ${'['.repeat(8000)}`],
    ['assignment-like tildes', `echo a=${':~'.repeat(4000)}`],
    ['heredoc lines', `cat <<'E'\n${'x\n'.repeat(4000)}E`],
    ['words', 'a '.repeat(4000)],
    ['nested parens', '('.repeat(8000)],
    ['continuations', 'ls \\\n'.repeat(1600)],
  ];
  it.each(limit)('answers an 8 KiB worst case of %s with a verdict', (_name, input) => {
    const result = parseShell(input);
    expect(typeof result.ok).toBe('boolean');
  });
});
