// Store overhead of the stored-run driver on the real PostgreSQL and Redis (settings as in
// test/stores/services/env.ts). Run with `npm run bench:stores`; prints a markdown table.
//
// - save / load: one compare-and-set save or one load of a typical session record (12
//   messages, ~6 KB of JSON), measured one at a time.
// - per step: the same plan → approve → three writes → answer run driven by `runStored` on the
//   memory store and on each server; the difference per save is what the store adds.
// - throughput: many sessions run that conversation concurrently on one server.
// - bare write: the server's own floor for one durable write (a one-row UPDATE, a SET), so the
//   store's share can be told from the disk's.
import { performance } from 'node:perf_hooks';
import {
  createSession,
  memoryVersionedStore,
  runStored,
  type StoredRecord,
  type VersionedSessionStore,
} from '../src/index.js';
import { migratePostgres, postgresStore } from '../src/stores/postgres/index.js';
import { migrateRedis, redisStore } from '../src/stores/redis/index.js';
import { conversationModel, options, recordingTools } from '../test/stored-run/fixtures.js';
import { dropPrefixes, dropTables } from '../test/stores/services/cleanup.js';
import { pgPool, redisClient, runId } from '../test/stores/services/env.js';

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const ms = (n: number) => `${n.toFixed(3)} ms`;

function typicalRecord(): StoredRecord {
  const session = createSession(options, { now: 0 });
  const messages = Array.from({ length: 12 }, (_, i) => ({
    role: 'user' as const,
    content: `message ${i}: ${'lorem ipsum dolor sit amet '.repeat(18)}`,
  }));
  return { session: { ...session, messages }, lease: { owner: 'bench', until: 1 } };
}

async function latencies(store: VersionedSessionStore, n: number, id: string) {
  const record = typicalRecord();
  let version = 0;
  const save: number[] = [];
  const load: number[] = [];
  for (let i = 0; i < n; i++) {
    let t = performance.now();
    const r = await store.save(id, record, version);
    save.push(performance.now() - t);
    if (!r.ok) throw r.error;
    version = r.version;
    t = performance.now();
    await store.load(id);
    load.push(performance.now() - t);
  }
  save.sort((a, b) => a - b);
  load.sort((a, b) => a - b);
  return { save, load };
}

/** One whole conversation; returns the saves it made (versions) and its duration. */
async function conversation(store: VersionedSessionStore, id: string) {
  const config = {
    store,
    model: conversationModel({ writes: ['write_file', 'write_file', 'write_file'] }),
    tools: recordingTools(),
    options,
  };
  const t = performance.now();
  const first = await runStored(config, id, { message: 'Write the files' });
  if (first.outcome !== 'ran' || first.result.approval === undefined) throw new Error('no plan');
  const decision = { action: 'approve' as const, approvalId: first.result.approval.approvalId };
  const second = await runStored(config, id, { decision });
  if (second.outcome !== 'ran') throw new Error(second.outcome);
  return { saves: second.version, ms: performance.now() - t };
}

/** The server's own floor: a bare single-row UPDATE (a commit) or SET, one at a time. */
async function floor(run: () => Promise<unknown>, n: number) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return pct(
    times.sort((a, b) => a - b),
    50,
  );
}

async function perStep(store: VersionedSessionStore, runs: number, tag: string) {
  const times: number[] = [];
  let saves = 0;
  for (let i = 0; i < runs; i++) {
    const r = await conversation(store, `${tag}-${i}`);
    times.push(r.ms);
    saves = r.saves;
  }
  times.sort((a, b) => a - b);
  return { median: pct(times, 50), saves };
}

async function throughput(store: VersionedSessionStore, sessions: number, tag: string) {
  const t = performance.now();
  await Promise.all(Array.from({ length: sessions }, (_, i) => conversation(store, `${tag}-${i}`)));
  const seconds = (performance.now() - t) / 1000;
  return sessions / seconds;
}

const pool = pgPool(20);
// The same server without waiting for the WAL flush at commit: shows what the disk costs.
const asyncCommit = pgPool(20, '-c synchronous_commit=off');
const redis = redisClient();
const table = `planfirst_bench_${runId}`;
const prefix = `planfirst-bench-${runId}`;
try {
  await migratePostgres(pool, { table });
  await migrateRedis(redis, { prefix });
  await pool.query(`CREATE TABLE IF NOT EXISTS ${table}_floor (id int PRIMARY KEY, v int)`);
  await pool.query(`INSERT INTO ${table}_floor VALUES (1, 0) ON CONFLICT DO NOTHING`);
  const update = (p: typeof pool) => () =>
    p.query(`UPDATE ${table}_floor SET v = v + 1 WHERE id = 1`);
  const stores: [string, VersionedSessionStore, () => Promise<unknown>][] = [
    ['PostgreSQL', postgresStore(pool, { table }), update(pool)],
    [
      'PostgreSQL, synchronous_commit=off',
      postgresStore(asyncCommit, { table }),
      update(asyncCommit),
    ],
    ['Redis', redisStore(redis, { prefix }), () => redis.set(`{${prefix}}:floor`, 'x')],
  ];
  const memory = memoryVersionedStore();
  await perStep(memory, 20, 'warm');
  const base = await perStep(memory, 100, 'mem');
  console.log(`memory store: one conversation ${ms(base.median)} median, ${base.saves} saves\n`);
  console.log(
    '| store | bare write p50 | save p50 | save p95 | load p50 | load p95 | added per save (driver) | conversations/s (200 concurrent) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, store, bare] of stores) {
    const bareP50 = await floor(bare, 300);
    await latencies(store, 50, `warm-${name}`);
    const { save, load } = await latencies(store, 500, `latency-${name}`);
    await perStep(store, 10, `warm-${name}`);
    const run = await perStep(store, 100, name);
    const added = (run.median - base.median) / run.saves;
    const rate = await throughput(store, 200, `tp-${name}`);
    console.log(
      `| ${name} | ${ms(bareP50)} | ${ms(pct(save, 50))} | ${ms(pct(save, 95))} | ${ms(pct(load, 50))} | ${ms(pct(load, 95))} | ${ms(added)} | ${rate.toFixed(0)} |`,
    );
  }
} finally {
  await dropTables(pool, [table, `${table}_floor`]);
  await asyncCommit.end();
  await dropPrefixes(redis, [prefix]);
  await pool.end();
  redis.disconnect();
}
