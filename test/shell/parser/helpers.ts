import { expect } from 'vitest';
import { parseShell } from '../../../src/shell/parser/index.js';
import type { ParseResult, ShellWord, SimpleCommand } from '../../../src/shell/types.js';

/** Parses `command` and fails the test unless it was accepted. */
export function accepted(command: string): Extract<ParseResult, { ok: true }> {
  const result = parseShell(command);
  if (!result.ok) {
    expect.fail(
      `expected ${JSON.stringify(command)} to parse, got ${result.code}: ${result.reason}`,
    );
  }
  return result;
}

/** The argv of every simple command, in source order. */
export function argvOf(commands: readonly SimpleCommand[]): string[][] {
  return commands.map((command) => command.words.map((word) => word.value));
}

/** The words of the only simple command of `command`. */
export function wordsOf(command: string): ShellWord[] {
  const { commands } = accepted(command);
  expect(commands).toHaveLength(1);
  return commands[0]?.words ?? [];
}
