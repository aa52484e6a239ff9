// End-to-end layer: planfirst's OpenClaw plugin in a real OpenClaw host (`npm run test:openclaw`).
// Installs Node 24 and the pinned OpenClaw into node_modules/.cache, type-checks the plugin
// against OpenClaw's declarations, then runs the scenarios with a scripted model on
// 127.0.0.1. Any failure to set up or run is a failure, never a skip.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeModel } from './fake-model.mjs';
import { scenarios } from './scenarios.mjs';
import { ensureNode24, ensureOpenClaw } from './setup.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const cache = join(repo, 'node_modules', '.cache', 'planfirst-openclaw-e2e');
const RUN_TIMEOUT_MS = 240_000;
// `npm run test:openclaw -- --only 3` runs the scenarios whose name starts with "3".
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt < 0 ? undefined : process.argv[onlyAt + 1];

function hostConfig(port, workspace, pluginConfig, pluginDir, gateway) {
  return {
    // Only for scenarios that send `/plan` through a gateway: loopback, with a token.
    ...(gateway
      ? {
          gateway: {
            mode: 'local',
            port: gateway.port,
            bind: 'loopback',
            auth: { mode: 'token', token: gateway.token },
          },
        }
      : {}),
    plugins: {
      allow: ['planfirst'],
      load: { paths: [pluginDir] },
      entries: {
        planfirst: {
          enabled: true,
          hooks: { allowConversationAccess: true },
          config: pluginConfig,
        },
      },
    },
    models: {
      mode: 'replace',
      providers: {
        fake: {
          baseUrl: `http://127.0.0.1:${port}/v1`,
          apiKey: 'not-a-key',
          api: 'openai-completions',
          models: [
            {
              id: 'scripted',
              name: 'Scripted',
              reasoning: false,
              input: ['text'],
              cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
              contextWindow: 64000,
              maxTokens: 4096,
            },
          ],
        },
      },
    },
    agents: { defaults: { model: { primary: 'fake/scripted' }, workspace, skipBootstrap: true } },
    tools: { profile: 'coding' },
  };
}

function checker(label) {
  const failures = [];
  return {
    failures,
    ok(condition, what) {
      console.log(`    ${condition ? 'ok  ' : 'FAIL'} ${what}`);
      if (!condition) failures.push(`${label}: ${what}`);
    },
  };
}

function hostEnv(node24, dirs) {
  return {
    PATH: `${node24.bin}${delimiter}${process.env.PATH}`,
    HOME: dirs.home,
    OPENCLAW_STATE_DIR: dirs.stateDir,
    OPENCLAW_CONFIG_PATH: dirs.config,
    NO_COLOR: '1',
  };
}

// Asynchronous on purpose: the scripted model answers from this process's event loop.
function runAgent(host, node24, dirs, message, sessionKey) {
  return runCli(host, node24, dirs, [
    'agent',
    '--local',
    '--agent',
    'main',
    '--session-key',
    sessionKey,
    '--message',
    message,
    '--json',
  ]);
}

function runCli(host, node24, dirs, cliArgs) {
  const child = spawn(join(node24.bin, 'node'), [host.cli, ...cliArgs], {
    cwd: dirs.workspace,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: hostEnv(node24, dirs),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => {
    stdout += c;
  });
  child.stderr.on('data', (c) => {
    stderr += c;
  });
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      done({ status, signal, stdout, stderr });
    });
  });
}

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const GATEWAY_TOKEN = 'planfirst-e2e-token';

/**
 * A real `openclaw gateway run` on the scenario's state directory. `openclaw agent` hands a
 * `/plan …` message to the model (it dispatches no plugin command), so commands go where a
 * chat client sends them: the gateway's `chat.send`, whose replies land in `chat.history`.
 */
async function startGateway(host, node24, dirs, port) {
  const child = spawn(
    join(node24.bin, 'node'),
    [host.cli, 'gateway', 'run', '--port', String(port), '--bind', 'loopback'],
    {
      cwd: dirs.workspace,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: hostEnv(node24, dirs),
      detached: true,
    },
  );
  let log = '';
  child.stdout.on('data', (c) => {
    log += c;
  });
  child.stderr.on('data', (c) => {
    log += c;
  });
  const exited = new Promise((done) => child.on('close', done));
  const call = async (method, params = {}) => {
    const run = await runCli(host, node24, dirs, [
      'gateway',
      'call',
      method,
      '--port',
      String(port),
      '--token',
      GATEWAY_TOKEN,
      '--json',
      '--params',
      JSON.stringify(params),
    ]);
    if (run.status !== 0)
      throw new Error(`gateway call ${method} failed: ${run.stderr.slice(-600)}`);
    return JSON.parse(run.stdout);
  };
  const stop = async () => {
    // The whole group: the gateway starts helpers of its own.
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
    const done = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
    if (!done)
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await call('health');
      return { call, stop };
    } catch (error) {
      if (Date.now() > deadline || child.exitCode !== null) {
        await stop();
        throw new Error(`the gateway did not come up: ${String(error)}\n${log.slice(-2000)}`);
      }
      await sleep(2000);
    }
  }
}

const textOf = (message) =>
  typeof message?.content === 'string'
    ? message.content
    : (message?.content ?? [])
        .filter((part) => part.type === 'text')
        .map((part) => part.text)
        .join('\n');

/** Sends `command` through `chat.send` and returns the text the host answered it with. */
async function sendCommand(gateway, sessionKey, command) {
  const before = (await gateway.call('chat.history', { sessionKey })).messages?.length ?? 0;
  await gateway.call('chat.send', {
    sessionKey,
    message: command,
    idempotencyKey: `planfirst-e2e-${randomUUID()}`,
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    await sleep(1000);
    const messages = (await gateway.call('chat.history', { sessionKey })).messages ?? [];
    const reply = messages.slice(before).find((m) => m.role === 'assistant');
    if (reply) return textOf(reply);
  }
  return undefined;
}

function typecheck(host) {
  console.log('e2e: type-checking the plugin against openclaw declarations');
  const tsconfig = join(cache, 'tsconfig.types.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: join(repo, 'tsconfig.json'),
      compilerOptions: {
        noEmit: true,
        types: ['node'],
        paths: { 'openclaw/*': [join(host.dir, 'node_modules', 'openclaw', 'dist', '*.d.ts')] },
      },
      include: [join(here, 'types-check.ts')],
    }),
  );
  execFileSync(
    process.execPath,
    [join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', tsconfig],
    { stdio: 'inherit' },
  );
}

// `npm test` builds right before `.ci/run` calls this layer; rebuild only when src/ is newer.
function builtIsFresh() {
  const entry = join(repo, 'dist', 'adapters', 'openclaw.js');
  if (!existsSync(entry)) return false;
  const built = statSync(entry).mtimeMs;
  const newest = (dir) =>
    readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
      const path = join(dir, e.name);
      return Math.max(max, e.isDirectory() ? newest(path) : statSync(path).mtimeMs);
    }, 0);
  return newest(join(repo, 'src')) <= built;
}

/**
 * The plugin as users install it: the packed tarball installed into a project of its own
 * outside the repo, with its runtime dependencies and none of the repo's dev dependencies
 * (the other SDKs' optional peers must not be resolvable by the host). Loading a copy also
 * keeps the host from reloading the plugin while someone edits the work tree.
 */
function installPlugin(root) {
  const dir = join(root, 'plugin');
  mkdirSync(dir, { recursive: true });
  execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const [tarball] = readdirSync(dir).filter((name) => name.endsWith('.tgz'));
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  execFileSync(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--no-package-lock',
      join(dir, tarball),
    ],
    { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return join(dir, 'node_modules', 'planfirst');
}

async function main() {
  mkdirSync(cache, { recursive: true });
  const node24 = ensureNode24(cache);
  const host = ensureOpenClaw(cache, join(here, 'host'), node24);
  console.log(`e2e: node ${node24.version}, openclaw ${host.version}`);
  typecheck(host);
  if (!builtIsFresh())
    execFileSync('npm', ['run', '--silent', 'build', '--', '--silent'], {
      cwd: repo,
      stdio: 'inherit',
    });
  const pluginRoot = mkdtempSync(join(tmpdir(), 'planfirst-openclaw-plugin-'));
  const pluginDir = installPlugin(pluginRoot);
  const model = await startFakeModel();
  const failures = [];
  let passed = 0;
  try {
    for (const [index, scenario] of scenarios.entries()) {
      if (only !== undefined && !scenario.name.startsWith(only)) continue;
      console.log(`scenario ${scenario.name}`);
      const root = mkdtempSync(join(tmpdir(), 'planfirst-openclaw-e2e-'));
      const dirs = {
        home: join(root, 'home'),
        stateDir: join(root, 'state'),
        workspace: join(root, 'workspace'),
        config: join(root, 'openclaw.json'),
      };
      for (const d of [dirs.home, dirs.stateDir, join(dirs.workspace, 'build')])
        mkdirSync(d, { recursive: true });
      writeFileSync(join(dirs.workspace, 'build', 'keep.txt'), 'built\n');
      writeFileSync(join(dirs.workspace, 'notes.txt'), 'notes\n');
      const gatewayAt = scenario.gateway ? { port: await freePort(), token: GATEWAY_TOKEN } : null;
      writeFileSync(
        dirs.config,
        JSON.stringify(
          hostConfig(model.port, dirs.workspace, scenario.config, pluginDir, gatewayAt),
          null,
          2,
        ),
      );
      const t = checker(scenario.name);
      let gateway;
      try {
        for (const turn of scenario.turns) {
          model.script(turn.script ?? []);
          if (turn.commands) {
            gateway ??= await startGateway(host, node24, dirs, gatewayAt.port);
            const replies = [];
            // The gateway keys the conversation as the CLI does: agent id, then session key.
            for (const command of turn.commands)
              replies.push(await sendCommand(gateway, `agent:main:e2e-${index}`, command));
            turn.check(t, {
              replies,
              requests: [...model.requests],
              workspace: dirs.workspace,
              stateDir: dirs.stateDir,
            });
            continue;
          }
          const run = await runAgent(host, node24, dirs, turn.message, `e2e-${index}`);
          t.ok(
            run.status === 0,
            `openclaw agent exited 0 (status ${run.status}, signal ${run.signal})`,
          );
          if (run.status !== 0 || process.env.PLANFIRST_E2E_VERBOSE)
            console.log(run.stderr.slice(-3000));
          turn.check(t, {
            requests: [...model.requests],
            stdout: run.stdout,
            stderr: run.stderr,
            workspace: dirs.workspace,
            stateDir: dirs.stateDir,
          });
        }
      } catch (error) {
        t.ok(false, `the scenario ran to its end (${String(error)})`);
      } finally {
        await gateway?.stop();
      }
      if (t.failures.length === 0) passed += 1;
      failures.push(...t.failures);
      rmSync(root, { recursive: true, force: true });
    }
  } finally {
    await model.close();
    rmSync(pluginRoot, { recursive: true, force: true });
  }
  const ran = scenarios.filter((s) => only === undefined || s.name.startsWith(only)).length;
  console.log(`${passed} passed, ${ran - passed} failed`);
  if (failures.length > 0) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  console.log(`0 passed, ${scenarios.length} failed`);
  process.exit(1);
});
