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
