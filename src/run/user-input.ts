import { resetRunBudgets } from '../incomplete-turn/resolve.js';
import type { SessionState } from '../session.js';
import { result, type StepScope, withRun } from './context.js';
import { closeOpenTurn } from './turn.js';
import type { RunOutcome, StepResult } from './types.js';

/**
 * A decision or an answer planfirst ignored changes nothing: the session is returned as it was,
 * and the run is reported where it stays (parked, or done) with the reason the input was ignored.
 */
export function stayAfterIgnored(
  session: SessionState,
  status: RunOutcome['status'],
  ignored: { reason: string; message: string },
  scope: StepScope,
): StepResult {
  const outcome = { status, reason: ignored.reason, text: ignored.message };
  scope.events.push({ type: 'run_finished', status, reason: ignored.reason });
  return result(session, { type: 'finish', outcome }, scope);
}

/**
 * The state a run carries on from after a decision or an answer was applied to `next`: the parked
 * run itself, or — when the input arrived while no run was parked on it — a run of its own, after
 * the open turn's calls are answered so no call is left without a result.
 */
export function runAfterInput(
  session: SessionState,
  next: SessionState,
  parkedPhase: 'approval' | 'question',
  notExecuted: string,
  scope: StepScope,
): SessionState {
  if (session.run.phase === parkedPhase) return next;
  return startOwnRun(closeOpenTurn(next, notExecuted, scope));
}

/** A decision or an answer arriving while no run is parked starts a run of its own. */
export function startOwnRun(session: SessionState): SessionState {
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
