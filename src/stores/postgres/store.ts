import {
  type DueQuery,
  encodeRecord,
  parseStoredRecord,
  parseStoredVersion,
  type SaveResult,
  type StoredSessionSummary,
  StoreInputError,
  storeInput,
  VersionConflictError,
  type VersionedSessionStore,
} from '../../internal.js';
import { type PostgresStoreOptions, type SqlClient, tableNames, toNumber } from './sql.js';

const summaryColumns = 'session_id, version, approval_id, deadline, lease_owner, lease_until';

/**
 * The versioned store on PostgreSQL. Every operation is a single statement: a save is an
 * `UPDATE … WHERE version = $expected` (or an `INSERT … ON CONFLICT DO NOTHING` for a new
 * session), so two writers can never both succeed. Run `migratePostgres` once first.
 */
export function postgresStore(
  client: SqlClient,
  options: PostgresStoreOptions = {},
): VersionedSessionStore {
  const t = tableNames(options.table).quoted;
  const fail = (message: string) => new StoreInputError(message);
  const rows = async (text: string, params: unknown[]) =>
    (await client.query(text, params)).rows as Record<string, unknown>[];
  const currentVersion = async (sessionId: string) =>
    toNumber(
      (await rows(`SELECT version FROM ${t} WHERE session_id = $1`, [sessionId]))[0]?.version,
    ) ?? 0;
  const conflict = async (sessionId: string, expected: number): Promise<SaveResult> => ({
    ok: false,
    error: new VersionConflictError(sessionId, expected, await currentVersion(sessionId)),
  });

  const due = async (column: 'deadline' | 'lease_until', query: DueQuery) => {
    const after = storeInput.due(query);
    return (
      await rows(
        `SELECT ${summaryColumns} FROM ${t} WHERE ${column} <= $1
         AND ($3::bigint IS NULL OR (${column}, session_id) > ($3::bigint, $4::text))
         ORDER BY ${column}, session_id LIMIT $2`,
        [Math.floor(query.now), query.limit, after?.at ?? null, after?.sessionId ?? null],
      )
    ).map(toSummary);
  };

  return {
    async load(sessionId) {
      storeInput.id('sessionId', sessionId);
      const [row] = await rows(`SELECT version, record FROM ${t} WHERE session_id = $1`, [
        sessionId,
      ]);
      if (row === undefined) return undefined;
      return {
        sessionId,
        version: parseStoredVersion(row.version),
        // Text (or what a driver already parsed); either way a bad one is a SessionError.
        record: parseStoredRecord(row.record),
      };
    },
    async save(sessionId, record, expectedVersion) {
      storeInput.id('sessionId', sessionId);
      storeInput.version(expectedVersion);
      const { json, index } = encodeRecord(record, fail);
      const values = [
        sessionId,
        json,
        index.approvalId ?? null,
        index.deadline ?? null,
        index.leaseOwner ?? null,
        index.leaseUntil ?? null,
      ];
      const saved =
        expectedVersion === 0
          ? await rows(
              `INSERT INTO ${t} (session_id, version, record, approval_id, deadline, lease_owner, lease_until)
               VALUES ($1, 1, $2, $3, $4, $5, $6)
               ON CONFLICT (session_id) DO NOTHING RETURNING version`,
              values,
            )
          : await rows(
              `UPDATE ${t} SET version = version + 1, record = $2, approval_id = $3,
                 deadline = $4, lease_owner = $5, lease_until = $6, updated_at = now()
               WHERE session_id = $1 AND version = $7 RETURNING version`,
              [...values, expectedVersion],
            );
      const version = toNumber(saved[0]?.version);
      return version === undefined ? conflict(sessionId, expectedVersion) : { ok: true, version };
    },
    async delete(sessionId, expectedVersion) {
      storeInput.id('sessionId', sessionId);
      storeInput.version(expectedVersion);
      const deleted = await rows(
        `DELETE FROM ${t} WHERE session_id = $1 AND version = $2 RETURNING version`,
        [sessionId, expectedVersion],
      );
      return deleted.length === 1 ? { ok: true, version: 0 } : conflict(sessionId, expectedVersion);
    },
    async listParked({ limit, after }) {
      storeInput.limit(limit);
      if (after !== undefined) storeInput.id('after', after);
      return (
        await rows(
          `SELECT ${summaryColumns} FROM ${t}
           WHERE approval_id IS NOT NULL AND ($1::text IS NULL OR session_id > $1::text)
           ORDER BY session_id LIMIT $2`,
          [after ?? null, limit],
        )
      ).map(toSummary);
    },
    async listExpiredApprovals(query) {
      return due('deadline', query);
    },
    async listStalledRuns(query) {
      return due('lease_until', query);
    },
    async findApproval(approvalId) {
      storeInput.id('approvalId', approvalId);
      const [row] = await rows(
        `SELECT ${summaryColumns} FROM ${t} WHERE approval_id = $1 LIMIT 1`,
        [approvalId],
      );
      return row === undefined ? undefined : toSummary(row);
    },
  };
}

function toSummary(row: Record<string, unknown>): StoredSessionSummary {
  const approvalId = row.approval_id;
  const deadline = toNumber(row.deadline);
  const leaseOwner = row.lease_owner;
  const leaseUntil = toNumber(row.lease_until);
  return {
    sessionId: String(row.session_id),
    version: toNumber(row.version) ?? 0,
    ...(typeof approvalId === 'string' ? { approvalId } : {}),
    ...(deadline === undefined ? {} : { deadline }),
    ...(typeof leaseOwner === 'string' ? { leaseOwner } : {}),
    ...(leaseUntil === undefined ? {} : { leaseUntil }),
  };
}
