import { resolveApproval } from '../plan-mode/approval.js';
import { type IgnoredReason, IgnoredReasons } from '../plan-mode/codes.js';
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
    };

/**
 * Judges a decision against the session as its single writer last saw it — the check every
 * driver makes before it acts on a decision (runStored before its claim, the engine bindings
 * where decisions are linearised). The same decision again is `duplicate`; a stale id, another
 * decision already taken, a timeout or an invalid decision is `ignored`, with the reason.
 * `session` is the state after the decision, for the caller that applies it.
 */
export function checkDecision(
  session: SessionState,
  decision: unknown,
  now: number,
): DecisionCheck {
  const r = resolveApproval(session, decision, { now });
  if (r.applied) return { applies: true, session: r.state };
  return {
    applies: false,
    outcome:
      r.reason === IgnoredReasons.duplicateDecision
        ? StoredRunOutcomes.duplicate
        : StoredRunOutcomes.ignored,
    reason: r.reason,
    message: r.message,
  };
}
