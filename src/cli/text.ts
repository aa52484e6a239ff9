// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes start with ESC
const ansiCodes = /\u001b\[\d+m/g;

/**
 * The width text takes on a terminal: its length without ANSI colour codes. Assumes one
 * column per UTF-16 unit, which holds for the CLI's own text.
 */
export function visibleLength(text: string): number {
  return text.replace(ansiCodes, '').length;
}

/**
 * Breaks text into lines of at most `width` visible characters at spaces (a longer word stays
 * whole), so coloured and plain output wrap alike. Existing line breaks are kept.
 */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      if (line === '') line = word;
      else if (visibleLength(line) + 1 + visibleLength(word) <= width) line = `${line} ${word}`;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

/**
 * Cuts a single line of plain text (colour it afterwards) to `width` characters, marking the
 * cut with an ellipsis.
 */
export function clip(line: string, width: number): string {
  return line.length <= width ? line : `${line.slice(0, Math.max(0, width - 1))}…`;
}

/**
 * The first sentence of a message, up to a full stop followed by a capital: the part of a
 * gate message that says what was blocked and why.
 */
export function firstSentence(text: string): string {
  const match = /\.\s+[A-Z]/.exec(text);
  return match === null ? text : text.slice(0, match.index + 1);
}
