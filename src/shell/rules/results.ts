import type { ShellCode } from '../codes.js';
import type { RuleResult } from '../spec.js';

// Small constructors for custom judges, so each reads as its decision.

/**
 * The command is read-only as far as this rule can tell.
 * Shared so custom judges need not rebuild the same object.
 */
export const ok: RuleResult = { kind: 'ok' };

/**
 * A blocked command with its stable code and a reason that tells the model what to do.
 * The reason names the program and the word that made it block.
 */
export function blocked(code: ShellCode, reason: string): RuleResult {
  return { kind: 'block', code, reason };
}
