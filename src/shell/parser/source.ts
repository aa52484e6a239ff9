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
  for (;;) {
    const char = text[src.pos];
    if (char === ' ' || char === '\t') src.pos++;
    else if (char === '\\' && text[src.pos + 1] === '\n') src.pos += 2;
    else return;
  }
}
