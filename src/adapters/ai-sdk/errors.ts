import {
  type GateCode,
  type GateDecision,
  type IgnoredReason,
  PlanfirstError,
} from '../../index.js';

/**
 * The adapter's own refusal codes for `exit_plan_mode` (besides gate codes and the core's
 * transition reasons): stable strings hosts can branch on, listed in the README.
 */
export const AiSdkCodes = {
  /** exit_plan_mode ran without a submitted plan (not expected from the SDK's own loop). */
  notSubmitted: 'not_submitted',
  /** The SDK replayed an approved exit_plan_mode, but planfirst recorded no approval for it. */
  noDecision: 'no_decision',
  /** The same plan is already waiting for the user: it is not put up a second time. */
  approvalPending: 'approval_pending',
} as const;
export type AiSdkCode = (typeof AiSdkCodes)[keyof typeof AiSdkCodes];

/**
 * Why planfirst refused a tool call: a gate code, a core transition reason (or a plan tool's
 * `not_allowed` / `not_a_plan_tool`), or the adapter's own.
 */
export type ToolRefusalCode =
  | GateCode
  | IgnoredReason
  | 'not_allowed'
  | 'not_a_plan_tool'
  | AiSdkCode;

/**
 * What a planfirst-managed tool throws when planfirst refuses the call: the gate blocked it in
 * plan mode, or a plan tool's input or timing was wrong. The AI SDK turns the throw into a
 * `tool-error` part and sends the model the error text as an `error-text` tool result; that
 * text is `message` verbatim on AI SDK 6 and 7 (see `toString`).
 */
export class PlanfirstToolError extends PlanfirstError<ToolRefusalCode> {
  /** The gate's full verdict when the gate blocked the call. */
  readonly decision: GateDecision | undefined;
  constructor(code: ToolRefusalCode, message: string, decision?: GateDecision) {
    super(code, message);
    this.decision = decision;
  }
  // AI SDK 7 sends the model `error.toString()` ("Name: message"); planfirst's messages are
  // written for the model as they are, so the text is the message alone on every version.
  override toString(): string {
    return this.message;
  }
}

/** Whether a tool error came from planfirst (a refusal the model should adapt to). */
export function isPlanfirstToolError(error: unknown): error is PlanfirstToolError {
  return error instanceof PlanfirstToolError;
}
