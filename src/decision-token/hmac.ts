import { ErrorCodes, PlanfirstError } from '../errors.js';

/** A Web Crypto key, as far as planfirst reads one (a `CryptoKey` fits). */
export interface TokenCryptoKey {
  readonly algorithm: { readonly name: string };
}

/**
 * A signing key: a CryptoKey for HMAC-SHA-256 (see `decisionTokenKey`), or its raw secret
 * (bytes, or a string taken as UTF-8) of at least 32 bytes.
 */
export type DecisionTokenKey = TokenCryptoKey | Uint8Array | string;

// The slice of SubtleCrypto used here, typed locally so the declarations need no DOM or Node
// typings.
interface Subtle {
  importKey(
    format: 'raw',
    keyData: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: boolean,
    usages: ('sign' | 'verify')[],
  ): Promise<TokenCryptoKey>;
  sign(algorithm: 'HMAC', key: TokenCryptoKey, data: Uint8Array): Promise<ArrayBuffer>;
  verify(
    algorithm: 'HMAC',
    key: TokenCryptoKey,
    signature: Uint8Array,
    data: Uint8Array,
  ): Promise<boolean>;
}

/** Thrown when the host's key is missing, too short or not an HMAC key: a setup error. */
export class DecisionTokenKeyError extends PlanfirstError {
  override name = 'DecisionTokenKeyError';
  constructor(message: string) {
    super(ErrorCodes.invalidTokenKey, message);
  }
}

export const minKeyBytes = 32;

// WebCrypto, not node:crypto: it is a global in Node 20+, browsers, Deno, Bun and edge
// workers, so the root entry stays loadable everywhere, and `verify` compares in constant time.
function subtle(): Subtle {
  const s = (globalThis as { crypto?: { subtle?: Subtle } }).crypto?.subtle;
  if (s === undefined)
    throw new DecisionTokenKeyError('Web Crypto (crypto.subtle) is not available');
  return s;
}

/** Imports a raw secret once, for hosts that sign or verify many tokens. */
export async function decisionTokenKey(secret: Uint8Array | string): Promise<TokenCryptoKey> {
  const bytes = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
  if (!(bytes instanceof Uint8Array) || bytes.length < minKeyBytes)
    throw new DecisionTokenKeyError(
      `the decision token key must be at least ${minKeyBytes} bytes of secret (a random value from your secret store)`,
    );
  return subtle().importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

async function cryptoKey(key: DecisionTokenKey): Promise<TokenCryptoKey> {
  if (typeof key === 'string' || key instanceof Uint8Array) return decisionTokenKey(key);
  const algorithm = (key as { algorithm?: { name?: unknown; hash?: { name?: unknown } } } | null)
    ?.algorithm;
  if (algorithm?.name !== 'HMAC' || algorithm.hash?.name !== 'SHA-256')
    throw new DecisionTokenKeyError(
      'the decision token key must be an HMAC SHA-256 key or its raw secret',
    );
  return key;
}

export async function hmacSign(key: DecisionTokenKey, payload: string): Promise<Uint8Array> {
  const signature = await subtle().sign(
    'HMAC',
    await cryptoKey(key),
    new TextEncoder().encode(payload),
  );
  return new Uint8Array(signature);
}

export async function hmacVerify(
  key: DecisionTokenKey,
  payload: string,
  signature: Uint8Array,
): Promise<boolean> {
  return subtle().verify(
    'HMAC',
    await cryptoKey(key),
    signature,
    new TextEncoder().encode(payload),
  );
}
