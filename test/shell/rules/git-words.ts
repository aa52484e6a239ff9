import type { ShellWord } from '../../../src/shell/types.js';

// Test stand-in for the parser, enough for git command lines: words split on spaces, a
// 'single-quoted' part may contain spaces and is never a glob; an unquoted `*`, `?` or `[`
// marks the word as a glob, as the parser would.

/** The decoded words of a command line (the program name included). */
export function argv(text: string): ShellWord[] {
  const out: ShellWord[] = [];
  let value = '';
  let raw = '';
  let quoted = false;
  let glob = false;
  let inQuote = false;
  let started = false;
  const flush = (): void => {
    if (started) out.push({ value, raw, glob, quoted, tilde: false });
    value = '';
    raw = '';
    quoted = false;
    glob = false;
    started = false;
  };
  for (const char of text) {
    if (char === "'") {
      inQuote = !inQuote;
      quoted = true;
      started = true;
      raw += char;
      continue;
    }
    if (char === ' ' && !inQuote) {
      flush();
      continue;
    }
    if (!inQuote && (char === '*' || char === '?' || char === '[')) glob = true;
    value += char;
    raw += char;
    started = true;
  }
  flush();
  return out;
}
