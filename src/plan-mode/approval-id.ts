import { CsprngUnavailableError } from '../errors.js';

/**
 * A fresh, unguessable approval id from the platform CSPRNG. Never falls back to Math.random:
 * a guessable id would let anything that can post a decision approve a plan.
 */
export function newApprovalId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (typeof c?.randomUUID !== 'function') throw new CsprngUnavailableError();
  return c.randomUUID();
}
