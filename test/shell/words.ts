import { parseShell } from '../../src/shell/parser/index.js';
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

/**
 * The decoded words of one simple command, as the real parser reads a command line (quotes,
 * escapes, glob and tilde flags). Rule tables are written as command lines with it.
 */
export function commandWords(line: string): ShellWord[] {
  const parsed = parseShell(line);
  if (!parsed.ok) throw new Error(`test command does not parse: ${line} (${parsed.reason})`);
  const [command, ...rest] = parsed.commands;
  if (command === undefined || rest.length > 0)
    throw new Error(`test command must be one simple command: ${line}`);
  return command.words;
}

/** The words after the program name, as a rule's judge receives them. */
export function argsOf(line: string): ShellWord[] {
  return commandWords(line).slice(1);
}
