// Added time per step of each durable path, on this machine in one run: `npm run bench:engines`.
// The same conversation (bench/engines-fixture.ts: 8 mutating tool calls, 17 effects, plan
// mode off) runs on runStored with the memory store (the baseline: the loop alone), runStored
// on PostgreSQL, planfirst/restate (a real restate-server from node_modules, the service on
// Node 22, called synchronously over the ingress) and planfirst/dbos (in this process, on the
// same PostgreSQL). Each row: the median run and what it adds per step over the baseline.
// Prints a markdown table and the load average before and after.
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { DBOS } from '@dbos-inc/dbos-sdk';
import { planfirstDbos } from '../src/engines/dbos.js';
import { memoryVersionedStore, runStored, type VersionedSessionStore } from '../src/index.js';
import { migratePostgres, postgresStore } from '../src/stores/postgres/index.js';
import { startRestate } from '../test/engines/harness.js';
import { dropTables } from '../test/stores/services/cleanup.js';
import { pgPool, runId, services } from '../test/stores/services/env.js';
import { benchModel, benchSteps, benchTools } from './engines-fixture.js';

const runs = Number(process.env.BENCH_RUNS ?? 30);
const warm = 5;
const effects = 2 * benchSteps + 1;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function timed(tag: string, one: (id: string) => Promise<void>) {
  for (let i = 0; i < warm; i++) await one(`${tag}-warm-${i}-${runId}`);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await one(`${tag}-${i}-${runId}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p90: pct(times, 90) };
}

const onStore = (store: VersionedSessionStore) => async (id: string) => {
  const r = await runStored({ store, model: benchModel, tools: benchTools }, id, {
    message: 'Write the files',
  });
  if (r.outcome !== 'ran' || r.result.status !== 'completed')
    throw new Error(`runStored: ${JSON.stringify(r.outcome)}`);
};

const pool = pgPool(4);
const table = `planfirst_bench_engines_${runId}`.toLowerCase();
const dbosDatabase = `planfirst_bench_dbos_${runId}`.toLowerCase();
const { host, user, port } = services.postgres;
let restate: Awaited<ReturnType<typeof startRestate>> | undefined;
const rows: [string, { p50: number; p90: number }][] = [];
const before = load();
try {
  await migratePostgres(pool, { table });
  restate = await startRestate('bench/engines-restate-service.ts', []);
  const ingress = restate.ingress;
  const dbos = planfirstDbos({ name: 'bench', model: benchModel, tools: benchTools });
  DBOS.setConfig({
    name: 'planfirst-bench',
    systemDatabaseUrl: `postgresql://${user}@${host}:${port}/${dbosDatabase}`,
    applicationVersion: 'bench',
    logLevel: 'warn',
    runAdminServer: false,
  });
  await DBOS.launch();

  rows.push([
    'runStored, memory store (baseline)',
    await timed('mem', onStore(memoryVersionedStore())),
  ]);
  rows.push(['runStored, PostgreSQL', await timed('pg', onStore(postgresStore(pool, { table })))]);
  rows.push([
    'planfirst/restate',
    await timed('restate', async (id) => {
      const r = await fetch(`${ingress}/benchSession/${id}/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Write the files' }),
      });
      const out = (await r.json()) as { result?: { status?: string } };
      if (out.result?.status !== 'completed') throw new Error(`restate: ${JSON.stringify(out)}`);
    }),
  ]);
  rows.push([
    'planfirst/dbos',
    await timed('dbos', async (id) => {
      await dbos.start(id, { message: 'Write the files' }, 'm');
      const out = await dbos.result(id, 'm', 120);
      if (out?.result.status !== 'completed') throw new Error(`dbos: ${JSON.stringify(out)}`);
    }),
  ]);
} finally {
  await DBOS.shutdown().catch(() => undefined);
  restate?.stop();
  await dropTables(pool, [table]).catch(() => undefined);
  await pool.query(`DROP DATABASE IF EXISTS ${dbosDatabase} WITH (FORCE)`).catch(() => undefined);
  await pool.end();
}

const base = rows[0]?.[1].p50 ?? 0;
console.log(
  `${runs} runs per path (after ${warm} warm-up runs) of one conversation with ${effects} steps (model and tool calls); load average ${before} before, ${load()} after, ${cpus().length} CPUs\n`,
);
console.log('| path | run p50 | run p90 | added per step (p50 vs baseline) |');
console.log('| --- | --- | --- | --- |');
for (const [name, t] of rows)
  console.log(
    `| ${name} | ${t.p50.toFixed(1)} ms | ${t.p90.toFixed(1)} ms | ${name.includes('baseline') ? '—' : `${((t.p50 - base) / effects).toFixed(2)} ms`} |`,
  );
process.exit(0);
