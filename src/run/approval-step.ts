import { resolveApproval } from '../plan-mode/approval.js';
import { TransitionCodes } from '../plan-mode/codes.js';
import { takeDecisionMessage } from '../plan-mode/messages.js';
import { pendingQuestion } from '../plan-mode/questions.js';
import type { Ignored } from '../plan-mode/transition.js';
import type { SessionState } from '../session.js';
import { RunReasons } from './codes.js';
import { appendMessages, callModel, finish, type StepScope, withRun } from './context.js';
import type { StepResult } from './types.js';
import { runAfterInput, stayAfterIgnored } from './user-input.js';

/**
 * Records the decision message still owed to the model (approved, edited, rejected, timed
 * out) as a planfirst message, exactly once.
 */
export function injectDecision(session: SessionState, scope: StepScope): SessionState {
  const { state, message } = takeDecisionMessage(session, scope.options);
  if (message === undefined) return state;
  scope.events.push({ type: 'decision_injected', kind: message.kind });
  return appendMessages(state, {
    role: 'user',
    content: message.text,
    source: 'planfirst',
    kind: message.kind,
  });
}

/**
 * The user decided on the pending plan (now, or minutes later in a new process). A decision
 * planfirst ignores changes nothing — a parked run stays parked, a run stopped by an error or
 * mid-tools stays resumable. An applied one is told to the model, then the run executes,
 * revises, or ends (approve without running, timeout).
 */
export function onApprovalDecision(
  session: SessionState,
  decision: unknown,
  deadline: number | undefined,
  scope: StepScope,
): StepResult {
  scope.events.push({ type: 'run_started', trigger: 'approval_decision' });
  const r = resolveApproval(session, decision, {
    now: scope.now,
    deadline,
    timeoutMs: scope.options.planMode.approvalTimeoutMs,
  });
  if (!r.applied && r.state !== session) return onLateDecision(session, r, scope);
  if (!r.applied) {
    scope.events.push({ type: 'approval_ignored', reason: r.reason, message: r.message });
    // The run stays where it was: parked on a plan, or on a question, or done.
    const status =
      session.planMode.approval === 'pending'
        ? 'awaiting_approval'
        : pendingQuestion(session) !== undefined
          ? 'awaiting_answer'
          : 'completed';
    return stayAfterIgnored(session, status, r, scope);
  }
  // A decision arriving while tools run (a host driving step itself) closes that turn first:
  // results in hand are kept, the other calls are answered, so no call is left without one.
  const s = runAfterInput(session, r.state, 'approval', notExecutedAfterDecision, scope);
  scope.events.push({ type: 'approval_resolved', approvalId: r.decision.approvalId, code: r.code });
  return continueAfterDecision(s, scope);
}

/**
 * A decision at or after the deadline: the request timed out instead (resolveApproval applied
 * it), the decision is reported ignored, and the run ends as a timeout would end it.
 */
function onLateDecision(session: SessionState, r: Ignored, scope: StepScope): StepResult {
  const approvalId = session.planMode.approvalId ?? '';
  scope.events.push({ type: 'approval_ignored', reason: r.reason, message: r.message });
  scope.events.push({ type: 'approval_resolved', approvalId, code: TransitionCodes.timedOut });
  const s = runAfterInput(session, r.state, 'approval', notExecutedAfterDecision, scope);
  return continueAfterDecision(s, scope);
}

const notExecutedAfterDecision =
  'Not executed: a decision on the plan started another run before this call ran.';

/**
 * After a decision (applied now, or before by resolveApproval, a sweep or exitPlanMode): the
 * decision message goes to the model once, then the run executes, revises, or ends.
 */
export function continueAfterDecision(session: SessionState, scope: StepScope): StepResult {
  // The decision message starts a new attempt.
  const s = injectDecision(withRun(session, { phase: 'model', toolFailed: false }), scope);
  switch (s.planMode.approval) {
    case 'approved':
    // Also after the user said go on a plan approved with `then: 'stop'` (approval stays
    // `approved`/`edited`, afterApproval becomes `execute`).
    case 'edited':
      if (s.planMode.afterApproval === 'stop')
        return finish(
          s,
          {
            status: 'completed',
            reason: RunReasons.approvedNotStarted,
            text: 'The plan is approved; execution starts when you say so.',
          },
          scope,
        );
      return callModel(s, scope);
    case 'rejected':
      return callModel(s, scope);
    case 'timed_out':
      return finish(
        s,
        {
          status: 'completed',
          reason: RunReasons.approvalTimedOut,
          text: 'Nobody answered the approval request in time, so the plan was not approved. Ask the agent to propose it again when you are back.',
        },
        scope,
      );
    default:
      // Withdrawn (plan mode left by the host): nothing is left to carry on.
      return finish(s, { status: 'completed', reason: RunReasons.nothingToResume }, scope);
  }
}
