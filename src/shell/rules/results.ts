import type { ShellCode } from '../codes.js';
import type { RuleResult } from '../spec.js';

// Small constructors for custom judges, so each reads as its decision.

/** The command is read-only as far as this rule can tell. */
export const ok: RuleResult = { kind: 'ok' };

/** A blocked command with its stable code and a reason that tells the model what to do. */
export function blocked(code: ShellCode, reason: string): RuleResult {
  return { kind: 'block', code, reason };
}
