import {
  type DueQuery,
  type SaveResult,
  type StoredSession,
  type StoredSessionSummary,
  StoreInputError,
  storeInput,
  VersionConflictError,
  type VersionedSessionStore,
} from '../stored-run/contract.js';
import { encodeRecord, parseStoredRecord, type RecordIndex } from '../stored-run/record.js';

interface Row {
  version: number;
  json: string;
  index: RecordIndex;
}

/**
 * A versioned store in this process's memory: for tests, demos and single-process hosts. It
 * keeps records as JSON text, so what you load is always a copy and never shares objects with
 * what you saved.
 */
export function memoryVersionedStore(): VersionedSessionStore {
  const rows = new Map<string, Row>();
  const summary = (sessionId: string, row: Row): StoredSessionSummary => ({
    sessionId,
    version: row.version,
    ...row.index,
  });
  const all = () => [...rows].map(([id, row]) => summary(id, row));
  const fail = (message: string) => new StoreInputError(message);

  return {
    async load(sessionId) {
      const row = rows.get(storeInput.id('sessionId', sessionId));
      if (row === undefined) return undefined;
      const loaded: StoredSession = {
        sessionId,
        version: row.version,
        record: parseStoredRecord(row.json),
      };
      return loaded;
    },
    async save(sessionId, record, expectedVersion): Promise<SaveResult> {
      storeInput.id('sessionId', sessionId);
      storeInput.version(expectedVersion);
      const { json, index } = encodeRecord(record, fail);
      const current = rows.get(sessionId)?.version ?? 0;
      if (current !== expectedVersion)
        return { ok: false, error: new VersionConflictError(sessionId, expectedVersion, current) };
      rows.set(sessionId, { version: current + 1, json, index });
      return { ok: true, version: current + 1 };
    },
    async delete(sessionId, expectedVersion): Promise<SaveResult> {
      storeInput.id('sessionId', sessionId);
      storeInput.version(expectedVersion);
      const current = rows.get(sessionId)?.version ?? 0;
      if (current === 0 || current !== expectedVersion)
        return { ok: false, error: new VersionConflictError(sessionId, expectedVersion, current) };
      rows.delete(sessionId);
      return { ok: true, version: 0 };
    },
    async listParked({ limit, after }) {
      storeInput.limit(limit);
      if (after !== undefined) storeInput.id('after', after);
      return all()
        .filter((s) => s.approvalId !== undefined && (after === undefined || s.sessionId > after))
        .sort((a, b) => compare(a.sessionId, b.sessionId))
        .slice(0, limit);
    },
    async listExpiredApprovals(query) {
      return due(all(), query, (s) => s.deadline);
    },
    async listStalledRuns(query) {
      return due(all(), query, (s) => s.leaseUntil);
    },
    async findApproval(approvalId) {
      storeInput.id('approvalId', approvalId);
      return all().find((s) => s.approvalId === approvalId);
    },
  };
}

function due(
  rows: StoredSessionSummary[],
  query: DueQuery,
  at: (s: StoredSessionSummary) => number | undefined,
): StoredSessionSummary[] {
  const after = storeInput.due(query);
  const key = (s: StoredSessionSummary) => ({ at: at(s) ?? 0, sessionId: s.sessionId });
  const order = (a: { at: number; sessionId: string }, b: { at: number; sessionId: string }) =>
    a.at - b.at || compare(a.sessionId, b.sessionId);
  return rows
    .filter((s) => at(s) !== undefined && (at(s) ?? 0) <= query.now)
    .filter((s) => after === undefined || order(key(s), after) > 0)
    .sort((a, b) => order(key(a), key(b)))
    .slice(0, query.limit);
}

// Session ids order by code point, which is the byte order of their UTF-8 (PostgreSQL with
// COLLATE "C", Redis's lexical ranges): one paging order whatever the store.
function compare(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
