// Stable codes of decision tokens. Hosts branch on them and the README lists them; never
// rename one.

/** Why a decision token was refused. */
export const DecisionTokenCodes = {
  /** Not a planfirst decision token (wrong shape, encoding, version or claims). */
  malformed: 'token_malformed',
  /** The signature does not match: forged, altered, or signed with another key. */
  badSignature: 'token_bad_signature',
  /** Genuine, but its expiry has passed. */
  expired: 'token_expired',
  /** Genuine, but its decision was already applied: a second click, a retried webhook. */
  replayed: 'token_replayed',
} as const;
export type DecisionTokenCode = (typeof DecisionTokenCodes)[keyof typeof DecisionTokenCodes];
