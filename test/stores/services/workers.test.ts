import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  interruptedCallResult,
  parseSession,
  runStored,
  type VersionedSessionStore,
} from '../../../src/internal.js';
import { migratePostgres, postgresStore } from '../../../src/stores/postgres/index.js';
import { migrateRedis, redisStore } from '../../../src/stores/redis/index.js';
import { conversationModel, options, recordingTools } from '../../stored-run/fixtures.js';
import { dropPrefixes, dropTables } from './cleanup.js';
import { pgPool, redisClient, runId } from './env.js';
import type { WorkerJob } from './worker.js';

// Real worker processes race on one store. Their tools and model write to a shared log; the
// test counts executions there and kills workers with SIGKILL at chosen points.

// Inside the repository, so the bundle's package imports resolve from node_modules.
const cache = new URL('../../../node_modules/.cache/', import.meta.url).pathname;
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'planfirst-workers-'));
const workerFile = join(dir, 'worker.mjs');
const pool = pgPool();
const redis = redisClient();
const tables: string[] = [];
const prefixes: string[] = [];
const children = new Set<ChildProcess>();

beforeAll(async () => {
  await build({
    entryPoints: [new URL('./worker.ts', import.meta.url).pathname],
    outfile: workerFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'error',
  });
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await dropTables(pool, tables);
  await dropPrefixes(redis, prefixes);
  await pool.end();
  redis.disconnect();
  rmSync(dir, { recursive: true, force: true });
});

type Backend = 'postgres' | 'redis';
let count = 0;

async function fresh(
  backend: Backend,
): Promise<{ store: VersionedSessionStore; namespace: string }> {
  count += 1;
  if (backend === 'postgres') {
    const namespace = `planfirst_mp_${runId}_${count}`;
    tables.push(namespace);
    await migratePostgres(pool, { table: namespace });
    return { store: postgresStore(pool, { table: namespace }), namespace };
  }
  const namespace = `planfirst-mp-${runId}-${count}`;
  prefixes.push(namespace);
  await migrateRedis(redis, { prefix: namespace });
  return { store: redisStore(redis, { prefix: namespace }), namespace };
}

interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  result: Record<string, unknown> | undefined;
  stderr: string;
}

function start(job: WorkerJob): { child: ChildProcess; done: Promise<Finished> } {
  const child = spawn(process.execPath, [workerFile, JSON.stringify(job)], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const done = new Promise<Finished>((resolve) => {
    child.on('exit', (code, signal) => {
      children.delete(child);
      const line = stdout.trim().split('\n').at(-1) ?? '';
      let result: Record<string, unknown> | undefined;
      try {
        result = JSON.parse(line) as Record<string, unknown>;
      } catch {
        result = undefined;
      }
      resolve({ code, signal, result, stderr });
    });
  });
  return { child, done };
}

async function finished(job: WorkerJob): Promise<Record<string, unknown>> {
  const f = await start(job).done;
  expect(f.code, f.stderr).toBe(0);
  return f.result ?? {};
}

interface LogLine {
  event: string;
  name?: string;
  key?: string;
  attempt?: number;
  pid: number;
}

function readLog(file: string): LogLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as LogLine);
}

async function waitFor(file: string, event: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (readLog(file).some((l) => l.event === event)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${event} in ${file}`);
}

/** A session parked on its plan, made in this process with the same store. */
async function parked(store: VersionedSessionStore, sessionId: string, now?: () => number) {
  const r = await runStored(
    {
      store,
      model: conversationModel(),
      tools: recordingTools(),
      options,
      ...(now === undefined ? {} : { now }),
    },
    sessionId,
    { message: 'Write the file' },
  );
  if (r.outcome !== 'ran' || r.result.approval === undefined) throw new Error('not parked');
  return r.result.approval.approvalId;
}

const writes = (file: string) =>
  readLog(file).filter((l) => l.event === 'start' && l.name === 'write_file');

describe.each(['postgres', 'redis'] as const)('worker processes on %s', (backend) => {
  it('4 workers deliver the same approval at once: the write runs once, one ran, three duplicate', async () => {
    const { store, namespace } = await fresh(backend);
    const log = join(dir, `race-${backend}.log`);
    const approvalId = await parked(store, 's');
    const job: WorkerJob = {
      backend,
      namespace,
      kind: 'decide',
      sessionId: 's',
      log,
      decision: { action: 'approve', approvalId },
    };
    const results = await Promise.all([1, 2, 3, 4].map(() => finished(job)));
    expect(results.map((r) => r.outcome).sort()).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'ran',
    ]);
    expect(results.find((r) => r.outcome === 'ran')?.status).toBe('completed');
    for (const r of results.filter((x) => x.outcome === 'duplicate'))
      expect(r.reason).toBe('duplicate_decision');
    expect(writes(log)).toHaveLength(1);
    const session = parseSession((await store.load('s'))?.record.session);
    expect(session.planMode.approvals).toEqual([{ approvalId, outcome: 'approved' }]);
  });

  it('4 workers deliver conflicting decisions at once: exactly one applies, the others do nothing', async () => {
    const { store, namespace } = await fresh(backend);
    const log = join(dir, `mixed-${backend}.log`);
    const approvalId = await parked(store, 's');
    const results = await Promise.all(
      (['approve', 'reject', 'approve', 'reject'] as const).map((action) =>
        finished({
          backend,
          namespace,
          kind: 'decide',
          sessionId: 's',
          log,
          decision: { action, approvalId },
        }),
      ),
    );
    expect(results.filter((r) => r.outcome === 'ran')).toHaveLength(1);
    for (const r of results.filter((x) => x.outcome !== 'ran'))
      expect(['duplicate', 'ignored']).toContain(r.outcome);
    const outcome = parseSession((await store.load('s'))?.record.session).planMode.approvals?.[0]
      ?.outcome;
    expect(writes(log)).toHaveLength(outcome === 'approved' ? 1 : 0);
  });

  it('a worker killed during a tool: the next resumes, does not run the at-most-once write again, loses nothing', async () => {
    const { store, namespace } = await fresh(backend);
    const log = join(dir, `kill-tool-${backend}.log`);
    const approvalId = await parked(store, 's');
    const doomed = start({
      backend,
      namespace,
      kind: 'decide',
      sessionId: 's',
      log,
      hang: 'tool',
      decision: { action: 'approve', approvalId },
    });
    await waitFor(log, 'start');
    doomed.child.kill('SIGKILL');
    expect((await doomed.done).signal).toBe('SIGKILL');
    const r = await finished({ backend, namespace, kind: 'resume', sessionId: 's', log });
    expect(r).toMatchObject({ outcome: 'ran', status: 'completed' });
    expect(r.recovered).toEqual([
      expect.objectContaining({ name: 'write_file', action: 'reported', attempt: 1 }),
    ]);
    expect(writes(log)).toHaveLength(1);
    const session = parseSession((await store.load('s'))?.record.session);
    const result = session.messages.find((m) => m.role === 'tool' && m.toolName === 'write_file');
    expect(result).toMatchObject({ content: interruptedCallResult, isError: true });
    expect(session.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
  });

  it('a worker killed during an at-least-once tool: the next runs it again with the same idempotency key', async () => {
    const { store, namespace } = await fresh(backend);
    const log = join(dir, `kill-alo-${backend}.log`);
    const approvalId = await parked(store, 's');
    const doomed = start({
      backend,
      namespace,
      kind: 'decide',
      sessionId: 's',
      log,
      hang: 'tool',
      atLeastOnce: true,
      decision: { action: 'approve', approvalId },
    });
    await waitFor(log, 'start');
    doomed.child.kill('SIGKILL');
    await doomed.done;
    const r = await finished({
      backend,
      namespace,
      kind: 'resume',
      sessionId: 's',
      log,
      atLeastOnce: true,
    });
    expect(r).toMatchObject({ outcome: 'ran', status: 'completed' });
    const runs = writes(log);
    expect(runs.map((l) => l.attempt)).toEqual([1, 2]);
    expect(new Set(runs.map((l) => l.key)).size).toBe(1);
    expect(readLog(log).filter((l) => l.event === 'done')).toHaveLength(1);
  });

  it('a worker killed during a model call: the next calls the model again and the user message is kept once', async () => {
    const { store, namespace } = await fresh(backend);
    const log = join(dir, `kill-model-${backend}.log`);
    const doomed = start({
      backend,
      namespace,
      kind: 'message',
      sessionId: 's',
      log,
      hang: 'model',
    });
    await waitFor(log, 'model');
    doomed.child.kill('SIGKILL');
    await doomed.done;
    const r = await finished({ backend, namespace, kind: 'resume', sessionId: 's', log });
    expect(r).toMatchObject({ outcome: 'ran', status: 'awaiting_approval' });
    const session = parseSession((await store.load('s'))?.record.session);
    expect(
      session.messages.filter((m) => m.role === 'user' && m.content === 'Write the file'),
    ).toHaveLength(1);
    expect(readLog(log).filter((l) => l.event === 'model')).toHaveLength(2);
  });

  it('a worker killed after the write ran but before its result was saved: detected, reported, not run again', async () => {
    const { store, namespace } = await fresh(backend);
    const log = join(dir, `kill-save-${backend}.log`);
    const approvalId = await parked(store, 's');
    const doomed = start({
      backend,
      namespace,
      kind: 'decide',
      sessionId: 's',
      log,
      hang: 'save',
      decision: { action: 'approve', approvalId },
    });
    await waitFor(log, 'saving');
    doomed.child.kill('SIGKILL');
    await doomed.done;
    expect(readLog(log).filter((l) => l.event === 'done')).toHaveLength(1);
    const r = await finished({ backend, namespace, kind: 'resume', sessionId: 's', log });
    expect(r).toMatchObject({ outcome: 'ran', status: 'completed' });
    expect(r.recovered).toEqual([expect.objectContaining({ action: 'reported' })]);
    expect(writes(log)).toHaveLength(1);
    const session = parseSession((await store.load('s'))?.record.session);
    expect(session.planMode.approvals).toEqual([{ approvalId, outcome: 'approved' }]);
  });

  it('4 workers sweep expired approvals at once: each times out exactly once', async () => {
    const { store, namespace } = await fresh(backend);
    const log = join(dir, `sweep-${backend}.log`);
    const ids = Array.from({ length: 12 }, (_, i) => `s${i}`);
    // Parked long ago: every deadline has passed.
    for (const id of ids) await parked(store, id, () => 1_000);
    const reports = await Promise.all(
      [1, 2, 3, 4].map(() => finished({ backend, namespace, kind: 'sweep', log })),
    );
    const entries = reports.flatMap((r) => r as unknown as { sessionId: string; code: string }[]);
    const timedOut = entries.filter((e) => e.code === 'timed_out').map((e) => e.sessionId);
    expect(timedOut.sort()).toEqual([...ids].sort());
    for (const e of entries.filter((x) => x.code !== 'timed_out'))
      expect(e.code).toBe('already_handled');
    for (const id of ids) {
      const loaded = await store.load(id);
      const session = parseSession(loaded?.record.session);
      expect(session.planMode.approval).toBe('timed_out');
      expect(
        session.messages.filter((m) => m.role === 'user' && m.kind === 'plan_timed_out'),
      ).toHaveLength(1);
      expect(loaded?.record.approval).toBeUndefined();
    }
    expect(await store.listExpiredApprovals({ now: Date.now(), limit: 100 })).toEqual([]);
  });
});
