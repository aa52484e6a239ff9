import type { GateDecision } from '../../index.js';

/**
 * The adapter's own refusal codes for `exit_plan_mode` (besides gate codes and the plan tools'
 * transition reasons): stable strings hosts can branch on, listed in the README.
 */
export const AiSdkCodes = {
  /** exit_plan_mode ran without a submitted plan (not expected from the SDK's own loop). */
  notSubmitted: 'not_submitted',
  /** The SDK replayed an approved exit_plan_mode, but planfirst recorded no approval for it. */
  noDecision: 'no_decision',
} as const;

/**
 * What a planfirst-managed tool throws when planfirst refuses the call: the gate blocked it in
 * plan mode, or a plan tool's input or timing was wrong. The AI SDK turns the throw into a
 * `tool-error` part and sends the model `message` verbatim as an `error-text` tool result.
 */
export class PlanfirstToolError extends Error {
  /** The gate code (`not_read_only`, `shell_not_read_only`, …) or the plan tool's reason. */
  readonly code: string;
  /** The gate's full verdict when the gate blocked the call. */
  readonly decision: GateDecision | undefined;
  constructor(code: string, message: string, decision?: GateDecision) {
    super(message);
    this.name = 'PlanfirstToolError';
    this.code = code;
    this.decision = decision;
  }
}

/** Whether a tool error came from planfirst (a refusal the model should adapt to). */
export function isPlanfirstToolError(error: unknown): error is PlanfirstToolError {
  return error instanceof PlanfirstToolError;
}
