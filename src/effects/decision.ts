import { type DecisionTime, resolveApproval } from '../plan-mode/approval.js';
import { type IgnoredReason, IgnoredReasons } from '../plan-mode/codes.js';
import { type AnswerTime, answerQuestion } from '../plan-mode/questions.js';
import type { SessionState } from '../session.js';
import { StoredRunOutcomes } from '../stored-run/codes.js';

/** What a decision delivered to a session does: it applies, or it is refused with a code. */
export type DecisionCheck =
  | { applies: true; session: SessionState }
  | {
      applies: false;
      outcome: typeof StoredRunOutcomes.duplicate | typeof StoredRunOutcomes.ignored;
      reason: IgnoredReason;
      message: string;
      /** A decision at or after the deadline: the session with the timeout applied, to save
       *  in the same compare-and-set that refuses the decision. */
      timedOut?: SessionState;
    };

/**
 * Judges an answer to the pending question as checkDecision judges a decision: the same answer
 * again is `duplicate`; a stale id, a different answer already taken, a timeout or an invalid
 * answer is `ignored`. With a deadline, a late answer carries `timedOut`.
 */
export function checkAnswer(
  session: SessionState,
  answer: unknown,
  at: number | AnswerTime,
): DecisionCheck {
  const r = answerQuestion(session, answer, typeof at === 'number' ? { now: at } : at);
  return toCheck(session, r);
}

/**
 * Judges a decision against the session as its single writer last saw it — the check every
 * driver makes before it acts on a decision (runStored before its claim, the engine bindings
 * where decisions are linearised). The same decision again is `duplicate`; a stale id, another
 * decision already taken, a timeout or an invalid decision is `ignored`, with the reason.
 * `session` is the state after the decision, for the caller that applies it. With a deadline in
 * `at`, a decision at or after it is `ignored`/`approval_timed_out` with `timedOut` set.
 */
export function checkDecision(
  session: SessionState,
  decision: unknown,
  at: number | DecisionTime,
): DecisionCheck {
  const r = resolveApproval(session, decision, typeof at === 'number' ? { now: at } : at);
  return toCheck(session, r);
}

/**
 * A run parked on an engine: on a plan (an approval) or, with `kind: 'question'`, on ask_user
 * questions (`approvalId` then holds the question id). The session as it was parked and the
 * deadline fixed then.
 */
export interface PendingApproval {
  kind?: 'approval' | 'question';
  sessionId: string;
  /** The approval id, or the question id of a question. */
  approvalId: string;
  /** Ms since the epoch; a decision at or after it is refused and the timeout applies. */
  deadline: number;
  session: SessionState;
}

/**
 * The one decision an engine recorded for an approval: the user's (at the time it was
 * judged) or the timeout (at the deadline). Recorded once, first come; the run applies it.
 */
export interface RecordedDecision {
  decision: unknown;
  at: number;
  /** Who delivered it: a caller's delivery id, or `timer` for the timeout. */
  delivery: string;
}

/** What a decision delivered to an engine binding did. */
export const EngineDecisionOutcomes = {
  /** The decision was recorded; the parked run goes on with it on the engine. */
  accepted: 'accepted',
  /** The same decision was already recorded; nothing was done. */
  duplicate: StoredRunOutcomes.duplicate,
  /** The decision does not apply (stale id, decided otherwise, timed out, invalid); nothing done. */
  ignored: StoredRunOutcomes.ignored,
  /** No run of this session is parked on that approval on the engine. */
  notFound: StoredRunOutcomes.notFound,
} as const;

export type EngineDecisionResult =
  | { outcome: typeof EngineDecisionOutcomes.accepted; sessionId: string; approvalId: string }
  | { outcome: typeof EngineDecisionOutcomes.accepted; sessionId: string; questionId: string }
  | {
      outcome: typeof EngineDecisionOutcomes.duplicate | typeof EngineDecisionOutcomes.ignored;
      sessionId: string;
      reason: IgnoredReason;
      message: string;
    }
  | { outcome: typeof EngineDecisionOutcomes.notFound; sessionId: string };

/** The verdict on one delivered decision; with `record`, the caller records it (first wins). */
export type JudgedDecision =
  | { record: RecordedDecision; result: EngineDecisionResult }
  | { record?: undefined; result: EngineDecisionResult };

/**
 * Judges a decision delivered to an engine, where decisions are linearised per approval (a
 * Restate object keyed by the approval id, a DBOS workflow id derived from it). With nothing
 * recorded yet, a decision that applies is recorded (`accepted`); one at or after the
 * deadline records the timeout instead and is `ignored`/`approval_timed_out`; anything else
 * is refused and records nothing. With a decision recorded, every later one is judged against
 * the session after it: the same decision again is `duplicate`, another is `ignored`
 * (`already_decided`, `approval_timed_out`). A timeout (`{ action: 'timeout' }` at the
 * deadline) is judged by the same rules, so a timer and a user never both win.
 */
export function judgeDecision(
  pending: PendingApproval,
  recorded: RecordedDecision | undefined,
  decision: unknown,
  at: { now: number; delivery: string },
): JudgedDecision {
  const { sessionId, approvalId, deadline } = pending;
  const question = pending.kind === 'question';
  const checkOne = question ? checkAnswer : checkDecision;
  const refused = (check: DecisionCheck & { applies: false }): JudgedDecision => ({
    result: { outcome: check.outcome, sessionId, reason: check.reason, message: check.message },
  });
  if (recorded !== undefined) {
    const first = checkOne(pending.session, recorded.decision, {
      now: recorded.at,
      deadline,
    });
    const after = first.applies ? first.session : (first.timedOut ?? pending.session);
    const check = checkOne(after, decision, { now: at.now, deadline });
    if (check.applies)
      // Cannot happen (nothing is pending after a recorded decision); refuse it all the same.
      return {
        result: {
          outcome: EngineDecisionOutcomes.ignored,
          sessionId,
          reason: IgnoredReasons.alreadyDecided,
          message: 'a decision was already recorded for this approval',
        },
      };
    return refused(check);
  }
  const check = checkOne(pending.session, decision, { now: at.now, deadline });
  if (check.applies)
    return {
      record: { decision, at: at.now, delivery: at.delivery },
      result: question
        ? { outcome: EngineDecisionOutcomes.accepted, sessionId, questionId: approvalId }
        : { outcome: EngineDecisionOutcomes.accepted, sessionId, approvalId },
    };
  if (check.timedOut !== undefined)
    return {
      record: { decision: timeoutOf(pending), at: deadline, delivery: 'timer' },
      result: refused(check).result,
    };
  return refused(check);
}

/** The timeout of a parked run, as a decision (or answer) the engine records at the deadline. */
export function timeoutOf(
  pending: PendingApproval,
): { action: 'timeout' } & Record<string, string> {
  return pending.kind === 'question'
    ? { action: 'timeout', questionId: pending.approvalId }
    : { action: 'timeout', approvalId: pending.approvalId };
}

/**
 * A decision for an approval no run is parked on (the binding has no record of it): judged
 * against the session as last published, so a stale or repeated decision gets its usual
 * code; one that would apply is `not_found` (the run that asked is not parked on the engine).
 */
export function judgeUnparked(
  sessionId: string,
  session: SessionState | undefined,
  decision: unknown,
  now: number,
  kind: 'approval' | 'question' = 'approval',
): EngineDecisionResult {
  if (session === undefined) return { outcome: EngineDecisionOutcomes.notFound, sessionId };
  const check =
    kind === 'question'
      ? checkAnswer(session, decision, now)
      : checkDecision(session, decision, now);
  if (check.applies) return { outcome: EngineDecisionOutcomes.notFound, sessionId };
  return { outcome: check.outcome, sessionId, reason: check.reason, message: check.message };
}

/** A transition's result as a check: applied, or the refusal as stored-run outcomes name it. */
function toCheck(
  session: SessionState,
  r:
    | { applied: true; state: SessionState }
    | { applied: false; state: SessionState; reason: IgnoredReason; message: string },
): DecisionCheck {
  if (r.applied) return { applies: true, session: r.state };
  return {
    applies: false,
    ...(r.state === session ? {} : { timedOut: r.state }),
    outcome:
      r.reason === IgnoredReasons.duplicateDecision
        ? StoredRunOutcomes.duplicate
        : StoredRunOutcomes.ignored,
    reason: r.reason,
    message: r.message,
  };
}
