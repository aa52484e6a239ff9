// End-to-end layer: planfirst's OpenClaw plugin in a real OpenClaw host (`npm run test:openclaw`).
// Installs Node 24 and the pinned OpenClaw into node_modules/.cache, type-checks the plugin
// against OpenClaw's declarations, then runs the scenarios with a scripted model on
// 127.0.0.1. Any failure to set up or run is a failure, never a skip.
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
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

function hostConfig(port, workspace, pluginConfig, pluginDir) {
  return {
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

// Asynchronous on purpose: the scripted model answers from this process's event loop.
function runAgent(host, node24, dirs, message, sessionKey) {
  const args = [
    host.cli,
    'agent',
    '--local',
    '--agent',
    'main',
    '--session-key',
    sessionKey,
    '--message',
    message,
    '--json',
  ];
  const child = spawn(join(node24.bin, 'node'), args, {
    cwd: dirs.workspace,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: `${node24.bin}${delimiter}${process.env.PATH}`,
      HOME: dirs.home,
      OPENCLAW_STATE_DIR: dirs.stateDir,
      OPENCLAW_CONFIG_PATH: dirs.config,
      NO_COLOR: '1',
    },
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
      writeFileSync(
        dirs.config,
        JSON.stringify(hostConfig(model.port, dirs.workspace, scenario.config, pluginDir), null, 2),
      );
      const t = checker(scenario.name);
      for (const turn of scenario.turns) {
        model.script(turn.script);
        const run = await runAgent(host, node24, dirs, turn.message, `e2e-${index}`);
        t.ok(
          run.status === 0,
          `openclaw agent exited 0 (status ${run.status}, signal ${run.signal})`,
        );
        if (run.status !== 0 || process.env.PLANFIRST_E2E_VERBOSE)
          console.log(run.stderr.slice(-3000));
        turn.check(t, {
          requests: [...model.requests],
          workspace: dirs.workspace,
          stateDir: dirs.stateDir,
        });
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
