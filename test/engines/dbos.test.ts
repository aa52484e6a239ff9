// planfirst/dbos on the machine's PostgreSQL (a database of its own per run). The service is
// supervised: SIGKILLed, it is restarted and DBOS.launch() recovers its workflows. Deciders
// are processes of their own, each with its own DBOS executor.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type EngineConformanceHost, engineConformance } from '../../src/testing/index.js';
import { pgPool, runId, services } from '../stores/services/env.js';
import { ledger, migrateLedger } from './fixture.js';
import { armCrash, crashDir, freePort, root, Supervised } from './harness.js';

let pool: pg.Pool;
let service: Supervised;
let crash: string;
let port = 0;
const database = `planfirst_dbos_${runId}`.toLowerCase();
const { host, user } = services.postgres;
const dbUrl = `postgresql://${user}@${host}:${services.postgres.port}/${database}`;

async function call(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = await fetch(`http://127.0.0.1:${port}/`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${String(body.op)}: ${r.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

function decider(sessionId: string, decision: unknown): Promise<Record<string, unknown>> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        'scripts/run-ts.mjs',
        'test/engines/dbos-service.ts',
        'decide',
        dbUrl,
        'planfirst',
        sessionId,
        JSON.stringify(decision),
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.on('exit', (status) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (status === 0) done(JSON.parse(line) as Record<string, unknown>);
      else fail(new Error(`decider exited ${status}: ${out}`));
    });
  });
}

beforeAll(async () => {
  pool = pgPool(4);
  await migrateLedger(pool);
  crash = crashDir();
  port = await freePort();
  service = new Supervised(
    process.execPath,
    ['scripts/run-ts.mjs', 'test/engines/dbos-service.ts', 'service', String(port), crash, dbUrl],
    process.env.PLANFIRST_ENGINE_LOG ?? join(crash, 'service.log'),
  );
  service.start();
  await service.whenReady();
});

afterAll(async () => {
  service?.stop();
  await pool?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  await pool?.end();
});

const bindings = { default: 'planfirst', shortTimeout: 'planfirstShort' } as const;

describe('planfirst/dbos on PostgreSQL', () => {
  const host: EngineConformanceHost = {
    start: async (b, sessionId, message) => {
      const name = bindings[b];
      await call({ name, op: 'start', sessionId, input: { message }, runId: `m-${sessionId}` });
    },
    status: (b, sessionId) => call({ name: bindings[b], op: 'status', sessionId }) as never,
    decide: (b, sessionId, decision) =>
      call({ name: bindings[b], op: 'decide', sessionId, decision }) as never,
    decideConcurrently: (n, sessionId, decision) =>
      Promise.all(Array.from({ length: n }, () => decider(sessionId, decision))) as never,
    decideToken: (sessionId, token) => call({ op: 'decideToken', sessionId, token }) as never,
    answer: (b, sessionId, answer) =>
      call({ name: bindings[b], op: 'answer', sessionId, answer }) as never,
    answerToken: (sessionId, token) => call({ op: 'answerToken', sessionId, token }) as never,
    crashAt: (point) => armCrash(crash, point),
    kill: () => service.kill(),
    deaths: () => service.deaths,
    ledger: (id) => ledger(pool, 'dbos', id),
  };
  for (const c of engineConformance(host, { prefix: 'dbos' })) it(c.name, c.run);
});
