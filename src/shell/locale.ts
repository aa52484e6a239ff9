// Locale values a command may set. The analyzer reads the command as UTF-8 text in which every
// byte below 0x80 is the ASCII character it looks like. Under GBK, GB18030, BIG5, BIG5-HKSCS or
// Shift-JIS a 0x5C byte (`\`) can be the second half of a double-byte character, so bash, sed
// and awk would see other quotes and escapes than the analyzer did. Only locales whose byte
// semantics match the analyzer's may be chosen by the command: C, POSIX and UTF-8 ones.

/** The environment variables whose value selects a locale (and so the byte semantics). */
export function isLocaleVariable(name: string): boolean {
  return name === 'LANG' || name.startsWith('LC_');
}

/**
 * `C`, `POSIX`, or `LANG[_TERRITORY].UTF-8[@modifier]` with the codeset spelled as glibc and
 * macOS accept it (`UTF-8`, `utf8`, any case). Anything else — including an empty value, which
 * falls back to a locale the command does not control — is refused.
 */
export function isSafeLocaleValue(value: string): boolean {
  if (value === 'C' || value === 'POSIX') return true;
  return /^(?:[A-Za-z]{1,8}(?:_[A-Za-z0-9]{1,8})?|C)\.(?:utf-?8)(?:@[A-Za-z0-9]{1,16})?$/i.test(
    value,
  );
}

/** The advice shown when a locale value is refused. */
export function localeAdvice(name: string, value: string): string {
  return `${name}=${value === '' ? "''" : value} may select a multi-byte locale (GBK, BIG5, Shift-JIS …) in which the shell, sed and awk read backslashes and quotes differently than this check; use ${name}=C, ${name}=POSIX or ${name}=C.UTF-8`;
}
