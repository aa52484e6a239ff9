import { StoredRunOutcomes } from '../stored-run/codes.js';
import { runStored } from '../stored-run/driver.js';
import type { StoredRunConfig, StoredRunResult } from '../stored-run/types.js';
import { type DecisionTokenCode, DecisionTokenCodes } from './codes.js';
import type { DecisionTokenKey } from './hmac.js';
import { verifyDecisionToken } from './token.js';

export type TokenDelivery =
  | StoredRunResult
  | {
      outcome: 'refused';
      code: DecisionTokenCode;
      message: string;
      /** For a replayed token: the session and approval (or question) it named. */
      sessionId?: string;
      approvalId?: string;
      questionId?: string;
    };

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
  const check = await verifyDecisionToken(token, { key: at.key, now });
  if (!check.ok) return { outcome: 'refused', code: check.code, message: check.message };
  const { sessionId, approvalId } = check.claims;
  const decision =
    at.feedback === undefined || check.decision.action !== 'reject'
      ? check.decision
      : { ...check.decision, feedback: at.feedback };
  const result = await runStored(config, sessionId, { decision });
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
