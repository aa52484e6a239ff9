import type { SqlClient } from './sql.js';
import { type PostgresStoreOptions, tableNames } from './sql.js';

/**
 * Creates the sessions table and its indexes if they are missing. Idempotent and safe to call
 * from every worker at start-up, concurrently: it runs as one statement under an advisory lock,
 * and later versions only add what is missing.
 */
export async function migratePostgres(
  client: SqlClient,
  options: PostgresStoreOptions = {},
): Promise<void> {
  const { quoted, bare } = tableNames(options.table);
  const name = (suffix: string) => `"${bare}_${suffix}"`;
  const lockKey = `planfirst:${quoted}`.replaceAll("'", "''");
  await client.query(`DO $planfirst$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('${lockKey}'));
  CREATE TABLE IF NOT EXISTS ${quoted} (
    session_id text COLLATE "C" PRIMARY KEY,
    version bigint NOT NULL CHECK (version > 0),
    record text NOT NULL,
    approval_id text,
    deadline bigint,
    lease_owner text,
    lease_until bigint,
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX IF NOT EXISTS ${name('parked')} ON ${quoted} (session_id) WHERE approval_id IS NOT NULL;
  CREATE INDEX IF NOT EXISTS ${name('approval')} ON ${quoted} (approval_id) WHERE approval_id IS NOT NULL;
  CREATE INDEX IF NOT EXISTS ${name('deadline')} ON ${quoted} (deadline, session_id) WHERE deadline IS NOT NULL;
  CREATE INDEX IF NOT EXISTS ${name('lease')} ON ${quoted} (lease_until, session_id) WHERE lease_until IS NOT NULL;
END
$planfirst$`);
}
