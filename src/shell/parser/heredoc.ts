import { ShellCodes } from '../codes.js';
import { reject, show } from './reject.js';
import type { Source } from './source.js';

/** A quoted heredoc whose operator was read and whose body starts after the current line. */
export interface PendingHeredoc {
  /** The delimiter after quote removal. */
  delimiter: string;
  /** `<<-`: leading tabs are stripped from body lines and from the delimiter line. */
  stripTabs: boolean;
}

function stripLeadingTabs(line: string): string {
  let i = 0;
  while (line[i] === '\t') i++;
  return line.slice(i);
}

/**
 * Consumes the bodies of `pending` heredocs, in order, starting at `src.pos` (the start of the
 * line after the operators' line). A quoted body is plain text, so it is skipped, not judged.
 */
export function readHeredocBodies(src: Source, pending: readonly PendingHeredoc[]): void {
  const { text } = src;
  for (const heredoc of pending) {
    for (;;) {
      if (src.pos >= text.length) {
        reject(
          ShellCodes.syntax,
          `the heredoc has no line \`${show(heredoc.delimiter)}\` that ends it; add the terminator line`,
        );
      }
      const newline = text.indexOf('\n', src.pos);
      const lineEnd = newline < 0 ? text.length : newline;
      const line = text.slice(src.pos, lineEnd);
      src.pos = newline < 0 ? text.length : newline + 1;
      if ((heredoc.stripTabs ? stripLeadingTabs(line) : line) === heredoc.delimiter) break;
    }
  }
}
