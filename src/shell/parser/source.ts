/** The script text and a read position; shared by the lexer, word reader and heredoc reader. */
export interface Source {
  readonly text: string;
  pos: number;
}

/** Characters that end an unquoted word in bash (`metacharacters` plus newline). */
export function isMetachar(char: string | undefined): boolean {
  switch (char) {
    case ' ':
    case '\t':
    case '\n':
    case ';':
    case '&':
    case '|':
    case '(':
    case ')':
    case '<':
    case '>':
      return true;
    default:
      return false;
  }
}

/**
 * Skips spaces, tabs and line continuations (`\` + newline), which bash removes before it
 * splits words, so `ls \<newline> -la` has two words.
 */
export function skipBlanks(src: Source): void {
  const { text } = src;
  // Char codes, not one-character strings: at the end of the text a code is NaN, which compares
  // as a number, where `undefined` would make every comparison here a generic one.
  for (;;) {
    const code = text.charCodeAt(src.pos);
    if (code === 0x20 || code === 0x09) src.pos++;
    else if (code === 0x5c && text.charCodeAt(src.pos + 1) === 0x0a) src.pos += 2;
    else return;
  }
}

/** A whole word of ASCII digits (an fd number, as bash reads one), without a regex. */
export function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}
