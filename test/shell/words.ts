import type { ShellWord } from '../../src/shell/types.js';

// Test stand-in for the parser: plain words, no quoting. A word containing `*`, `?` or `[`
// is marked as an unquoted glob, as the parser would mark it.

/** One plain word; `glob` follows the text unless overridden. */
export function word(value: string, overrides: Partial<ShellWord> = {}): ShellWord {
  const glob = value.includes('*') || value.includes('?') || value.includes('[');
  return { value, raw: value, glob, quoted: false, tilde: false, ...overrides };
}

/** Splits on single spaces into plain words (empty text → no words). */
export function words(text: string): ShellWord[] {
  return text === '' ? [] : text.split(' ').map((part) => word(part));
}
