import type { FunctionCallItem, RunToolApprovalItem } from '@openai/agents';
import {
  type ApprovalDecision,
  handlePlanToolCall,
  type Plan,
  PlanToolNames,
  planPayloadHash,
  resolveApproval,
  takeDecisionMessage,
  toPlan,
} from '../../internal.js';
import type { AdapterContext } from './context.js';
import { callName, parseArguments, withoutNulls } from './messages.js';

// The SDK pauses a run on exit_plan_mode (the tool needs approval); planfirst owns the
// decision. An SDK approval item is bound to planfirst's approval id through the plan itself:
// the item whose plan hashes to the pending payload hash is the one the id was issued for.

/** The part of the SDK's `RunState` the binding needs (a `RunState` is one). */
export interface PausedRun {
  getInterruptions(): RunToolApprovalItem[];
  approve(item: RunToolApprovalItem): void;
  reject(item: RunToolApprovalItem, options?: { message?: string }): void;
}

/** A plan waiting for the user: planfirst's approval id, the plan, and the SDK call it binds. */
export interface PlanApproval {
  approvalId: string;
  plan: Plan;
  callId: string;
}

/** What `decide` did: applied, or ignored with planfirst's reason (state and run unchanged). */
export type DecideResult =
  | { applied: true; code: string }
  | { applied: false; reason: string; message: string };

type ExitItem = { item: RunToolApprovalItem; call: FunctionCallItem };

function exitItems(run: PausedRun): ExitItem[] {
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

function planHash(call: FunctionCallItem): string | undefined {
  const checked = toPlan(planInput(call));
  return checked.ok ? planPayloadHash(checked.value) : undefined;
}

// Calls this adapter already decided on a paused run, so that binding the same run again
// before it resumes cannot put a rejected plan up for approval a second time.
const decided = new WeakMap<PausedRun, Set<string>>();

function markDecided(run: PausedRun, call: FunctionCallItem): void {
  const set = decided.get(run) ?? new Set();
  set.add(call.callId);
  decided.set(run, set);
}

/**
 * Puts the plan of a run paused on exit_plan_mode up for approval (planfirst's
 * `requestApproval`, through `handlePlanToolCall`) and returns it with its approval id; calling
 * it again for the same paused run returns the same id. A call planfirst refuses (not in plan
 * mode, invalid plan) is rejected on the run with planfirst's message, for the model to read
 * when the run resumes. Undefined when no plan waits.
 */
export function bindPlanApproval(ctx: AdapterContext, run: PausedRun): PlanApproval | undefined {
  let approval: PlanApproval | undefined;
  for (const { item, call } of exitItems(run)) {
    if (decided.get(run)?.has(call.callId)) continue;
    const outcome = handlePlanToolCall(
      ctx.store.get(),
      { name: PlanToolNames.exit, input: planInput(call) },
      { now: ctx.now(), options: ctx.options },
    );
    if (outcome.approval === undefined) {
      run.reject(item, { message: outcome.result.content });
      markDecided(run, call);
      continue;
    }
    ctx.store.set(outcome.state);
    approval = {
      approvalId: outcome.approval.approvalId,
      plan: outcome.approval.plan,
      callId: call.callId,
    };
  }
  return approval;
}

const superseded =
  'This plan was replaced by a later exit_plan_mode call in the same reply; only the last plan went to the user.';

/**
 * Applies the user's decision to the pending plan and to the paused run: planfirst's
 * `resolveApproval` first (a stale or unknown id changes nothing, here or in the run), then
 * the SDK item bound to the approval id is approved (the model then receives the approved
 * plan as the tool's result and executes) or rejected with planfirst's rejected or timed-out
 * message (feedback quoted; plan mode stays on). Resume the run afterwards.
 */
export function decide(
  ctx: AdapterContext,
  run: PausedRun,
  decision: ApprovalDecision,
): DecideResult {
  const session = ctx.store.get();
  const pm = session.planMode;
  const items = exitItems(run).filter(({ call }) => !decided.get(run)?.has(call.callId));
  const bound = items.filter(
    ({ call }) => pm.approval === 'pending' && planHash(call) === pm.payloadHash,
  );
  if (pm.approval === 'pending' && bound.length === 0)
    return {
      applied: false,
      reason: 'no_matching_interruption',
      message: 'this run is not paused on the exit_plan_mode call of the pending plan',
    };
  const resolved = resolveApproval(session, decision, { now: ctx.now() });
  if (!resolved.applied)
    return { applied: false, reason: resolved.reason, message: resolved.message };

  let next = resolved.state;
  const { action } = resolved.decision;
  if (action === 'approve' || action === 'edit') {
    for (const { item } of bound) run.approve(item);
  } else {
    const taken = takeDecisionMessage(next, ctx.options);
    next = taken.state;
    const message = taken.message?.text;
    for (const { item } of bound) run.reject(item, message === undefined ? {} : { message });
  }
  for (const { item, call } of items) {
    if (!bound.some((b) => b.item === item)) run.reject(item, { message: superseded });
    markDecided(run, call);
  }
  ctx.store.set(next);
  return { applied: true, code: resolved.code };
}
