import { ErrorCodes, PlanfirstError } from '../errors.js';
import type { RecordIndex, StoredRecord } from './record.js';

/** A record as loaded, with the version a save must name to replace it. */
export interface StoredSession {
  sessionId: string;
  /** 1 after the first save, one more after each; a store never reuses a version. */
  version: number;
  record: StoredRecord;
}

/** A row of a listing: the session, its version and what the store indexes about it. */
export interface StoredSessionSummary extends RecordIndex {
  sessionId: string;
  version: number;
}

/**
 * A listing of what is due at `now`. `after` is the last row of the previous page (its deadline
 * or lease expiry as `at`, and its session id), so rows a caller skipped do not hide the rest.
 */
export interface DueQuery {
  now: number;
  limit: number;
  after?: { at: number; sessionId: string };
}

/** A compare-and-set write: saved at the new version, or refused because another won. */
export type SaveResult = { ok: true; version: number } | { ok: false; error: VersionConflictError };

/**
 * The contract every session store implements (memory, PostgreSQL, Redis, yours): load with a
 * version, save only over the version you loaded, and the listings a host needs to find parked
 * runs, expired approvals and runs whose worker died. `planfirst/testing` exports
 * `storeConformance` to check an implementation.
 */
export interface VersionedSessionStore {
  /** The stored record and its version, or undefined when the session does not exist. */
  load(sessionId: string): Promise<StoredSession | undefined>;
  /**
   * Writes `record` if the stored version is `expectedVersion` (0: the session must not exist
   * yet), atomically. Otherwise nothing changes and the result carries a VersionConflictError
   * naming the session and both versions.
   */
  save(sessionId: string, record: StoredRecord, expectedVersion: number): Promise<SaveResult>;
  /** Removes the session if it is at `expectedVersion` (`version` 0 in the result). */
  delete(sessionId: string, expectedVersion: number): Promise<SaveResult>;
  /** Sessions with a pending approval, by session id, after `after` (for paging). */
  listParked(query: { limit: number; after?: string }): Promise<StoredSessionSummary[]>;
  /**
   * Pending approvals whose deadline is at or before `now`, by deadline then session id,
   * after the cursor when one is given.
   */
  listExpiredApprovals(query: DueQuery): Promise<StoredSessionSummary[]>;
  /**
   * Runs whose worker's lease ran out at or before `now` (it died or hung), by lease expiry
   * then session id, after the cursor when one is given.
   */
  listStalledRuns(query: DueQuery): Promise<StoredSessionSummary[]>;
  /** The session whose pending approval has this id. */
  findApproval(approvalId: string): Promise<StoredSessionSummary | undefined>;
}

/**
 * A save lost a race: the session is no longer at the version the writer loaded. Returned (not
 * thrown) by `save`; throw it yourself where a conflict is a bug.
 */
export class VersionConflictError extends PlanfirstError {
  override name = 'VersionConflictError';
  readonly sessionId: string;
  readonly expectedVersion: number;
  /** The version found instead; 0 when the session does not exist. */
  readonly actualVersion: number;
  constructor(sessionId: string, expectedVersion: number, actualVersion: number) {
    super(
      ErrorCodes.versionConflict,
      `session ${JSON.stringify(sessionId)} is at version ${actualVersion}, not ${expectedVersion}: another writer saved it first; load it again and retry`,
    );
    this.sessionId = sessionId;
    this.expectedVersion = expectedVersion;
    this.actualVersion = actualVersion;
  }
}

/** A store was called with an argument it cannot use (an empty session id, version -1). */
export class StoreInputError extends PlanfirstError {
  override name = 'StoreInputError';
  constructor(message: string) {
    super(ErrorCodes.invalidStoreInput, message);
  }
}

/** Longest session or approval id a store accepts. */
export const maxStoreIdLength = 200;
/** Most rows one listing returns. */
export const maxListLimit = 1000;

/**
 * Argument checks every store runs, so each rejects the same inputs the same way (with
 * StoreInputError). For your own store too.
 */
export const storeInput = {
  id: (what: string, id: unknown) => checkId(what, id),
  version: (version: unknown) => checkVersion(version),
  limit: (limit: unknown) => checkLimit(limit),
  now: (now: unknown) => checkNow(now),
  /** Checks a due listing's arguments; returns its cursor (undefined when there is none). */
  due: (query: DueQuery) => {
    checkNow(query.now);
    checkLimit(query.limit);
    if (query.after === undefined) return undefined;
    if (!Number.isSafeInteger(query.after.at))
      throw new StoreInputError(`after.at must be an integer, got ${describe(query.after.at)}`);
    checkId('after.sessionId', query.after.sessionId);
    return query.after;
  },
};

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function checkId(what: string, id: unknown): string {
  if (typeof id !== 'string' || id.length === 0 || id.length > maxStoreIdLength)
    throw new StoreInputError(
      `${what} must be a string of 1 to ${maxStoreIdLength} characters, got ${describe(id)}`,
    );
  // Databases store text as UTF-8: a NUL or a lone surrogate would be refused or silently
  // changed into another id.
  if (id.includes('\0') || loneSurrogate.test(id))
    throw new StoreInputError(`${what} must be well-formed text without NUL characters`);
  return id;
}

function checkVersion(version: unknown): number {
  // Number.isSafeInteger is false for anything but a number.
  if (!Number.isSafeInteger(version) || (version as number) < 0)
    throw new StoreInputError(
      `expectedVersion must be a non-negative integer (0 for a new session), got ${describe(version)}`,
    );
  return version as number;
}

function checkLimit(limit: unknown): number {
  if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > maxListLimit)
    throw new StoreInputError(
      `limit must be an integer from 1 to ${maxListLimit}, got ${describe(limit)}`,
    );
  return limit as number;
}

function checkNow(now: unknown): number {
  if (!Number.isFinite(now))
    throw new StoreInputError(`now must be a finite number (ms), got ${describe(now)}`);
  return now as number;
}

function describe(value: unknown): string {
  if (typeof value === 'string')
    return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value === null ? 'null' : typeof value;
}
