// planfirst/restate on a real restate-server (the binary npm installs with
// @restatedev/restate-server) on free loopback ports. The service runs on Node 22 (the Restate
// SDK needs it), supervised: SIGKILLed, it is restarted and Restate retries its invocations.
import { rmSync } from 'node:fs';
import type pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type EngineConformanceHost, engineConformance } from '../../src/testing/index.js';
import { pgPool } from '../stores/services/env.js';
import { ledger, migrateLedger } from './fixture.js';
import { armCrash, crashDir, inProcess, type Supervised, startRestate } from './harness.js';

let pool: pg.Pool;
let restate: Awaited<ReturnType<typeof startRestate>>;
let service: Supervised;
let crash: string;
let ingress = '';

async function call(path: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await fetch(`${ingress}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${path}: ${r.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

beforeAll(async () => {
  pool = pgPool(4);
  await migrateLedger(pool);
  crash = crashDir();
  restate = await startRestate(
    'test/engines/restate-service.ts',
    [crash],
    process.env.PLANFIRST_ENGINE_LOG,
  );
  ingress = restate.ingress;
  service = restate.service;
});

afterAll(async () => {
  restate?.stop();
  await pool?.end();
  rmSync(crash, { recursive: true, force: true });
});

const bindings = { default: 'planfirst', shortTimeout: 'planfirstShort' } as const;

describe('planfirst/restate on a real restate-server', () => {
  const host: EngineConformanceHost = {
    start: async (b, id, message) => {
      await call(`${bindings[b]}Session/${id}/run/send`, { message });
    },
    status: (b, id) => call(`${bindings[b]}Session/${id}/status`, null) as never,
    decide: (b, id, decision) => call(`${bindings[b]}Session/${id}/decide`, { decision }) as never,
    decideConcurrently: async (n, id, decision) => {
      const code = `const r = await fetch(${JSON.stringify(`${ingress}/planfirstSession/${id}/decide`)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(JSON.stringify({ decision }))} }); process.stdout.write(await r.text());`;
      const outs = await Promise.all(Array.from({ length: n }, () => inProcess(code)));
      return outs.map((o) => JSON.parse(o) as { outcome: string });
    },
    decideToken: (id, token) => call(`planfirstSession/${id}/decideToken`, { token }) as never,
    answer: (b, id, answer) => call(`${bindings[b]}Session/${id}/answer`, { answer }) as never,
    answerToken: (id, token) => call(`planfirstSession/${id}/answerToken`, { token }) as never,
    crashAt: (point) => armCrash(crash, point),
    kill: () => service.kill(),
    deaths: () => service.deaths,
    ledger: (id) => ledger(pool, 'restate', id),
  };
  for (const c of engineConformance(host, { prefix: 'restate' })) it(c.name, c.run);
});
