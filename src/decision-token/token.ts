import type { ZodError } from 'zod';
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

/** One kind of signed claims: its schema and the words its refusals use. */
export interface ClaimKind<C> {
  schema: {
    safeParse(value: unknown): { success: true; data: C } | { success: false; error: ZodError };
  };
  /** `decision` or `answer`, as the messages name it. */
  name: string;
}

/**
 * The one token codec: HMAC-SHA-256 over the canonical JSON of the claims, checked against
 * the kind's schema first. Decision and answer tokens differ only in their claims (`kind`
 * keeps them apart), so the format is the same for both.
 */
export async function signClaims<C>(kind: ClaimKind<C>, claims: unknown, key: DecisionTokenKey) {
  const checked = kind.schema.safeParse(claims);
  if (!checked.success)
    throw new DecisionTokenKeyError(
      `invalid ${kind.name} token claims: ${toValidationIssues(checked.error, claims)
        .map((i) => `${i.path}: ${i.message}`)
        .join('; ')}`,
    );
  const payload = tokenPayload(checked.data as unknown as DecisionClaims);
  return `${payload}.${base64url(await hmacSign(key, payload))}`;
}

/**
 * Checks a token of one kind from an untrusted channel: shape, then signature (against each
 * key given, for rotation), then the kind's claims, then expiry at `now`. Claims are read only
 * from a token whose signature holds. A refused token is a value with a stable code, never an
 * exception; only a bad key throws.
 */
export async function verifyClaims<C extends { expiresAt: number }>(
  kind: ClaimKind<C>,
  token: unknown,
  at: { key: DecisionTokenKey | readonly DecisionTokenKey[]; now: number },
): Promise<{ ok: true; claims: C } | { ok: false; code: DecisionTokenCode; message: string }> {
  const keys: readonly DecisionTokenKey[] = Array.isArray(at.key)
    ? at.key
    : [at.key as DecisionTokenKey];
  if (keys.length === 0) throw new DecisionTokenKeyError('no decision token key given');
  const read = readToken(token);
  if (read === undefined)
    return refuse(DecisionTokenCodes.malformed, `this is not a planfirst ${kind.name} token`);
  let genuine = false;
  for (const key of keys)
    if (!genuine) genuine = await hmacVerify(key, read.payload, read.signature);
  if (!genuine)
    return refuse(
      DecisionTokenCodes.badSignature,
      'the token signature does not match: it was altered or not issued by this host',
    );
  const claims = kind.schema.safeParse(read.claims);
  // Signed by us but not of this kind (or another format version).
  if (!claims.success)
    return refuse(DecisionTokenCodes.malformed, `the token claims are not ${article(kind.name)}`);
  if (!(typeof at.now === 'number' && Number.isFinite(at.now)))
    throw new DecisionTokenKeyError('now must be a finite number (ms)');
  if (at.now >= claims.data.expiresAt)
    return refuse(DecisionTokenCodes.expired, 'the token has expired; ask for a new one');
  return { ok: true, claims: claims.data };
}

const article = (name: string) => (/^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`);

const decisionKind: ClaimKind<DecisionClaims> = {
  get schema() {
    return decisionClaimsSchema as unknown as ClaimKind<DecisionClaims>['schema'];
  },
  name: 'decision',
};

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
  return signClaims(decisionKind, claims, key);
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
  const checked = await verifyClaims(decisionKind, token, at);
  if (!checked.ok) return checked;
  const { approvalId, action, then } = checked.claims;
  return {
    ok: true,
    claims: checked.claims,
    decision: { action, approvalId, ...(then === undefined ? {} : { then }) },
  };
}

function refuse(
  code: DecisionTokenCode,
  message: string,
): { ok: false; code: DecisionTokenCode; message: string } {
  return { ok: false, code, message };
}
