// What both engine services run (test/engines/*-service.ts): planfirst/testing's conformance
// model and tools, the tools recording every execution in a PostgreSQL ledger the tests audit,
// and crash points: a file named after a point in the crash directory makes the process
// SIGKILL itself there, once.
import { existsSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import {
  type EngineLedgerEntry,
  engineConformanceModel,
  engineConformanceTools,
} from '../../src/testing/index.js';

export const ledgerTable = 'planfirst_engine_ledger';

export async function migrateLedger(pool: pg.Pool): Promise<void> {
  await pool.query(`CREATE TABLE IF NOT EXISTS ${ledgerTable} (
    id bigserial PRIMARY KEY, engine text NOT NULL, session_id text NOT NULL,
    call_id text NOT NULL, name text NOT NULL, idempotency_key text NOT NULL,
    attempt int NOT NULL, pid int NOT NULL, at timestamptz NOT NULL DEFAULT now())`);
}

/** Dies here if the test asked for it (once: the marker is removed first). */
export function crashPoint(dir: string | undefined, point: string): void {
  if (dir === undefined) return;
  const marker = join(dir, point);
  if (!existsSync(marker)) return;
  unlinkSync(marker);
  process.kill(process.pid, 'SIGKILL');
}

export function engineModel(crashDir?: string) {
  return engineConformanceModel({ beforeCall: () => crashPoint(crashDir, 'model') });
}

export function ledgerTools(pool: pg.Pool, engine: string, crashDir?: string) {
  return engineConformanceTools({
    before: (call) => crashPoint(crashDir, `before:${call.name}`),
    after: (call) => crashPoint(crashDir, `after:${call.name}`),
    record: async (e) => {
      await pool.query(
        `INSERT INTO ${ledgerTable} (engine, session_id, call_id, name, idempotency_key, attempt, pid)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [engine, e.sessionId, e.callId, e.name, e.idempotencyKey, e.attempt, process.pid],
      );
    },
  });
}

export async function ledger(
  pool: pg.Pool,
  engine: string,
  sessionId: string,
): Promise<EngineLedgerEntry[]> {
  const r = await pool.query<EngineLedgerEntry>(
    `SELECT session_id AS "sessionId", call_id AS "callId", name,
            idempotency_key AS "idempotencyKey", attempt
     FROM ${ledgerTable} WHERE engine = $1 AND session_id = $2 ORDER BY id`,
    [engine, sessionId],
  );
  return r.rows;
}
