// planfirst/restate on a real restate-server (the binary npm installs with
// @restatedev/restate-server) on free loopback ports. The service runs on Node 22 (the Restate
// SDK needs it), supervised: SIGKILLed, it is restarted and Restate retries its invocations.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { pgPool } from '../stores/services/env.js';
import { migrateLedger } from './fixture.js';
import { crashDir, freePort, inProcess, node22, root, Supervised, waitFor } from './harness.js';
import { engineScenarios, lateDecisionScenario } from './scenarios.js';

let pool: pg.Pool;
let server: ReturnType<typeof spawn>;
let service: Supervised;
let crash: string;
let ingress = '';
let data = '';

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
  data = mkdtempSync(join(tmpdir(), 'planfirst-restate-'));
  const [ingressPort, adminPort, nodePort, servicePort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  ingress = `http://127.0.0.1:${ingressPort}`;
  server = spawn(
    join(root, 'node_modules/@restatedev/restate-server-linux-x64/bin/restate-server'),
    ['--listen-mode', 'tcp', '--no-logo', '--base-dir', data, '--node-name', 'planfirst-test'],
    {
      env: {
        ...process.env,
        RESTATE_INGRESS__BIND_ADDRESS: `127.0.0.1:${ingressPort}`,
        RESTATE_ADMIN__BIND_ADDRESS: `127.0.0.1:${adminPort}`,
        RESTATE_BIND_ADDRESS: `127.0.0.1:${nodePort}`,
        RESTATE_ADVERTISED_ADDRESS: `http://127.0.0.1:${nodePort}/`,
      },
      stdio: 'ignore',
    },
  );
  service = new Supervised(
    node22(),
    ['scripts/run-ts.mjs', 'test/engines/restate-service.ts', String(servicePort), crash],
    process.env.PLANFIRST_ENGINE_LOG ?? join(data, 'service.log'),
  );
  service.start();
  await service.whenReady();
  await waitFor(
    'restate-server',
    async () => (await fetch(`http://127.0.0.1:${adminPort}/health`)).ok,
  );
  await waitFor('the deployment registered', async () => {
    const r = await fetch(`http://127.0.0.1:${adminPort}/deployments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uri: `http://127.0.0.1:${servicePort}`, force: true }),
    });
    return r.ok;
  });
});

afterAll(async () => {
  service?.stop();
  server?.kill('SIGKILL');
  await pool?.end();
  rmSync(data, { recursive: true, force: true });
  rmSync(crash, { recursive: true, force: true });
});

describe('planfirst/restate on a real restate-server', () => {
  const adapter: Parameters<typeof engineScenarios>[0] = {
    engine: 'restate',
    pool: () => pool,
    service: () => service,
    crashDir: () => crash,
    start: async (b, id, message) => {
      await call(`${b}Session/${id}/run/send`, { message });
    },
    status: (b, id) => call(`${b}Session/${id}/status`, null) as never,
    decide: (b, id, decision) => call(`${b}Session/${id}/decide`, { decision }),
    decideFromProcesses: async (n, id, decision) => {
      const code = `const r = await fetch(${JSON.stringify(`${ingress}/planfirstSession/${id}/decide`)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(JSON.stringify({ decision }))} }); process.stdout.write(await r.text());`;
      const outs = await Promise.all(Array.from({ length: n }, () => inProcess(code)));
      return outs.map((o) => JSON.parse(o) as Record<string, unknown>);
    },
    decideToken: (b, id, token) => call(`${b}Session/${id}/decideToken`, { token }),
  };
  engineScenarios(adapter);
  lateDecisionScenario(adapter);
});
