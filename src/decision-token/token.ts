import type { ApprovalDecision } from '../plan-mode/decision.js';
import { toValidationIssues } from '../zod-issues.js';
import {
  base64url,
  type DecisionClaims,
  decisionClaimsSchema,
  readToken,
  tokenPayload,
} from './claims.js';
import { type DecisionTokenCode, DecisionTokenCodes } from './codes.js';
import { type DecisionTokenKey, DecisionTokenKeyError, hmacSign, hmacVerify } from './hmac.js';

/**
 * Signs a decision for a chat button or a webhook link: HMAC-SHA-256 over the session id,
 * approval id, action (and `then`) and expiry, with the host's key. The token is opaque and
 * URL-safe; whoever holds it can make exactly that decision on exactly that approval, once,
 * until it expires.
 */
export async function signDecisionToken(
  claims: DecisionClaims,
  key: DecisionTokenKey,
): Promise<string> {
  const checked = decisionClaimsSchema.safeParse(claims);
  if (!checked.success)
    throw new DecisionTokenKeyError(
      `invalid decision token claims: ${toValidationIssues(checked.error, claims)
        .map((i) => `${i.path}: ${i.message}`)
        .join('; ')}`,
    );
  const payload = tokenPayload(checked.data);
  return `${payload}.${base64url(await hmacSign(key, payload))}`;
}

export type DecisionTokenCheck =
  | { ok: true; claims: DecisionClaims; decision: ApprovalDecision }
  | { ok: false; code: DecisionTokenCode; message: string };

/**
 * Checks a token from an untrusted channel: shape, then signature (against each key given, for
 * rotation), then expiry at `now`. Claims are read only from a token whose signature holds.
 * A refused token is a value with a stable code, never an exception; only a bad key throws.
 */
export async function verifyDecisionToken(
  token: unknown,
  at: { key: DecisionTokenKey | readonly DecisionTokenKey[]; now: number },
): Promise<DecisionTokenCheck> {
  const keys: readonly DecisionTokenKey[] = Array.isArray(at.key)
    ? at.key
    : [at.key as DecisionTokenKey];
  if (keys.length === 0) throw new DecisionTokenKeyError('no decision token key given');
  const read = readToken(token);
  if (read === undefined)
    return refuse(DecisionTokenCodes.malformed, 'this is not a planfirst decision token');
  let genuine = false;
  for (const key of keys)
    if (!genuine) genuine = await hmacVerify(key, read.payload, read.signature);
  if (!genuine)
    return refuse(
      DecisionTokenCodes.badSignature,
      'the token signature does not match: it was altered or not issued by this host',
    );
  const claims = decisionClaimsSchema.safeParse(read.claims);
  // Signed by us but unreadable: only a token from another format version gets here.
  if (!claims.success)
    return refuse(DecisionTokenCodes.malformed, 'the token claims are not a decision');
  if (!(typeof at.now === 'number' && Number.isFinite(at.now)))
    throw new DecisionTokenKeyError('now must be a finite number (ms)');
  if (at.now >= claims.data.expiresAt)
    return refuse(DecisionTokenCodes.expired, 'the token has expired; ask for a new one');
  const { approvalId, action, then } = claims.data;
  return {
    ok: true,
    claims: claims.data,
    decision: { action, approvalId, ...(then === undefined ? {} : { then }) },
  };
}

function refuse(code: DecisionTokenCode, message: string): DecisionTokenCheck {
  return { ok: false, code, message };
}
