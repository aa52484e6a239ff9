import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../src/shell/analyze.js';
import { isSafeLocaleValue } from '../../src/shell/locale.js';

// Under GBK, GB18030, BIG5, BIG5-HKSCS or Shift-JIS a backslash byte can be the second byte of
// a character, so bash, sed and awk would see a program the analyzer never judged. A command
// may only choose C, POSIX or a UTF-8 locale, in every way it can set one.

const names = [
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'LC_COLLATE',
  'LC_MESSAGES',
  'LC_NUMERIC',
  'LC_TIME',
  'LC_FOO',
];
const unsafe = [
  'zh_CN.GBK',
  'zh_CN.gbk',
  'zh_CN.GB18030',
  'zh_CN.gb18030',
  'zh_TW.BIG5',
  'zh_TW.Big5',
  'zh_HK.BIG5-HKSCS',
  'ja_JP.SJIS',
  'ja_JP.Shift_JIS',
  'ja_JP.sjis',
  'zh_CN',
  'ja_JP',
  'en_US',
  'en_US.ISO-8859-1',
  'zh_CN.GBK@euro',
  'C.GBK',
  'UTF-8',
  'en_US.UTF-8.GBK',
  'en_US.UTF-8 ',
  '',
  '/usr/share/locale/zh_CN.GBK',
  '../zh_CN.UTF-8',
];
const safe = [
  'C',
  'POSIX',
  'C.UTF-8',
  'C.utf8',
  'en_US.UTF-8',
  'en_US.utf8',
  'en_US.Utf-8',
  'de_DE.UTF-8@euro',
  'zh_CN.UTF-8',
];

/** Every way a command can set a locale variable: prefix, quoted, escaped, through env. */
function forms(name: string, value: string): string[] {
  return [
    `${name}=${value === '' ? '' : `'${value}'`} sort f`,
    `${name}="${value}" grep -n x f`,
    `${name}=${value.replaceAll(/([^A-Za-z0-9])/g, '\\$1')} sed -n 1p f`,
    `LANG=C ${name}='${value}' awk '{print}' f`,
    `env ${name}='${value}' ls`,
    `env LANG=C '${name}=${value}' sort f`,
    `bash -c "${name}='${value}' sort f"`,
    `timeout 5 env ${name}='${value}' ls`,
  ];
}

describe('locale-valued prefixes', () => {
  it.each(names.flatMap((n) => unsafe.flatMap((v) => forms(n, v))))('%j is refused', (c) => {
    const v = analyzeShellCommand(c);
    expect(v.readOnly, v.reason).toBe(false);
    expect(v.code).toBe('unsafe_locale');
    expect(v.reason).toContain('C.UTF-8');
  });

  it.each(names.flatMap((n) => safe.flatMap((v) => forms(n, v))))('%j is allowed', (c) => {
    const v = analyzeShellCommand(c);
    expect(v, v.reason).toMatchObject({ readOnly: true });
  });

  it('leaves LANGUAGE (message catalogs only) alone', () => {
    expect(analyzeShellCommand('LANGUAGE=zh_CN:ja sort f').readOnly).toBe(true);
  });

  it('accepts only C, POSIX and UTF-8 codesets, whatever the string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), (value) => {
        if (!isSafeLocaleValue(value)) return;
        expect(value === 'C' || value === 'POSIX' || /\.utf-?8(@[A-Za-z0-9]+)?$/i.test(value)).toBe(
          true,
        );
        expect(value).not.toMatch(/[/\s]/);
      }),
      { seed: 11, numRuns: 2000 },
    );
  });
});
