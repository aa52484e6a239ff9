// A character reader over a sed script that behaves like GNU sed's inchar()/savchar(), plus the
// delimited-text scanner shared by addresses, `s` and `y`. Mirroring GNU's reads step by step
// (including where it pushes a character back) is what keeps our idea of where a regex or a
// text ends identical to sed's.

/**
 * End of script: `next()` returns it without advancing, and `back()` ignores it, as GNU sed's
 * savchar(EOF) does.
 */
export const EOF = '';

/**
 * A cursor over the script text, read the way GNU sed's compiler reads it. `pos` only moves
 * through next()/back() so the reads stay in step with sed's.
 */
export interface SedReader {
  readonly src: string;
  pos: number;
}

/**
 * Reads one character (GNU `inchar`); EOF at the end. Works on UTF-16 units: non-ASCII text is
 * never special to sed, so it only has to pass through.
 */
export function next(r: SedReader): string {
  const ch = r.src[r.pos];
  if (ch === undefined) return EOF;
  r.pos += 1;
  return ch;
}

/**
 * Pushes back the character just read (GNU `savchar`); EOF is never pushed back.
 * Call it only with the last value next() returned.
 */
export function back(r: SedReader, ch: string): void {
  if (ch !== EOF) r.pos -= 1;
}

/**
 * Space or tab, the only blanks GNU sed skips inside a command (`ISBLANK`); a newline ends a
 * command instead.
 */
export function isBlank(ch: string): boolean {
  return ch === ' ' || ch === '\t';
}

/**
 * Reads past blanks and returns the next character (GNU `in_nonblank`); the blanks stay
 * consumed even if the caller pushes that character back.
 */
export function nextNonBlank(r: SedReader): string {
  let ch = next(r);
  while (isBlank(ch)) ch = next(r);
  return ch;
}

/**
 * An ASCII digit (GNU `ISDIGIT`), for line numbers, steps and `s` counts. Takes one
 * character; EOF is not a digit.
 */
export function isDigit(ch: string): boolean {
  return ch >= '0' && ch <= '9';
}

/**
 * Reads the digits starting with `first` and pushes back what follows (GNU `in_integer`).
 * Returns the digits (empty when `first` is not one), since only zero versus non-zero matters.
 */
export function readDigits(r: SedReader, first: string): string {
  let digits = '';
  let ch = first;
  while (isDigit(ch)) {
    digits += ch;
    ch = next(r);
  }
  back(r, ch);
  return digits;
}

/**
 * Why a delimited part did not end where sed would end it: it ran out, or its end depends on the
 * installed sed version.
 */
export type DelimitedFailure = 'unterminated' | 'version-dependent';

/**
 * Reads up to and including the closing `delim` (GNU `match_slash`): `\` escapes the next
 * character (a backslash-newline is part of the text), and in a regex a bracket expression hides
 * delimiters. Returns a failure when the text ends first, or when it holds `\c` before a
 * character that GNU sed versions disagree about (4.9 reads `\c` as two characters, later
 * releases read `\cX` as one), since then the end depends on the installed sed.
 */
export function readDelimited(
  r: SedReader,
  delim: string,
  regex: boolean,
): DelimitedFailure | undefined {
  for (;;) {
    let ch = next(r);
    if (ch === EOF || ch === '\n') return 'unterminated';
    if (ch === delim) return undefined;
    if (ch === '\\') {
      ch = next(r);
      if (ch === EOF) return 'unterminated';
      if (regex && ch === 'c') {
        const after = r.src[r.pos] ?? EOF;
        if (after === EOF || after === '\n' || after === delim || after === '\\' || after === '[')
          return 'version-dependent';
      }
    } else if (ch === '[' && regex) {
      if (readBracket(r) !== ']') return 'unterminated';
    }
  }
}

/**
 * Reads a bracket expression after its `[` (GNU `snarf_char_class`): a leading `^` and `]` are
 * literal, `[:…:]`, `[.….]` and `[=…=]` may contain `]`. Returns the closing `]`, or the
 * newline/EOF that ended the regex too early.
 */
function readBracket(r: SedReader): string {
  let ch = next(r);
  if (ch === '^') ch = next(r);
  if (ch === ']') ch = next(r);
  // 0: plain; 1: just after `[`; 2: inside `[:`/`[.`/`[=`; 3: just after the closing `:`/`.`/`=`.
  let state = 0;
  let classDelim = '';
  for (; ; ch = next(r)) {
    if (ch === EOF || ch === '\n') return ch;
    if (ch === '.' || ch === ':' || ch === '=') {
      if (state === 1) {
        classDelim = ch;
        state = 2;
        continue;
      }
      if (state === 2 && ch === classDelim) {
        state = 3;
        continue;
      }
    } else if (ch === '[') {
      if (state === 0) state = 1;
      continue;
    } else if (ch === ']') {
      if (state === 0 || state === 1) return ch;
      if (state === 3) state = 0;
    }
    // Any other character leaves state 1 for 0 and state 3 for 2.
    state &= ~1;
  }
}
