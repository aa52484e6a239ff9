import type { ShellWord } from '../../../src/shell/types.js';

// Test stand-in for the parser that understands just enough quoting for rule tables to read
// like real commands: words split on spaces, '…' and "…" (no escapes inside) keep spaces and
// protect `* ? [ ~`. An unquoted `*`, `?` or `[` marks a glob, a leading unquoted `~` a tilde.

/** The words of a command line, decoded as bash would for this small subset. */
export function quotedWords(line: string): ShellWord[] {
  const out: ShellWord[] = [];
  let current: ShellWord | undefined;
  let quote: string | undefined;
  for (const ch of line) {
    if (quote !== undefined && current !== undefined) {
      if (ch === quote) {
        quote = undefined;
        current.raw += ch;
      } else add(current, ch, ch);
      continue;
    }
    if (ch === ' ') {
      if (current !== undefined) out.push(current);
      current = undefined;
      continue;
    }
    current ??= { value: '', raw: '', glob: false, quoted: false, tilde: false };
    if (ch === "'" || ch === '"') {
      quote = ch;
      current.quoted = true;
      current.raw += ch;
      continue;
    }
    if (ch === '*' || ch === '?' || ch === '[') current.glob = true;
    if (ch === '~' && current.value === '') current.tilde = true;
    add(current, ch, ch);
  }
  if (quote !== undefined) throw new Error(`unclosed quote in ${line}`);
  if (current !== undefined) out.push(current);
  return out;
}

function add(word: ShellWord, value: string, raw: string): void {
  word.value += value;
  word.raw += raw;
}
