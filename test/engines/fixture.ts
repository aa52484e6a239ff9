// What both engine services run (test/engines/*-service.ts): a model that answers from the
// conversation alone (so a restarted process replies the same), tools that record every
// execution in a PostgreSQL ledger the tests audit, and crash points: a file named after a
// point in the crash directory makes the process SIGKILL itself there, once.
import { existsSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import type {
  AssistantMessage,
  ModelClient,
  ModelRequest,
  StoredToolContext,
  ToolCallBlock,
} from '../../src/index.js';
import { assistant, toolCall } from '../../src/testing/index.js';

export const ledgerTable = 'planfirst_engine_ledger';

export async function migrateLedger(pool: pg.Pool): Promise<void> {
  await pool.query(`CREATE TABLE IF NOT EXISTS ${ledgerTable} (
    id bigserial PRIMARY KEY, engine text NOT NULL, session_id text NOT NULL,
    call_id text NOT NULL, name text NOT NULL, idempotency_key text NOT NULL,
    attempt int NOT NULL, pid int NOT NULL, at timestamptz NOT NULL DEFAULT now())`);
}

export const definitions = [
  {
    name: 'read_file',
    description: 'Read a file.',
    parameters: { type: 'object' },
    readOnly: true,
  },
  { name: 'write_file', description: 'Write a file.', parameters: { type: 'object' } },
  { name: 'charge_card', description: 'Charge a card.', parameters: { type: 'object' } },
];

/** Dies here if the test asked for it (once: the marker is removed first). */
export function crashPoint(dir: string | undefined, point: string): void {
  if (dir === undefined) return;
  const marker = join(dir, point);
  if (!existsSync(marker)) return;
  unlinkSync(marker);
  process.kill(process.pid, 'SIGKILL');
}

/**
 * A task → first a write (the gate blocks it in plan mode) → a plan; approval → a write, a
 * read and a charge in one message; their results → "Done.". After a timeout or rejection it
 * stops with a question instead of proposing again.
 */
export function engineModel(crashDir?: string): ModelClient {
  return async (request: ModelRequest): Promise<AssistantMessage> => {
    crashPoint(crashDir, 'model');
    const n = request.messages.length;
    const last = request.messages.at(-1);
    const planning = request.tools.some((t) => t.name === 'exit_plan_mode');
    if (last?.role === 'user' && last.kind === 'plan_approved')
      return assistant(
        'Carrying out the plan.',
        toolCall('write_file', { path: 'out.txt' }, `w${n}`),
        toolCall('read_file', { path: 'out.txt' }, `r${n}`),
        toolCall('charge_card', { cents: 100 }, `c${n}`),
      );
    if (last?.role === 'user' && last.source !== 'planfirst' && planning)
      return assistant(toolCall('write_file', { path: 'early.txt' }, `b${n}`));
    if (last?.role === 'tool' && planning)
      return assistant(
        toolCall(
          'exit_plan_mode',
          { title: 'Write out.txt', steps: [{ text: 'Write it' }] },
          `p${n}`,
        ),
      );
    if (last?.role === 'user' && last.source === 'planfirst')
      return assistant('Understood. Tell me when you want to try again?');
    return assistant('Done.');
  };
}

export function ledgerTools(pool: pg.Pool, engine: string, crashDir?: string) {
  return {
    definitions,
    async execute(call: ToolCallBlock, context: StoredToolContext): Promise<string> {
      crashPoint(crashDir, `before:${call.name}`);
      await pool.query(
        `INSERT INTO ${ledgerTable} (engine, session_id, call_id, name, idempotency_key, attempt, pid)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          engine,
          context.sessionId,
          call.id,
          call.name,
          context.idempotencyKey,
          context.attempt,
          process.pid,
        ],
      );
      crashPoint(crashDir, `after:${call.name}`);
      return `${call.name} ok`;
    },
  };
}
