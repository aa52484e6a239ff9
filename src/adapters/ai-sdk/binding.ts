import type { ToolApprovalResponse } from 'ai';
import {
  IgnoredReasons,
  planPayloadHash,
  type ResolvedOptions,
  rejectedPlanMessage,
  type SessionState,
  timedOutPlanMessage,
  toPlan,
} from '../../internal.js';
import type { ApprovalAnswer } from './messages.js';

// How an AI SDK approval answer is tied to planfirst's approval. The SDK's approval ids are not
// from a CSPRNG, so planfirst keeps its own id and binds the SDK's to it through the tool call:
// the call's plan must be exactly the plan in the session (same payload hash) and, when this
// process issued or decided the request, the session's id must be the one recorded for it.

/** The exit_plan_mode call an answer is for, as read from the messages (messages.ts). */
export type ToolCallRef = NonNullable<ApprovalAnswer['toolCall']>;

/** What this process remembers of a call: the planfirst id issued for it, and decided on it. */
export interface CallMemory {
  issued: string | undefined;
  decided: string | undefined;
}

/** planfirst's pending approval id this call's answer may decide, or why it may not. */
export type Binding = { approvalId: string } | { code: string; message: string };

function samePlan(input: unknown, payloadHash: string | undefined): boolean {
  const plan = toPlan(input);
  return plan.ok && planPayloadHash(plan.value) === payloadHash;
}

/** Binds an answer for `call` to the pending approval, or says why it is refused. */
export function bindToPending(state: SessionState, call: ToolCallRef, memory: CallMemory): Binding {
  const pm = state.planMode;
  if (pm.approval !== 'pending' || pm.approvalId === undefined)
    return { code: IgnoredReasons.nothingPending, message: 'no plan is waiting for a decision' };
  if (
    (memory.issued !== undefined && memory.issued !== pm.approvalId) ||
    !samePlan(call.input, pm.payloadHash)
  )
    return {
      code: IgnoredReasons.staleId,
      message: 'the request was for another plan than the one waiting for a decision',
    };
  return { approvalId: pm.approvalId };
}

/**
 * The same answer again for a call already decided (a host retrying a failed call with the
 * same messages): the decision in force and the response as planfirst sent it the first time,
 * so applying twice changes nothing. Undefined when the answer is not a repeat.
 */
export function repeatedAnswer(
  state: SessionState,
  call: ToolCallRef,
  response: ToolApprovalResponse,
  memory: CallMemory,
  options: ResolvedOptions,
): { approvalId: string; code: string; replacement: ToolApprovalResponse } | undefined {
  const pm = state.planMode;
  const approvalId = pm.approvalId;
  if (approvalId === undefined) return undefined;
  if (memory.issued !== undefined && memory.issued !== approvalId) return undefined;
  if (memory.decided !== approvalId && !samePlan(call.input, pm.payloadHash)) return undefined;
  if (response.approved)
    return pm.approval === 'approved' || pm.approval === 'edited'
      ? { approvalId, code: pm.approval, replacement: response }
      : undefined;
  const message = rejectedPlanMessage(pm, options) ?? timedOutPlanMessage(pm);
  return message === undefined
    ? undefined
    : { approvalId, code: pm.approval, replacement: { ...response, reason: message.text } };
}
