import { resetRunBudgets } from '../incomplete-turn/resolve.js';
import { resolveApproval } from '../plan-mode/approval.js';
import { takeDecisionMessage } from '../plan-mode/messages.js';
import type { SessionState } from '../session.js';
import { RunReasons } from './codes.js';
import { appendMessages, callModel, finish, result, type StepScope, withRun } from './context.js';
import type { StepResult } from './types.js';

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
 * planfirst ignores leaves the run parked; an applied one is told to the model, then the run
 * executes, revises, or ends (approve without running, timeout).
 */
export function onApprovalDecision(
  session: SessionState,
  decision: unknown,
  scope: StepScope,
): StepResult {
  const parked = session.run.phase === 'approval';
  if (parked) scope.events.push({ type: 'run_started', trigger: 'approval_decision' });
  let s = parked ? session : startDecisionRun(session, scope);
  const r = resolveApproval(s, decision, { now: scope.now });
  if (!r.applied) {
    scope.events.push({ type: 'approval_ignored', reason: r.reason, message: r.message });
    if (s.planMode.approval === 'pending')
      return finish(
        withRun(s, { phase: 'approval' }),
        { status: 'awaiting_approval', reason: r.reason, text: r.message },
        scope,
      );
    return finish(s, { status: 'completed', reason: r.reason, text: r.message }, scope);
  }
  s = r.state;
  scope.events.push({ type: 'approval_resolved', approvalId: r.decision.approvalId, code: r.code });
  // The decision message starts a new attempt.
  s = injectDecision(withRun(s, { phase: 'model', toolFailed: false }), scope);
  switch (r.code) {
    case 'approved':
    case 'edited':
    // The user said go on a plan approved with `then: 'stop'`.
    case 'execution_started':
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
    default:
      return finish(
        s,
        {
          status: 'completed',
          reason: RunReasons.approvalTimedOut,
          text: 'Nobody answered the approval request in time; the plan is still waiting. Ask the agent to propose it again when you are back.',
        },
        scope,
      );
  }
}

/** A decision arriving while no run is parked starts a run of its own. */
function startDecisionRun(session: SessionState, scope: StepScope): SessionState {
  scope.events.push({ type: 'run_started', trigger: 'approval_decision' });
  const s = resetRunBudgets(session);
  return withRun(s, {
    phase: 'idle',
    startIndex: s.messages.length,
    modelCalls: 0,
    userPrompt: null,
    nextSystem: [],
    toolFailed: false,
    bookkeepingTurns: 0,
  });
}

export { result };
