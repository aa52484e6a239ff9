import { expect } from 'vitest';
import { type ParseLimits, parseShell } from '../../../src/shell/parser/index.js';
import type { ParseResult, SimpleCommand } from '../../../src/shell/types.js';

/** Parses `command` and fails the test unless it was accepted. */
export function accepted(
  command: string,
  limits?: Partial<ParseLimits>,
): Extract<ParseResult, { ok: true }> {
  const result = parseShell(command, limits);
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
