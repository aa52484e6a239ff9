import type { z } from 'zod';
import { canonicalJson } from '../canonical-json.js';
import type { JsonValue } from '../json.js';
import { lazy } from '../lazy.js';
import { nonEmptyString, nonNegativeInt, oneOf } from '../schema-helpers.js';

/** The token format's version, first in every token (`pf1.`). */
export const tokenPrefix = 'pf1';

/** Longest token accepted; anything longer is refused unread. */
export const maxTokenLength = 2048;

/**
 * What a decision token says: this decision, on this approval of this session, until then.
 * Everything a click may do is signed; nothing else in the request is trusted.
 */
export const decisionClaimsSchema = lazy((z) =>
  z.strictObject({
    sessionId: nonEmptyString().max(200),
    approvalId: nonEmptyString().max(200),
    action: oneOf(['approve', 'reject']),
    /** After approve: start executing now (default) or stop ("approve, don't run yet"). */
    then: oneOf(['execute', 'stop']).optional(),
    /** Ms since the epoch; the token is refused from this instant on. */
    expiresAt: nonNegativeInt(),
  }),
);
export type DecisionClaims = z.output<typeof decisionClaimsSchema>;

/**
 * The exact bytes a token signs: `pf1.` and the base64url of the claims as canonical JSON
 * (sorted keys, no spaces), so equal claims always give one payload.
 */
export function tokenPayload(claims: DecisionClaims): string {
  const json = canonicalJson(claims as unknown as JsonValue);
  return `${tokenPrefix}.${base64url(new TextEncoder().encode(json))}`;
}

/** Splits a token into its signed payload, claims and signature; undefined when malformed. */
export function readToken(
  token: unknown,
): { payload: string; claims: unknown; signature: Uint8Array } | undefined {
  if (typeof token !== 'string' || token.length > maxTokenLength) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== tokenPrefix) return undefined;
  const [, body = '', mac = ''] = parts;
  const bytes = fromBase64url(body);
  const signature = fromBase64url(mac);
  if (bytes === undefined || signature === undefined || signature.length !== 32) return undefined;
  try {
    const claims: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return { payload: `${tokenPrefix}.${body}`, claims, signature };
  } catch {
    return undefined;
  }
}

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

// Strict: only the unpadded base64url alphabet, and only the canonical encoding of its bytes,
// so one token has exactly one spelling.
function fromBase64url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return base64url(bytes) === text ? bytes : undefined;
}
