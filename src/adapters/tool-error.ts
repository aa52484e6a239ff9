import {
  type GateCode,
  type GateDecision,
  type IgnoredReason,
  PlanfirstError,
  type PlanToolCode,
} from '../index.js';

/**
 * Why planfirst refused a tool call: a gate code, a core transition reason, a plan tool's
 * refusal (`PlanToolCodes`), or an adapter's own (`approval_pending`, …).
 */
export type ToolRefusalCode =
  | GateCode
  | IgnoredReason
  | PlanToolCode
  | 'not_submitted'
  | 'no_decision'
  | 'approval_pending';

/**
 * What a planfirst-managed tool throws when planfirst refuses the call: the gate blocked it in
 * plan mode, or a plan tool's input or timing was wrong. The SDK turns the throw into an error
 * result for the model, whose text is `message` verbatim (see `toString`).
 */
export class PlanfirstToolError extends PlanfirstError<ToolRefusalCode> {
  override name = 'PlanfirstToolError';
  /** The gate's full verdict when the gate blocked the call. */
  readonly decision: GateDecision | undefined;
  constructor(code: ToolRefusalCode, message: string, decision?: GateDecision) {
    super(code, message);
    this.decision = decision;
  }
  // Some SDKs (AI SDK 7) send the model `error.toString()` ("Name: message"); planfirst's
  // messages are written for the model as they are, so the text is the message alone.
  override toString(): string {
    return this.message;
  }
}

/** Whether a tool error came from planfirst (a refusal the model should adapt to). */
export function isPlanfirstToolError(error: unknown): error is PlanfirstToolError {
  return error instanceof PlanfirstToolError;
}
