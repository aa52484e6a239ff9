import type { ShellWord } from '../../../src/shell/types.js';

// A tiny stand-in for the shell parser, so rule tests can be written as command lines:
// splits on spaces, honours '…', "…" (no expansions) and backslash escapes, and flags a word
// as a glob when it has an unquoted `*`, `?` or `[`.

/** Splits a test command line into the decoded words bash would pass to the program. */
export function splitWords(line: string): ShellWord[] {
  const words: ShellWord[] = [];
  let current: ShellWord | undefined;
  let quote: '' | "'" | '"' = '';
  const word = (): ShellWord => {
    current ??= { value: '', raw: '', glob: false, quoted: false, tilde: false };
    return current;
  };
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i] ?? '';
    if (quote !== '') {
      const w = word();
      w.raw += ch;
      if (ch === quote) quote = '';
      else w.value += ch;
      continue;
    }
    if (ch === ' ') {
      if (current !== undefined) words.push(current);
      current = undefined;
      continue;
    }
    const w = word();
    w.raw += ch;
    if (ch === "'" || ch === '"') {
      quote = ch;
      w.quoted = true;
    } else if (ch === '\\') {
      const next = line[i + 1] ?? '';
      w.raw += next;
      w.value += next;
      w.quoted = true;
      i += 1;
    } else {
      if (ch === '*' || ch === '?' || ch === '[') w.glob = true;
      if (ch === '~' && w.value === '') w.tilde = true;
      w.value += ch;
    }
  }
  if (current !== undefined) words.push(current);
  return words;
}

/** The words after the program name, as a rule's judge receives them. */
export function argsOf(line: string): ShellWord[] {
  return splitWords(line).slice(1);
}
