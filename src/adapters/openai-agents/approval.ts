import type { FunctionCallItem, RunToolApprovalItem } from '@openai/agents';
import {
  type ApprovalDecision,
  approvedPlanMessage,
  handlePlanToolCall,
  type IgnoredReason,
  type Plan,
  type PlanModeState,
  PlanToolNames,
  planPayloadHash,
  rejectedPlanMessage,
  resolveApproval,
  type SessionState,
  type TransitionCode,
  TransitionCodes,
  timedOutPlanMessage,
  toPlan,
} from '../../internal.js';
import { sha256Hex } from '../../sha256.js';
import type { AdapterContext } from './context.js';
import { callName, parseArguments, withoutNulls } from './messages.js';

// The SDK pauses a run on exit_plan_mode (the tool needs approval); planfirst owns the decision.
// A request is issued once, when `run` sees the pause, under an id bound to that SDK call:
// `<hash of the call id and its plan>.<random>`. Any process can then find, from a (restored)
// run's interruption, exactly the request it was issued for in the session's approval history,
// so a decision or a resume never lands on another request, however similar its plan.

/** The part of the SDK's `RunState` the adapter reads and decides on (a `RunState` is one). */
export interface PausedRun {
  getInterruptions(): RunToolApprovalItem[];
  approve(item: RunToolApprovalItem): void;
  reject(item: RunToolApprovalItem, options?: { message?: string }): void;
  /** The SDK's record of decisions on this run (a `RunState` has it; it survives `toString`). */
  readonly _context?: {
    isToolApproved(approval: { toolName: string; callId: string }): boolean | undefined;
  };
}

/** A plan waiting for the user: planfirst's approval id, the plan, and the SDK call it binds. */
export interface PlanApproval {
  approvalId: string;
  plan: Plan;
  callId: string;
}

/**
 * What `decide` did: applied, or refused with the core's reason (`duplicate_decision`,
 * `stale_id`, `approval_timed_out` …) or `no_matching_interruption` (this run is not paused on
 * the request the decision is for); a refusal changes neither the session nor the run.
 */
export type DecideResult =
  | { applied: true; code: TransitionCode }
  | {
      applied: false;
      reason: IgnoredReason | 'no_matching_interruption';
      message: string;
    };

type ExitItem = { item: RunToolApprovalItem; call: FunctionCallItem };

/** The run's exit_plan_mode interruptions. */
export function exitItems(run: PausedRun): ExitItem[] {
  return run.getInterruptions().flatMap((item) => {
    const call = item.rawItem;
    return call.type === 'function_call' && callName(call) === PlanToolNames.exit
      ? [{ item, call }]
      : [];
  });
}

function planInput(call: FunctionCallItem) {
  return withoutNulls(parseArguments(call.arguments), true);
}

function tagOf(call: FunctionCallItem): string {
  const checked = toPlan(planInput(call));
  const hash = checked.ok ? planPayloadHash(checked.value) : 'invalid';
  return sha256Hex(`openai-agents-call:${call.callId}\n${hash}`).slice(0, 32);
}

/** The SDK's own decision on an item of this run: approved, rejected, or none yet. */
export function sdkDecision(run: PausedRun, call: FunctionCallItem): boolean | undefined {
  return run._context?.isToolApproved({ toolName: callName(call), callId: call.callId });
}

/**
 * planfirst's approval id for this call: the request issued for it (by its tag), or none.
 * Fails closed on an ambiguous tag (a provider that reused a call id for the same plan).
 */
export function boundApprovalId(pm: PlanModeState, call: FunctionCallItem): string | undefined {
  const prefix = `${tagOf(call)}.`;
  const ids = new Set<string>();
  if (pm.approvalId?.startsWith(prefix)) ids.add(pm.approvalId);
  for (const record of pm.approvals ?? [])
    if (record.approvalId.startsWith(prefix)) ids.add(record.approvalId);
  return ids.size === 1 ? [...ids][0] : undefined;
}

/** The pending approval this run is paused on, if any: a pure read of the session and the run. */
export function pendingPlanApproval(
  session: SessionState,
  run: PausedRun,
): PlanApproval | undefined {
  const pm = session.planMode;
  if (pm.approval !== 'pending' || pm.approvalId === undefined || pm.plan === undefined)
    return undefined;
  for (const { call } of exitItems(run))
    if (sdkDecision(run, call) === undefined && boundApprovalId(pm, call) === pm.approvalId)
      return { approvalId: pm.approvalId, plan: pm.plan, callId: call.callId };
  return undefined;
}

const alreadyWaiting =
  'This plan is already waiting for the user’s decision under an earlier request; it was not submitted again. Stop here and wait for their answer.';
const ambiguous =
  'planfirst cannot tell this plan request from an earlier one with the same call id, so it was not put up for approval. Call exit_plan_mode again.';

/**
 * Issues the approval requests of a run `run` just saw pause: each exit_plan_mode call without
 * a request yet is put up for approval (planfirst's `requestApproval`, a later plan superseding
 * an earlier one of the same reply). A call planfirst refuses (not in plan mode, an invalid
 * plan, the same plan already waiting) is rejected on the run with planfirst's message, for
 * the model to read when the run goes on.
 */
export function issuePlanApprovals(ctx: AdapterContext, run: PausedRun): void {
  for (const { item, call } of exitItems(run)) {
    if (sdkDecision(run, call) !== undefined) continue;
    const pm = ctx.store.get().planMode;
    if (boundApprovalId(pm, call) !== undefined) continue;
    const prefix = `${tagOf(call)}.`;
    if ((pm.approvals ?? []).some((r) => r.approvalId.startsWith(prefix))) {
      run.reject(item, { message: ambiguous });
      continue;
    }
    const outcome = handlePlanToolCall(
      ctx.store.get(),
      { name: PlanToolNames.exit, input: planInput(call) },
      { now: ctx.now(), options: ctx.options, approvalId: `${prefix}${ctx.newId()}` },
    );
    if (outcome.approval === undefined) {
      run.reject(item, { message: outcome.result.content });
      continue;
    }
    if (outcome.code === TransitionCodes.approvalRepeated) {
      run.reject(item, { message: alreadyWaiting });
      continue;
    }
    ctx.store.set(outcome.state);
    ctx.emit({
      type: 'approval_requested',
      approvalId: outcome.approval.approvalId,
      plan: outcome.approval.plan,
      repeated: false,
    });
  }
}

const superseded =
  'This plan was replaced by a later exit_plan_mode call in the same reply; only the last plan went to the user.';

/**
 * Applies the user's decision to the request this run is paused on and to the run: the core's
 * `resolveApproval` on that request's id (a repeated, stale or timed-out decision changes
 * nothing, here or in the run), then the SDK item is approved (the model then receives the
 * approved plan as the tool's result) or rejected with planfirst's rejected or timed-out
 * message. Other exit_plan_mode calls of the reply are answered as superseded.
 */
export function decide(
  ctx: AdapterContext,
  run: PausedRun,
  decision: ApprovalDecision,
): DecideResult {
  const session = ctx.store.get();
  const pm = session.planMode;
  const id = typeof decision?.approvalId === 'string' ? decision.approvalId : undefined;
  const items = exitItems(run).filter(({ call }) => sdkDecision(run, call) === undefined);
  const bound = items.filter(({ call }) => id !== undefined && boundApprovalId(pm, call) === id);
  const resolved = resolveApproval(session, decision, {
    now: ctx.now(),
    timeoutMs: ctx.options.planMode.approvalTimeoutMs,
  });
  const report = (applied: boolean, code: string) =>
    ctx.emit({
      type: 'approval_resolved',
      approvalId: id ?? '',
      action: decision?.action,
      applied,
      code,
    });
  if (!resolved.applied && resolved.state !== session) {
    // Late: the request timed out instead; the paused calls get the timed-out message.
    const message = timedOutPlanMessage(resolved.state.planMode)?.text;
    for (const { item } of items) run.reject(item, message === undefined ? {} : { message });
    ctx.store.set(resolved.state);
  }
  if (!resolved.applied) {
    report(false, resolved.reason);
    return { applied: false, reason: resolved.reason, message: resolved.message };
  }
  if (bound.length === 0) {
    report(false, 'no_matching_interruption');
    return {
      applied: false,
      reason: 'no_matching_interruption',
      message: 'this run is not paused on the exit_plan_mode call of that approval request',
    };
  }
  const next = resolved.state;
  const { action } = resolved.decision;
  if (action === 'approve' || action === 'edit') {
    for (const { item } of bound) run.approve(item);
  } else {
    const message = (
      rejectedPlanMessage(next.planMode, ctx.options) ?? timedOutPlanMessage(next.planMode)
    )?.text;
    for (const { item } of bound) run.reject(item, message === undefined ? {} : { message });
  }
  for (const { item } of items)
    if (!bound.some((b) => b.item === item)) run.reject(item, { message: superseded });
  ctx.store.set(next);
  report(true, resolved.code);
  return { applied: true, code: resolved.code };
}

/** Why a resumed run may not go on, or undefined when it may. */
export function staleRunReason(session: SessionState, run: PausedRun): string | undefined {
  const pm = session.planMode;
  const items = exitItems(run).map(({ call }) => ({
    sdk: sdkDecision(run, call),
    approvalId: boundApprovalId(pm, call),
  }));
  const current = items.some((i) => i.approvalId !== undefined && i.approvalId === pm.approvalId);
  for (const { sdk, approvalId } of items) {
    if (sdk === undefined)
      return approvalId !== undefined && approvalId === pm.approvalId && pm.approval === 'pending'
        ? 'the run is paused on a plan that waits for a decision: decide it with approve, reject or decide first'
        : 'the run is paused on a plan request that is no longer open';
    if (approvalId === undefined || approvalId !== pm.approvalId) {
      // A call planfirst refused, or one superseded in the same reply: only its rejection
      // belongs to the run, and only next to the call the decision is for.
      if (sdk) return 'the run carries an approval planfirst did not give';
      if (approvalId !== undefined && !current)
        return 'the run is for an earlier plan request; a later one has replaced it';
      continue;
    }
    const decided = pm.approval === 'approved' || pm.approval === 'edited';
    if (pm.approval === 'pending' || sdk !== decided)
      return 'the run does not carry the decision recorded for its plan';
    if (pm.injected === `${pm.approval}:${approvalId}`)
      return 'the decision on this plan was already delivered to the model (a run resumed twice)';
  }
  return undefined;
}

/** The approved-plan text for the exit_plan_mode call a resumed run executes, if approved. */
export function approvedText(session: SessionState): string | undefined {
  return approvedPlanMessage(session.planMode)?.text;
}
