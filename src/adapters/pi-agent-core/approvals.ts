import {
  type ApprovalDecision,
  type IgnoredReason,
  type PlanMessage,
  resolveApproval,
  type TransitionCode,
  takeDecisionMessage,
} from '../../index.js';
import { waitForAnswer } from '../../internal.js';
import type { AdapterContext } from './context.js';
import type { PiApprovalContext, PiApprovalHandler, PiApprovalRequest } from './types.js';

/**
 * What asking the host's handler produced. Abort and failure are values, not exceptions, so
 * the turn-end listener (which pi awaits) never throws into pi's loop.
 */
export type HandlerAnswer =
  | { kind: 'decision'; decision: ApprovalDecision }
  | { kind: 'aborted' }
  | { kind: 'failed'; message: string };

/**
 * Awaits the host's approval handler for the pending plan, turning `approvalTimeoutMs` into a
 * `timeout` decision. An abort or a throwing handler leaves the plan pending (parked): the
 * host can still decide it later with resolveApproval().
 */
export async function askHandler(
  handler: PiApprovalHandler,
  request: PiApprovalRequest,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<HandlerAnswer> {
  const approvalId = request.approvalId;
  // `{ signal }` like runAgent's handlers, and still the signal itself for `(request, signal)`.
  const context = Object.assign(AbortSignal.any([signal]), { signal }) as PiApprovalContext;
  const outcome = await waitForAnswer(() => handler(request, context), timeoutMs, signal);
  switch (outcome.kind) {
    case 'answer':
      return { kind: 'decision', decision: { ...outcome.value, approvalId } };
    case 'failed': {
      const { error } = outcome;
      return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
    case 'timed_out':
      return { kind: 'decision', decision: { action: 'timeout', approvalId } };
    case 'aborted':
      return { kind: 'aborted' };
  }
}

/**
 * What applying a decision did: the transition and the message still owed to the model, which
 * the caller delivers (followUp() mid-run, or prompt() on an idle agent).
 */
export type AppliedDecision =
  | { applied: true; code: TransitionCode; message?: PlanMessage }
  | { applied: false; reason: IgnoredReason; message: string };

/**
 * Applies a decision to the stored session and takes the decision message to inject (each is
 * taken exactly once). A stale or invalid decision changes nothing and says why.
 */
export function applyDecision(ctx: AdapterContext, decision: ApprovalDecision): AppliedDecision {
  const state = ctx.store.get();
  const result = resolveApproval(state, decision, {
    now: ctx.now(),
    timeoutMs: ctx.options.planMode.approvalTimeoutMs,
  });
  const approvalId = typeof decision?.approvalId === 'string' ? decision.approvalId : '';
  const action = decision?.action;
  if (!result.applied) {
    // A late decision timed the request out: that is saved, the decision is not.
    if (result.state !== state) ctx.store.set(result.state);
    ctx.emit({
      type: 'approval_resolved',
      approvalId,
      action,
      applied: false,
      code: result.reason,
    });
    return { applied: false, reason: result.reason, message: result.message };
  }
  const taken = takeDecisionMessage(result.state, ctx.options);
  ctx.store.set(taken.state);
  ctx.emit({ type: 'approval_resolved', approvalId, action, applied: true, code: result.code });
  return {
    applied: true,
    code: result.code,
    ...(taken.message ? { message: taken.message } : {}),
  };
}
