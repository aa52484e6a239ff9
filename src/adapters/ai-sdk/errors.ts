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

export {
  isPlanfirstToolError,
  PlanfirstToolError,
  type ToolRefusalCode,
} from '../tool-error.js';
