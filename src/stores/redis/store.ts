import {
  type DueQuery,
  encodeRecord,
  parseStoredRecord,
  parseStoredVersion,
  type StoredSessionSummary,
  StoreInputError,
  storeInput,
  VersionConflictError,
  type VersionedSessionStore,
} from '../../internal.js';
import {
  deleteScript,
  dueScript,
  findApprovalScript,
  loadScript,
  migrateScript,
  parkedScript,
  saveScript,
} from './scripts.js';

/**
 * Any Redis client with ioredis's `eval(script, numKeys, ...keysAndArgs)`. planfirst sends
 * nothing but scripts, so each operation is atomic on the server.
 */
export interface RedisClient {
  eval(script: string, numKeys: number, ...keysAndArgs: (string | number)[]): Promise<unknown>;
}

export interface RedisStoreOptions {
  /** Prefix of every key (inside a `{…}` hash tag); default `planfirst`. */
  prefix?: string;
}

/** The key layout version `migrateRedis` records; the store refuses a newer one. */
export const redisSchemaVersion = 1;

function keys(prefix: string = 'planfirst') {
  if (typeof prefix !== 'string' || !/^[A-Za-z0-9_:.-]{1,64}$/.test(prefix))
    throw new StoreInputError(
      `prefix must be 1 to 64 letters, digits or _ : . -, got ${JSON.stringify(prefix)}`,
    );
  const base = `{${prefix}}`;
  return {
    session: (id: string) => `${base}:s:${id}`,
    sessionPrefix: `${base}:s:`,
    parked: `${base}:parked`,
    deadlines: `${base}:deadlines`,
    leases: `${base}:leases`,
    approvals: `${base}:approvals`,
    schema: `${base}:schema`,
  };
}

/**
 * Records the key layout version under the prefix. Idempotent and safe to call from every
 * worker at start-up; throws when the data was written by a newer planfirst.
 */
export async function migrateRedis(
  client: RedisClient,
  options: RedisStoreOptions = {},
): Promise<void> {
  const k = keys(options.prefix);
  const stored = Number(await client.eval(migrateScript, 1, k.schema, redisSchemaVersion));
  if (stored > redisSchemaVersion)
    throw new StoreInputError(
      `the keys under ${k.schema} use layout ${stored}; this planfirst knows up to ${redisSchemaVersion}`,
    );
}

/**
 * The versioned store on Redis. Each operation is one Lua script, so a save's version check,
 * write and index updates happen as one atomic step. Run `migrateRedis` once first.
 */
export function redisStore(
  client: RedisClient,
  options: RedisStoreOptions = {},
): VersionedSessionStore {
  const k = keys(options.prefix);
  const fail = (message: string) => new StoreInputError(message);
  const indexKeys = [k.parked, k.deadlines, k.leases, k.approvals];
  const casResult = (sessionId: string, expected: number, reply: unknown) => {
    const [ok, version] = reply as [number, number];
    return ok === 1
      ? { ok: true as const, version: Number(version) }
      : {
          ok: false as const,
          error: new VersionConflictError(sessionId, expected, Number(version)),
        };
  };

  const due = async (key: string, query: DueQuery) => {
    const after = storeInput.due(query);
    const reply = await client.eval(
      dueScript,
      1,
      key,
      k.sessionPrefix,
      Math.floor(query.now),
      query.limit,
      after?.at ?? '',
      after?.sessionId ?? '',
    );
    return summaries(reply);
  };

  return {
    async load(sessionId) {
      storeInput.id('sessionId', sessionId);
      const [version, json] = (await client.eval(loadScript, 1, k.session(sessionId))) as [
        string | null,
        string | null,
      ];
      if (version === null || json === null) return undefined;
      return { sessionId, version: parseStoredVersion(version), record: parseStoredRecord(json) };
    },
    async save(sessionId, record, expectedVersion) {
      storeInput.id('sessionId', sessionId);
      storeInput.version(expectedVersion);
      const { json, index } = encodeRecord(record, fail);
      const reply = await client.eval(
        saveScript,
        5,
        k.session(sessionId),
        ...indexKeys,
        sessionId,
        expectedVersion,
        json,
        index.approvalId ?? '',
        index.deadline ?? '',
        index.leaseOwner ?? '',
        index.leaseUntil ?? '',
      );
      return casResult(sessionId, expectedVersion, reply);
    },
    async delete(sessionId, expectedVersion) {
      storeInput.id('sessionId', sessionId);
      storeInput.version(expectedVersion);
      const reply = await client.eval(
        deleteScript,
        5,
        k.session(sessionId),
        ...indexKeys,
        sessionId,
        expectedVersion,
      );
      return casResult(sessionId, expectedVersion, reply);
    },
    async listParked({ limit, after }) {
      storeInput.limit(limit);
      if (after !== undefined) storeInput.id('after', after);
      const start = after === undefined ? '-' : `(${after}`;
      return summaries(await client.eval(parkedScript, 1, k.parked, k.sessionPrefix, start, limit));
    },
    async listExpiredApprovals(query) {
      return due(k.deadlines, query);
    },
    async listStalledRuns(query) {
      return due(k.leases, query);
    },
    async findApproval(approvalId) {
      storeInput.id('approvalId', approvalId);
      const [found] = summaries(
        await client.eval(findApprovalScript, 1, k.approvals, k.sessionPrefix, approvalId),
      );
      return found;
    },
  };
}

// A listing reply is flat: id, v, a, d, lo, lu for each session.
function summaries(reply: unknown): StoredSessionSummary[] {
  const flat = (Array.isArray(reply) ? reply : []).map((x) => String(x ?? ''));
  const out: StoredSessionSummary[] = [];
  for (let i = 0; i + 5 < flat.length; i += 6) {
    const [sessionId = '', v = '', a = '', d = '', lo = '', lu = ''] = flat.slice(i, i + 6);
    out.push({
      sessionId,
      version: Number(v),
      ...(a === '' ? {} : { approvalId: a }),
      ...(d === '' ? {} : { deadline: Number(d) }),
      ...(lo === '' ? {} : { leaseOwner: lo }),
      ...(lu === '' ? {} : { leaseUntil: Number(lu) }),
    });
  }
  return out;
}
