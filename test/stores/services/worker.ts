// One worker process of the multi-process tests (bundled by workers.test.ts, run with node).
// It does one job against the real PostgreSQL or Redis store and prints what happened as JSON.
// Its tools and model write what they do to a shared log file, line by line, so the test can
// count executions across processes and kill this worker at a chosen point.
import { appendFileSync } from 'node:fs';
import {
  parseSession,
  runStored,
  type StoredRecord,
  type StoredRunResult,
  sweepExpiredApprovals,
  type VersionedSessionStore,
} from '../../../src/index.js';
import { postgresStore } from '../../../src/stores/postgres/index.js';
import { redisStore } from '../../../src/stores/redis/index.js';
import { conversationModel, options, recordingTools } from '../../stored-run/fixtures.js';
import { pgPool, redisClient } from './env.js';

export interface WorkerJob {
  backend: 'postgres' | 'redis';
  namespace: string;
  kind: 'message' | 'decide' | 'resume' | 'sweep';
  sessionId?: string;
  decision?: { action: 'approve' | 'reject'; approvalId: string };
  leaseMs?: number;
  log: string;
  /** Where to stop and wait to be killed. */
  hang?: 'model' | 'tool' | 'save';
  atLeastOnce?: boolean;
}

const job = JSON.parse(process.argv[2] ?? '{}') as WorkerJob;
const log = (event: Record<string, unknown>) =>
  appendFileSync(job.log, `${JSON.stringify({ ...event, pid: process.pid })}\n`);
const forever = () => new Promise<never>(() => setInterval(() => undefined, 60_000));

const pool = job.backend === 'postgres' ? pgPool(2) : undefined;
const redis = job.backend === 'redis' ? redisClient() : undefined;
const base: VersionedSessionStore =
  pool !== undefined
    ? postgresStore(pool, { table: job.namespace })
    : redisStore(redis as NonNullable<typeof redis>, { prefix: job.namespace });

// Stops before the save that records a finished write: "executed, not yet saved".
const store: VersionedSessionStore = {
  ...base,
  async save(sessionId: string, record: StoredRecord, expected: number) {
    const written = record.session.messages.some(
      (m) => m.role === 'tool' && m.toolName === 'write_file',
    );
    if (job.hang === 'save' && written) {
      log({ event: 'saving' });
      return forever();
    }
    return base.save(sessionId, record, expected);
  },
};

const tools = recordingTools(async (call, context) => {
  log({ event: 'start', name: call.name, key: context.idempotencyKey, attempt: context.attempt });
  if (job.hang === 'tool') return forever();
  log({ event: 'done', name: call.name, key: context.idempotencyKey });
  return `${call.name} ok`;
});
const model = conversationModel({
  beforeReply: async () => {
    log({ event: 'model' });
    if (job.hang === 'model') await forever();
  },
});
const config = {
  store,
  model,
  tools,
  options,
  leaseMs: job.leaseMs ?? 1_000,
  ...(job.atLeastOnce === true ? { delivery: () => 'at-least-once' as const } : {}),
};

function summary(r: StoredRunResult) {
  return {
    outcome: r.outcome,
    ...(r.outcome === 'ran'
      ? {
          status: r.result.status,
          recovered: r.recovered,
          messages: r.result.session.messages.length,
        }
      : {}),
    ...('reason' in r ? { reason: r.reason } : {}),
  };
}

async function main(): Promise<unknown> {
  const id = job.sessionId ?? 'missing';
  switch (job.kind) {
    case 'message':
      return summary(await runStored(config, id, { message: 'Write the file' }));
    case 'decide':
      return summary(
        await runStored(config, id, {
          decision: job.decision ?? { action: 'approve', approvalId: '' },
        }),
      );
    case 'resume': {
      // The dead worker's lease must run out first: retry while busy.
      for (let i = 0; i < 300; i++) {
        const r = await runStored(config, id, { resume: true });
        if (r.outcome !== 'busy') {
          const loaded = await store.load(id);
          parseSession(loaded?.record.session);
          return summary(r);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { outcome: 'still busy' };
    }
    case 'sweep':
      return sweepExpiredApprovals({ store, options, batch: 5 });
  }
}

try {
  process.stdout.write(`${JSON.stringify(await main())}\n`);
} finally {
  await pool?.end();
  redis?.disconnect();
}
