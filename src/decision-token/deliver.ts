import type { ApprovalDecision } from '../plan-mode/decision.js';
import { StoredRunOutcomes } from '../stored-run/codes.js';
import { runStored } from '../stored-run/driver.js';
import type { StoredRunConfig, StoredRunResult } from '../stored-run/types.js';
import { type DecisionTokenCode, DecisionTokenCodes } from './codes.js';
import type { DecisionTokenKey } from './hmac.js';
import { verifyDecisionToken } from './token.js';

/** A decision token refused before (or instead of) applying its decision. */
export interface TokenRefusal {
  outcome: 'refused';
  code: DecisionTokenCode;
  message: string;
  /** For a replayed token: the session and approval (or question) it named. */
  sessionId?: string;
  approvalId?: string;
  questionId?: string;
}

export type TokenDelivery = StoredRunResult | TokenRefusal;

/**
 * Verifies a decision token and applies its decision to the stored session it names, once.
 * Forged, altered and expired tokens are refused before the store is touched; a token whose
 * decision was already applied is refused as `token_replayed` and runs nothing. Feedback for a
 * rejection may come with the request (it is the user's text, shown to the model quoted).
 */
export async function deliverDecisionToken(
  config: StoredRunConfig,
  token: unknown,
  at: { key: DecisionTokenKey | readonly DecisionTokenKey[]; feedback?: string },
): Promise<TokenDelivery> {
  const now = (config.now ?? Date.now)();
  return decideWithToken(token, { ...at, now }, (sessionId, decision) =>
    runStored(config, sessionId, { decision }),
  );
}

/**
 * The token rules for every decision path (runStored, the engine bindings): verify, then hand
 * the signed decision to `deliver`; a `duplicate` comes back as `token_replayed`.
 */
export async function decideWithToken<R extends { outcome: string }>(
  token: unknown,
  at: { key: DecisionTokenKey | readonly DecisionTokenKey[]; now: number; feedback?: string },
  deliver: (sessionId: string, decision: ApprovalDecision) => Promise<R>,
): Promise<R | TokenRefusal> {
  const check = await verifyDecisionToken(token, { key: at.key, now: at.now });
  if (!check.ok) return { outcome: 'refused', code: check.code, message: check.message };
  const { sessionId, approvalId } = check.claims;
  const decision =
    at.feedback === undefined || check.decision.action !== 'reject'
      ? check.decision
      : { ...check.decision, feedback: at.feedback };
  const result = await deliver(sessionId, decision);
  if (result.outcome === StoredRunOutcomes.duplicate)
    return {
      outcome: 'refused',
      code: DecisionTokenCodes.replayed,
      message: 'this decision was already applied; nothing was done again',
      sessionId,
      approvalId,
    };
  return result;
}
