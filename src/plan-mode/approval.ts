import { canonicalJson } from '../canonical-json.js';
import type { JsonValue } from '../json.js';
import type { SessionState } from '../session.js';
import { sha256Hex } from '../sha256.js';
import { toValidationIssues } from '../zod-issues.js';
import { approvalStatus, closeOpenRequest, outcomeOf, recordApproval } from './approval-history.js';
import { newApprovalId } from './approval-id.js';
import { IgnoredReasons, TransitionCodes } from './codes.js';
import { type ApprovalDecision, approvalDecisionSchema } from './decision.js';
import { ownValue, plainDataProblem } from './plain-data.js';
import { describeIssues, toPlan } from './plan-input.js';
import { quoteBounded } from './quote.js';
import { isExecutionHeld, type Plan, type PlanModeState } from './state.js';
import {
  type Ignored,
  ignored,
  invalidNow,
  invalidState,
  ownNow,
  type Transition,
  totally,
} from './transition.js';

/** The hash an approval id is bound to: the plan exactly as stored. */
export function planPayloadHash(plan: Plan): string {
  return sha256Hex(canonicalJson(plan as unknown as JsonValue));
}

/**
 * The effect of the model's exit_plan_mode call: the plan is stored and awaits the user.
 * Repeating the identical plan while it is pending keeps its id (a retried tool call must not
 * orphan the approval the user is looking at); any change rotates the id, so a decision made
 * on the old plan can never approve the new one.
 */
export function requestApproval(
  state: SessionState,
  request: { plan: unknown; now: number; approvalId?: string },
): Transition<{ approvalId: string; plan: Plan }> {
  return totally(state, () => requestApprovalOnce(state, request));
}

function requestApprovalOnce(
  state: SessionState,
  request: { plan: unknown; now: number; approvalId?: string },
): Transition<{ approvalId: string; plan: Plan }> {
  const now = ownNow(request) as number;
  const bad = invalidState(state) ?? invalidNow(state, now);
  if (bad) return bad;
  const pm = state.planMode;
  if (pm.mode !== 'plan')
    return ignored(
      state,
      IgnoredReasons.notInPlanMode,
      'plan mode is not active, so there is nothing to approve; carry on with the task',
    );
  if (pm.subagent !== undefined)
    return ignored(
      state,
      IgnoredReasons.subagentCannotExit,
      "a subagent runs under its parent's plan mode and cannot ask for approval; its plan goes back to the parent",
    );
  const running = pm.subagents ?? [];
  if (running.length > 0)
    return ignored(
      state,
      IgnoredReasons.subagentsRunning,
      `${running.length === 1 ? 'a subagent you started is' : `${running.length} subagents you started are`} still running (${running.map((id) => quoteBounded(id)).join(', ')}); wait for their results, then call exit_plan_mode again`,
    );
  const checked = toPlan(ownValue(request, 'plan'));
  if (!checked.ok)
    return ignored(
      state,
      IgnoredReasons.invalidPlan,
      describeIssues(
        'the plan is not valid; fix these fields and call exit_plan_mode again',
        checked.issues,
      ),
    );
  const plan = checked.value;
  const payloadHash = planPayloadHash(plan);
  if (pm.approval === 'pending' && pm.approvalId !== undefined && pm.payloadHash === payloadHash)
    return {
      state,
      applied: true,
      code: TransitionCodes.approvalRepeated,
      approvalId: pm.approvalId,
      plan,
    };

  const given = ownValue(request, 'approvalId') as string | undefined;
  if (
    given !== undefined &&
    (typeof given !== 'string' || given.length === 0 || given.length > 200)
  )
    return ignored(
      state,
      IgnoredReasons.invalidApprovalId,
      'approvalId must be a non-empty string',
    );
  if (given !== undefined && approvalStatus(pm, given) !== undefined)
    return ignored(
      state,
      IgnoredReasons.approvalIdReused,
      'approvalId was already used for an earlier request; every request needs a fresh id',
    );
  const approvalId = given ?? newApprovalId();
  const { confirmedAt: _c, afterApproval: _a, injected: _i, ...rest } = pm;
  const history = { ...pm, approvals: closeOpenRequest(pm, 'superseded') };
  return {
    state: {
      ...state,
      planMode: {
        ...rest,
        approval: 'pending',
        approvalId,
        approvals: recordApproval(history, approvalId),
        plan,
        payloadHash,
        requestedAt: now,
        updatedAt: now,
      },
    },
    applied: true,
    code: TransitionCodes.approvalRequested,
    approvalId,
    plan,
  };
}

/**
 * When a decision is made, and the deadline it must meet. `deadline` (ms since the epoch) wins;
 * else `timeoutMs` after the pending request's `requestedAt`; with neither, no deadline.
 */
export interface DecisionTime {
  now: number;
  deadline?: number | undefined;
  timeoutMs?: number | undefined;
}

/** The moment the pending request of `state` times out, or undefined when none applies. */
export function decisionDeadline(state: SessionState, at: DecisionTime): number | undefined {
  const pm = state.planMode;
  if (pm.approval !== 'pending') return undefined;
  const deadline = ownValue(at, 'deadline') as number | undefined;
  if (deadline !== undefined) return deadline;
  const timeoutMs = ownValue(at, 'timeoutMs') as number | undefined;
  if (timeoutMs === undefined || pm.requestedAt === undefined) return undefined;
  return pm.requestedAt + timeoutMs;
}

function invalidDeadline(state: SessionState, at: DecisionTime) {
  for (const key of ['deadline', 'timeoutMs'] as const) {
    const value = ownValue(at, key);
    if (
      value !== undefined &&
      !(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
    )
      return ignored(state, 'invalid_state', `\`${key}\` must be a non-negative integer (ms)`);
  }
  return undefined;
}

/**
 * A decision at or after the deadline never applies: the pending request times out instead,
 * in the same transition (the returned state has the timeout; save it), and the decision is
 * ignored as `approval_timed_out`. The timeout itself is the one decision the deadline lets in.
 */
function lateDecision(
  state: SessionState,
  d: ApprovalDecision,
  at: DecisionTime,
  now: number,
): Ignored | undefined {
  const pm = state.planMode;
  const deadline = decisionDeadline(state, at);
  if (deadline === undefined || now < deadline || pm.approvalId === undefined) return undefined;
  if (d.action === 'timeout' && d.approvalId === pm.approvalId) return undefined;
  const timedOut: SessionState = {
    ...state,
    planMode: {
      ...pm,
      approval: 'timed_out',
      approvals: recordApproval(pm, pm.approvalId, 'timed_out'),
      updatedAt: now,
    },
  };
  return ignored(
    timedOut,
    IgnoredReasons.timedOut,
    'the decision came at or after the approval deadline, so the request timed out instead; the model will propose the plan again',
  );
}

/**
 * Applies the user's decision on the pending plan. Only a decision carrying the pending id
 * counts; anything else — a wrong or old id, nothing pending, a second decision, a timeout
 * after the user answered — changes nothing and says why. A decision repeated on the request it
 * already decided (a double click, a retried webhook) is `duplicate_decision`, so a host can
 * tell "already done" from "refused".
 * With a deadline (`at.deadline`, or `at.timeoutMs` after the request), a decision at or after
 * it is `approval_timed_out` and the returned state has the timeout applied.
 */
export function resolveApproval(
  state: SessionState,
  decision: unknown,
  at: DecisionTime,
): Transition<{ decision: ApprovalDecision }> {
  return totally(state, () => resolveApprovalOnce(state, decision, at));
}

function resolveApprovalOnce(
  state: SessionState,
  decision: unknown,
  at: DecisionTime,
): Transition<{ decision: ApprovalDecision }> {
  const now = ownNow(at) as number;
  const bad = invalidState(state) ?? invalidNow(state, now) ?? invalidDeadline(state, at);
  if (bad) return bad;
  // A decision the host would read a field of through the prototype (a polluted
  // Object.prototype.plan or .feedback) is not the decision the user made.
  const notPlain = plainDataProblem(decision, 'decision');
  if (notPlain !== undefined)
    return ignored(
      state,
      IgnoredReasons.invalidDecision,
      `invalid decision: ${notPlain.path} ${notPlain.problem}`,
    );
  const parsed = approvalDecisionSchema.safeParse(decision);
  if (!parsed.success)
    return ignored(
      state,
      IgnoredReasons.invalidDecision,
      describeIssues('invalid decision', toValidationIssues(parsed.error, decision)),
    );
  // Own fields only from here on: an absent `feedback` must never be read from a prototype.
  const d = Object.assign(Object.create(null) as object, parsed.data) as ApprovalDecision;
  const pm = state.planMode;
  const misplaced = misplacedField(d);
  if (misplaced !== undefined) return ignored(state, IgnoredReasons.invalidDecision, misplaced);
  if (isGo(pm, d)) return startExecution(state, d, now);
  const status = approvalStatus(pm, d.approvalId);
  if (status === outcomeOf(d.action))
    return ignored(
      state,
      IgnoredReasons.duplicateDecision,
      `this decision (${d.action}) was already applied to that approval request`,
    );
  if (pm.approval !== 'pending') return notPending(state, pm);
  if (status !== 'pending')
    return ignored(
      state,
      IgnoredReasons.staleId,
      'the decision is for a different approval request than the one pending',
    );
  const late = lateDecision(state, d, at, now);
  if (late !== undefined) return late;

  switch (d.action) {
    case 'approve':
    case 'edit': {
      let plan = pm.plan;
      let payloadHash = pm.payloadHash;
      // An approval that carries a plan approves that plan: a UI that sends "approve" with
      // the user's edits gets the edits, never the model's original silently.
      if (d.action === 'edit' || d.plan !== undefined) {
        const checked = toPlan(d.plan);
        if (!checked.ok)
          return ignored(
            state,
            IgnoredReasons.invalidPlan,
            describeIssues('the edited plan is not valid', checked.issues),
          );
        plan = checked.value;
        payloadHash = planPayloadHash(plan);
      }
      const edited = d.action === 'edit' || payloadHash !== pm.payloadHash;
      const { feedback: _f, ...rest } = pm;
      const next: PlanModeState = {
        ...rest,
        mode: 'normal',
        approval: edited ? 'edited' : 'approved',
        rejectionCount: 0,
        afterApproval: (ownValue(d, 'then') as ApprovalDecision['then']) ?? 'execute',
        approvals: recordApproval(pm, d.approvalId, edited ? 'edited' : 'approved'),
        confirmedAt: now,
        updatedAt: now,
      };
      // A note sent with the approval reaches the model, quoted, in the approval message.
      if (d.feedback !== undefined && d.feedback.trim() !== '') next.feedback = d.feedback;
      if (plan !== undefined) next.plan = plan;
      if (payloadHash !== undefined) next.payloadHash = payloadHash;
      return {
        state: { ...state, planMode: next },
        applied: true,
        code: edited ? TransitionCodes.edited : TransitionCodes.approved,
        decision: d,
      };
    }
    case 'reject': {
      const next: PlanModeState = {
        ...pm,
        approval: 'rejected',
        approvals: recordApproval(pm, d.approvalId, 'rejected'),
        rejectionCount: pm.rejectionCount + 1,
        updatedAt: now,
      };
      if (d.feedback !== undefined && d.feedback.trim() !== '') next.feedback = d.feedback;
      else delete next.feedback;
      return {
        state: { ...state, planMode: next },
        applied: true,
        code: TransitionCodes.rejected,
        decision: d,
      };
    }
    case 'timeout':
      return {
        state: {
          ...state,
          planMode: {
            ...pm,
            approval: 'timed_out',
            approvals: recordApproval(pm, d.approvalId, 'timed_out'),
            updatedAt: now,
          },
        },
        applied: true,
        code: TransitionCodes.timedOut,
        decision: d,
      };
  }
}

/**
 * A field the action does not use is refused rather than dropped: a plan or a `then` only
 * means something with approve/edit, and a timeout carries no note.
 */
function misplacedField(d: ApprovalDecision): string | undefined {
  if (d.plan !== undefined && d.action !== 'approve' && d.action !== 'edit')
    return `a plan goes with approve or edit, not ${d.action}; send the decision without it`;
  if (d.then !== undefined && d.action !== 'approve' && d.action !== 'edit')
    return `\`then\` goes with approve or edit, not ${d.action}; send the decision without it`;
  if (d.feedback !== undefined && d.action === 'timeout')
    return 'a timeout carries no feedback; send the decision without it';
  return undefined;
}

/**
 * "Go" after "approve, don't run yet": the user approves the held plan again (same approval
 * id) without `then: 'stop'`. The plan stays as approved; a new plan needs a new request.
 */
function isGo(pm: PlanModeState, d: ApprovalDecision): boolean {
  return (
    d.action === 'approve' &&
    d.then !== 'stop' &&
    isExecutionHeld(pm) &&
    pm.approvalId === d.approvalId
  );
}

function startExecution(
  state: SessionState,
  d: ApprovalDecision,
  now: number,
): Transition<{ decision: ApprovalDecision }> {
  const pm = state.planMode;
  if (d.plan !== undefined)
    return ignored(
      state,
      IgnoredReasons.invalidDecision,
      'the plan is already approved; to change it, reject it so the agent proposes a new one',
    );
  const next: PlanModeState = { ...pm, afterApproval: 'execute', updatedAt: now };
  if (d.feedback !== undefined && d.feedback.trim() !== '') next.feedback = d.feedback;
  return {
    state: { ...state, planMode: next },
    applied: true,
    code: TransitionCodes.executionStarted,
    decision: d,
  };
}

function notPending(state: SessionState, pm: PlanModeState) {
  switch (pm.approval) {
    case 'none':
      return ignored(state, IgnoredReasons.nothingPending, 'no plan is waiting for approval');
    case 'timed_out':
      return ignored(
        state,
        IgnoredReasons.timedOut,
        'the approval request timed out; the model will propose the plan again',
      );
    default:
      return ignored(
        state,
        IgnoredReasons.alreadyDecided,
        `the plan was already decided (${pm.approval})`,
      );
  }
}
