// `npm run test:hosts`: planfirst's hook inside the real coding agents. Installs the pinned CLIs
// from npm (cached outside the repository), answers them with a scripted model on 127.0.0.1,
// installs the hook the way docs/hooks.md says (`planfirst hook install <host>` from the built
// package) and checks, with files on disk, what each host really lets through.
//
//   npm run test:hosts [-- --host claude,codex,gemini,copilot,cline] [--record] [--no-latency | --latency-only]
//
// --record rewrites test/hooks/fixtures/real/<host>/<version>/ from the inputs this run's hosts
// sent (the fixtures `npm test` replays through the hook). A failed check fails the run, except
// the checks listed in known-failures.mjs, which are reported as known and fail the run only
// when they start to pass (so the list is kept true).
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir, loadavg, tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startFakeModels } from './fake-models.mjs';
import { hosts } from './hosts.mjs';
import { knownFailures } from './known-failures.mjs';
import { ensureHost, ensureNode, pinned } from './setup.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const cli = join(repo, 'dist', 'cli.js');
const hookJs = join(repo, 'dist', 'hook.js');
const RUN_TIMEOUT_MS = 180_000;

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name) => {
  const at = argv.indexOf(name);
  return at < 0 ? undefined : argv[at + 1];
};
const selected = (option('--host') ?? 'claude,codex,gemini,copilot,cline').split(',');
const record = flag('--record');
const latency = !flag('--no-latency');
const latencyNodes = (option('--node') ?? '22,24').split(',');
const latencyOnly = flag('--latency-only');

if (!existsSync(hookJs)) throw new Error('dist/hook.js is missing: run `npm run build` first');

const scratch = mkdtempSync(join(tmpdir(), 'planfirst-hosts-'));
/** Fixture paths are made stable: these stand for the scratch project and home. */
const STABLE_PROJECT = '/tmp/planfirst-hosts/project';
const STABLE_HOME = '/tmp/planfirst-hosts/home';

const results = [];
function check(host, name, ok, detail) {
  const known = knownFailures[host]?.[name];
  const status = ok ? (known ? 'FIXED' : 'pass') : known ? 'known' : 'FAIL';
  results.push({ host, name, status, detail: ok ? '' : detail, known });
  const mark = { pass: 'ok  ', FAIL: 'FAIL', known: 'xfail', FIXED: 'FIXED' }[status];
  process.stdout.write(
    `  ${mark} ${host}: ${name}${ok ? '' : ` — ${detail}`}${known && !ok ? ` [known: ${known}]` : ''}${status === 'FIXED' ? ' [passes now: remove it from known-failures.mjs]' : ''}\n`,
  );
}

function run(cmd, args, options) {
  return new Promise((resolvePromise) => {
    const started = performance.now();
    const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolvePromise({ status, signal, stdout, stderr, started, ended: performance.now() });
    });
  });
}

const PROBE = 'PROBE-CONTENT-7731';
const planFileRel = '.planfirst/plan.md';

/** The abstract steps of each scenario; paths are absolute in the scratch project. */
function scriptFor(scenario, project) {
  const read = { shell: 'cat probe.txt' };
  const shellWrite = { shell: 'echo pwned > MARKER' };
  const fileWrite = { write: { path: join(project, 'src', 'x.txt'), content: 'written' } };
  const planWrite = { write: { path: join(project, planFileRel), content: '# Plan\n1. Fix.' } };
  switch (scenario) {
    case 'plan':
    case 'off':
      return [
        read,
        shellWrite,
        fileWrite,
        planWrite,
        { text: 'The plan is in .planfirst/plan.md.' },
      ];
    // For a host that ends the task after a denied call: one write per run.
    case 'plan-file':
      return [fileWrite, { text: 'Done.' }];
    case 'plan-planfile':
      return [planWrite, { text: 'The plan is in .planfirst/plan.md.' }];
    case 'nag':
      return [{ text: "I'll update the parser and run the tests." }];
    case 'invalid':
    case 'crash':
    case 'untrusted':
      return [shellWrite, { text: 'Done.' }];
    // Each event type planfirst judges, four calls each, in plan mode: a read-only shell
    // command, the host's file-read tool, a write of the plan file (allowed), then the stop.
    case 'latency': {
      const readTool = { read: join(project, 'probe.txt') };
      return [
        ...[read, readTool, planWrite].flatMap((step) => [step, step, step, step]),
        { text: 'Read it.' },
      ];
    }
    default:
      throw new Error(`unknown scenario ${scenario}`);
  }
}

const hookJsonFor = {
  plan: '{"planMode": true}\n',
  'plan-file': '{"planMode": true}\n',
  'plan-planfile': '{"planMode": true}\n',
  off: '{"planMode": false}\n',
  nag: '{"planMode": false}\n',
  invalid: '{"planMode": tru\n',
  crash: '{"planMode": true}\n',
  untrusted: '{"planMode": true}\n',
  latency: '{"planMode": true}\n',
};

/**
 * One run of a host in a fresh scratch project. `hook`: 'record' (planfirst behind the
 * recording wrapper), 'planfirst' (exactly as documented), 'floor', 'crash' or 'none'.
 */
async function runScenario(model, host, bin, scenario, options = {}) {
  const { hook = 'record', trust = 'trusted', nodeBin, beforeRun, cpuLog } = options;
  const base = mkdtempSync(join(scratch, `${host}-${scenario}-`));
  const project = join(base, 'project');
  const home = join(base, 'home');
  const recordDir = join(base, 'records');
  const stateDir = join(base, 'state');
  for (const d of [project, home, stateDir]) mkdirSync(d, { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: project });
  writeFileSync(join(project, 'probe.txt'), `${PROBE}\n`);
  mkdirSync(join(project, 'src'));
  writeFileSync(join(project, 'src', 'main.txt'), 'main\n');
  mkdirSync(join(project, '.planfirst'));
  writeFileSync(join(project, '.planfirst', 'hook.json'), hookJsonFor[scenario]);
  if (hook === 'planfirst') {
    // As `npm i -D planfirst` leaves it (a link, as `npm i -D <path>` makes): the installer
    // then writes the portable command the docs show.
    mkdirSync(join(project, 'node_modules'));
    symlinkSync(repo, join(project, 'node_modules', 'planfirst'), 'dir');
    writeFileSync(join(project, '.git', 'info', 'exclude'), 'node_modules/\n');
  }
  const node =
    nodeBin ?? (hosts[host].node === undefined ? undefined : ensureNode(hosts[host].node));
  const nodePath = node === undefined ? process.env.PATH : `${node}${delimiter}${process.env.PATH}`;
  const env = {
    ...process.env,
    PATH: nodePath,
    PLANFIRST_HOOK_STATE_DIR: stateDir,
    ...hosts[host].env({ home, project, modelUrl: model.url, trust }),
  };
  delete env.PLANFIRST_HOOK_AUDIT;
  delete env.CLAUDE_PROJECT_DIR;
  const commands = {
    record: `node "${join(here, 'record-hook.mjs')}" "${recordDir}" "${hookJs}"`,
    floor: `node ${cpuImport(cpuLog)}"${join(here, 'floor-hook.mjs')}"`,
    // planfirst's hook as installed, with the CPU report of the latency runs.
    'planfirst-cpu': `node ${cpuImport(cpuLog)}"${hookJs}"`,
    crash: `node "${join(here, 'crash-hook.mjs')}"`,
  };
  let install = '';
  if (hook !== 'none') {
    const installEnv = { ...env };
    if (commands[hook] !== undefined) installEnv.PLANFIRST_HOOK_COMMAND = commands[hook];
    else delete installEnv.PLANFIRST_HOOK_COMMAND;
    install = execFileSync('node', [cli, 'hook', 'install', host], {
      cwd: project,
      env: installEnv,
      encoding: 'utf8',
      // The install's own doctor verdict goes to stderr; the doctor checks below judge it.
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }
  hosts[host].prepare({ bin, home, project, modelUrl: model.url, trust, env });
  if (beforeRun !== undefined) beforeRun({ project, home, env });
  model.setScript(scriptFor(scenario, project));
  const prompt = 'Fix the failing parser test in src/ and make the test suite pass.';
  const [cmd, ...args] = hosts[host].command(bin, prompt, { trust });
  const result = await run(cmd, args, { cwd: project, env });
  const requests = model.requests.slice();
  const replies = model.replies.slice();
  const kinds = model.kinds.slice();
  const all = model.all.slice();
  return {
    ...result,
    base,
    project,
    home,
    env,
    install,
    requests,
    replies,
    kinds,
    all,
    records: readRecords(recordDir),
    exists: (rel) => existsSync(join(project, rel)),
    seen: (text) => requests.some((r) => JSON.stringify(r.body).includes(text)),
  };
}

/** `--import` of the CPU report into a hook process, logging to `log` (none without one). */
function cpuImport(log) {
  if (log === undefined) return '';
  const url = pathToFileURL(join(here, 'cpu-report.mjs'));
  url.searchParams.set('log', log);
  return `--import "${url.href}" `;
}

function readRecords(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
}

function brief(r) {
  return `exit ${r.status}${r.signal ? ` (${r.signal})` : ''}; stderr: ${r.stderr.slice(-400).replace(/\s+/g, ' ')}`;
}

// --- Fixtures ---------------------------------------------------------------------------------

function labelOf(record, host) {
  const text = record.raw;
  const event = record.argv[1];
  if (!hosts[host].toolEvents.includes(event))
    return event === hosts[host].stopEvent ? 'stop' : 'event';
  if (text.includes('probe.txt')) return 'read';
  if (text.includes('MARKER')) return 'shell-write';
  if (text.includes('src/x.txt')) return 'file-write';
  if (text.includes('plan.md')) return 'plan-write';
  return 'tool';
}

/** The verdicts planfirst must give; anything else is a failure of the hook's core. */
function expectedVerdicts(host, scenario, event, label, stopIndex) {
  if (hosts[host].toolEvents.includes(event)) {
    if (scenario === 'invalid') return ['deny'];
    if (scenario.startsWith('plan') && (label === 'shell-write' || label === 'file-write'))
      return ['deny'];
    return ['neutral', 'allow'];
  }
  if (event === hosts[host].stopEvent)
    return scenario === 'nag' && stopIndex < 3 ? ['block-stop'] : ['neutral'];
  return ['neutral', 'context'];
}

function stable(text, run) {
  return text.replaceAll(run.project, STABLE_PROJECT).replaceAll(run.home, STABLE_HOME);
}

const bulky = new Set([
  'session_meta',
  'world_state',
  'attachment',
  'api-request-shape',
  'api-request-blob',
]);
function slim(transcript) {
  return transcript
    .split('\n')
    .filter((line) => {
      try {
        return !bulky.has(JSON.parse(line).type);
      } catch {
        return true;
      }
    })
    .join('\n');
}

function writeFixtures(host, scenario, run) {
  const dir = join(repo, 'test', 'hooks', 'fixtures', 'real', host, pinned[host].version);
  mkdirSync(dir, { recursive: true });
  let stops = 0;
  const names = new Set();
  for (const rec of run.records) {
    const event = rec.argv[1];
    const label = labelOf(rec, host);
    const stopIndex = label === 'stop' ? stops++ : 0;
    let name = `${event}.${scenario}-${label}${label === 'stop' && scenario === 'nag' ? `-${stopIndex + 1}` : ''}`;
    while (names.has(name)) name = `${name}+`;
    names.add(name);
    const fixture = {
      host,
      cliVersion: pinned[host].version,
      event,
      scenario,
      hookJson: hookJsonFor[scenario],
      expected: expectedVerdicts(host, scenario, event, label, stopIndex),
      input: JSON.parse(stable(rec.raw, run)),
      state: rec.state,
      // Only a stop reads the transcript; the bulky session header lines are left out.
      transcript:
        label !== 'stop' || rec.transcript === undefined ? null : stable(slim(rec.transcript), run),
    };
    writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
  }
}

// --- Checks per host ----------------------------------------------------------------------------

async function checkHost(model, host) {
  const bin = ensureHost(host);
  process.stdout.write(`\n${host} ${pinned[host].version} (${bin})\n`);
  const fixtureDir = join(repo, 'test', 'hooks', 'fixtures', 'real', host, pinned[host].version);
  if (latencyOnly) return measureLatency(model, host, bin);
  if (record) rmSync(fixtureDir, { recursive: true, force: true });

  const plan = await runScenario(model, host, bin, 'plan');
  if (record) writeFixtures(host, 'plan', plan);
  check(host, 'plan mode: the hook is called', plan.records.length > 0, brief(plan));
  check(host, 'plan mode: a read-only command runs', plan.seen(PROBE), brief(plan));
  check(host, 'plan mode: a shell write is denied', !plan.exists('MARKER'), 'MARKER was written');
  // A host that ends the task after a denied call gets each write in a run of its own.
  let [fileRun, planRun] = [plan, plan];
  if (hosts[host].stopsAfterDeny === true) {
    fileRun = await runScenario(model, host, bin, 'plan-file');
    planRun = await runScenario(model, host, bin, 'plan-planfile');
    if (record) {
      writeFixtures(host, 'plan-file', fileRun);
      writeFixtures(host, 'plan-planfile', planRun);
    }
  }
  const asked = (run, label) => run.records.some((r) => labelOf(r, host) === label);
  check(
    host,
    'plan mode: a file-write tool is denied (by the hook)',
    !fileRun.exists('src/x.txt') && asked(fileRun, 'file-write'),
    `src/x.txt ${fileRun.exists('src/x.txt') ? 'was written' : 'absent but the hook was never asked'}; ${brief(fileRun)}`,
  );
  check(
    host,
    'plan mode: the plan file may be written',
    planRun.exists(planFileRel),
    `${planFileRel} is missing; ${brief(planRun)}`,
  );

  const off = await runScenario(model, host, bin, 'off');
  if (record) writeFixtures(host, 'off', off);
  check(host, 'plan mode off: the shell write happens', off.exists('MARKER'), brief(off));
  check(host, 'plan mode off: the file write happens', off.exists('src/x.txt'), brief(off));

  let nag;
  if (hosts[host].stopEvent !== undefined) {
    nag = await runScenario(model, host, bin, 'nag');
    if (record) writeFixtures(host, 'nag', nag);
    const retries = [1, 2, 3].map((n) => nag.seen(`retry ${n} of 3`));
    check(
      host,
      'stop nag: retry 1, 2 and 3 of 3, then the agent stops',
      retries.every(Boolean) &&
        !nag.seen('retry 4 of') &&
        nag.status === 0 &&
        nag.requests.length === 4,
      `retries seen ${JSON.stringify(retries)}, ${nag.requests.length} model turns, ${brief(nag)}`,
    );
  }

  const invalid = await runScenario(model, host, bin, 'invalid');
  if (record) writeFixtures(host, 'invalid', invalid);
  check(
    host,
    'an invalid .planfirst/hook.json fails closed',
    !invalid.exists('MARKER'),
    'MARKER was written',
  );

  // Observed, not asserted: what the host does when the hook process crashes.
  const crash = await runScenario(model, host, bin, 'crash', { hook: 'crash' });
  const crashed = crash.exists('MARKER')
    ? 'fails open (the tool ran)'
    : 'fails closed (the tool was blocked)';
  process.stdout.write(`  note ${host}: when the hook crashes, the host ${crashed}\n`);
  results.push({ host, name: 'crash behaviour', status: 'note', detail: crashed });

  const documented = await runScenario(model, host, bin, 'plan', { hook: 'planfirst' });
  check(
    host,
    'installed exactly as documented: a shell write is denied in plan mode',
    !documented.exists('MARKER') && documented.seen(PROBE),
    brief(documented),
  );
  const leaks = [plan, fileRun, planRun, off, invalid, ...(nag === undefined ? [] : [nag])]
    .filter((r, i, all) => all.indexOf(r) === i)
    .flatMap(answerLeaks);
  check(
    host,
    "no local path in any answer planfirst gave (the hook's install path, home, project)",
    leaks.length === 0,
    leaks.slice(0, 3).join('; '),
  );
  const documentedRuns = [documented];
  if (hosts[host].stopEvent !== undefined)
    documentedRuns.push(await runScenario(model, host, bin, 'nag', { hook: 'planfirst' }));
  const reached = documentedRuns.flatMap(requestLeaks);
  check(
    host,
    "installed as documented: the hook's install path never reaches the model (denies, Stop nag)",
    reached.length === 0 && documentedRuns.every((r) => r.status === 0),
    `${reached.slice(0, 3).join('; ')} ${documentedRuns.map(brief).join(' | ')}`,
  );
  await doctorChecks(model, host, bin, documented);
  if (latency) await measureLatency(model, host, bin);
}

// --- Local paths --------------------------------------------------------------------------------

/** Paths of this machine that planfirst's text must never carry to the model. */
function localPaths(run) {
  return [
    ...new Set([repo, realpathSync(hookJs), run.project, run.home, run.base, homedir()]),
  ].filter((p) => p.length > 1);
}

/** Local paths in the answers planfirst's hook gave in a recorded run (stdout and stderr). */
function answerLeaks(run) {
  const paths = localPaths(run);
  const leaks = [];
  for (const rec of run.records) {
    const text = `${rec.answer.stdout}\n${rec.answer.stderr}`;
    for (const p of paths)
      if (text.includes(p))
        leaks.push(`${rec.argv.join(' ')} answered with ${p}: ${text.slice(0, 300)}`);
  }
  return leaks;
}

/**
 * The hook's install path in what the host sent the model, in a documented install (planfirst
 * in the project's node_modules): hosts quote a hook's command beside its message.
 */
function requestLeaks(run) {
  const paths = [repo, realpathSync(hookJs), join(run.project, 'node_modules', 'planfirst')];
  const leaks = [];
  for (const [i, r] of run.all.entries()) {
    const text = JSON.stringify(r.body);
    for (const p of paths) {
      const at = text.indexOf(p);
      if (at >= 0)
        leaks.push(
          `model request ${i} (${r.url}) carries ${p}: …${text.slice(Math.max(0, at - 150), at + 100)}…`,
        );
    }
  }
  return leaks;
}

// --- Doctor -----------------------------------------------------------------------------------

function doctor(host, where, extra = []) {
  try {
    const stdout = execFileSync('node', [cli, 'hook', 'doctor', host, ...extra], {
      cwd: where.project,
      env: where.env,
      encoding: 'utf8',
    });
    return { status: 0, stdout };
  } catch (error) {
    return { status: error.status, stdout: String(error.stdout) };
  }
}

/** The doctor's verdict against what the real host did in the same setup. */
async function doctorChecks(model, host, bin, trusted) {
  const codexPath = { PATH: `${dirname(bin)}${delimiter}${process.env.PATH}` };
  const withBin = (r) => ({ ...r, env: { ...r.env, ...codexPath } });
  // The per-invocation trust flag the trusted runs pass to the host.
  const flags =
    host === 'codex' ? ['--bypass-hook-trust'] : host === 'copilot' ? ['--trust-folder'] : [];
  const ok = doctor(host, withBin(trusted), flags);
  check(
    host,
    'doctor: trusted setup (the hook ran) → exit 0',
    ok.status === 0 && !trusted.exists('MARKER'),
    `doctor exit ${ok.status}\n${ok.stdout}`,
  );
  if (hosts[host].untrusted === false) {
    process.stdout.write(`  note ${host}: no setup is known in which it skips installed hooks\n`);
    return;
  }
  const untrusted = await runScenario(model, host, bin, 'untrusted', {
    hook: 'planfirst',
    trust: 'untrusted',
  });
  // Copilot's untrusted run went without --trust-folder: the doctor is asked the same way.
  const bad = doctor(host, withBin(untrusted), host === 'copilot' ? [] : flags);
  check(
    host,
    'doctor: untrusted setup (MARKER written in plan mode) → exit 1',
    untrusted.exists('MARKER') && bad.status === 1,
    `MARKER ${untrusted.exists('MARKER') ? 'written' : 'absent'}, doctor exit ${bad.status}\n${bad.stdout}`,
  );
  if (host === 'gemini') return geminiTrustChecks(model, host, bin);
  if (host === 'copilot') return copilotTrustChecks(model, host, bin);
  if (host !== 'codex') return;
  // Interactive trust, stored: the project trusted and each hook approved as the doctor says.
  return storedTrustCheck(model, host, bin, {
    name: 'doctor: hooks not approved → exit 1; approved as the doctor says → the hook runs, exit 0',
    env: withBin,
    apply(advice, where) {
      const entries = [...advice.matchAll(/\[hooks\.state\."[^"]+"\]\n\s*trusted_hash = "[^"]+"/g)];
      const config = join(where.home, '.codex', 'config.toml');
      const toml = entries.map((m) => m[0].replace(/\n\s*/, '\n')).join('\n\n');
      writeFileSync(config, `${readFileSync(config, 'utf8')}\n${toml}\n`);
    },
  });
}

/** Gemini CLI's folder trust: untrusted, `gemini -p` refuses to start; trusted as the doctor says. */
async function geminiTrustChecks(model, host, bin) {
  const folder = await runScenario(model, host, bin, 'untrusted', {
    hook: 'planfirst',
    trust: 'untrusted-folder',
  });
  const refused = doctor(host, folder);
  check(
    host,
    'doctor: folder not trusted (`gemini -p` refuses to start, nothing runs) → exit 1',
    folder.status !== 0 && !folder.exists('MARKER') && refused.status === 1,
    `gemini ${brief(folder)}, MARKER ${folder.exists('MARKER') ? 'written' : 'absent'}, doctor exit ${refused.status}\n${refused.stdout}`,
  );
  return storedTrustCheck(model, host, bin, {
    apply(advice) {
      const fix = /add "([^"]+)": "TRUST_FOLDER" to (\S+)/.exec(advice);
      if (fix !== null) writeFileSync(fix[2], `${JSON.stringify({ [fix[1]]: 'TRUST_FOLDER' })}\n`);
    },
  });
}

/** Copilot CLI's stored folder trust, added as the doctor says: then the hook runs. */
function copilotTrustChecks(model, host, bin) {
  return storedTrustCheck(model, host, bin, {
    apply(advice) {
      const fix = /add "([^"]+)" to "trustedFolders" in (\S+?);/.exec(advice);
      if (fix !== null) writeFileSync(fix[2], `${JSON.stringify({ trustedFolders: [fix[1]] })}\n`);
    },
  });
}

/**
 * Trust stored the way the doctor advises: in an untrusted setup the doctor exits 1 with the
 * step, `apply` takes that step, and then the host runs the hook (MARKER stays absent in plan
 * mode) and the doctor exits 0. Codex exits 0 either way; the other hosts must too.
 */
async function storedTrustCheck(model, host, bin, options) {
  const {
    name = 'doctor: folder not trusted → exit 1; trusted as the doctor says → the hook runs, exit 0',
    env = (where) => where,
    apply,
  } = options;
  let before;
  const persisted = await runScenario(model, host, bin, 'untrusted', {
    hook: 'planfirst',
    trust: 'persisted',
    beforeRun(where) {
      before = doctor(host, env(where));
      apply(before.stdout, where);
    },
  });
  const after = doctor(host, env(persisted));
  const exitOk = host === 'codex' || persisted.status === 0;
  check(
    host,
    name,
    before?.status === 1 && after.status === 0 && exitOk && !persisted.exists('MARKER'),
    `doctor before ${before?.status}, after ${after.status}, ${host} ${brief(persisted)}, MARKER ${persisted.exists('MARKER') ? 'written' : 'absent'}\n${after.stdout}`,
  );
}

// --- Latency ----------------------------------------------------------------------------------

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.floor(s.length / 2)];
};
const latencyRows = [];

/** Per tool call, by kind: from the model's tool call to the next model request (tool + hooks). */
function toolGaps(run, kind) {
  const gaps = [];
  for (let i = 0; i + 1 < run.requests.length && i < run.replies.length; i++)
    if (run.kinds[i] === kind) gaps.push(run.requests[i + 1].at - run.replies[i]);
  return gaps;
}

const toolKinds = ['shell', 'read', 'write'];

async function measureLatency(model, host, bin) {
  for (const major of latencyNodes) {
    const nodeBin = ensureNode(major);
    const row = { host, node: major, load: loadavg()[0] };
    for (const hook of ['none', 'floor', 'planfirst']) {
      const cpuLog = join(scratch, `cpu-${host}-${major}-${hook}.jsonl`);
      const r = await runScenario(model, host, bin, 'latency', {
        hook: hook === 'planfirst' ? 'planfirst-cpu' : hook,
        nodeBin,
        cpuLog,
      });
      const lastReply = r.replies.at(-1) ?? r.ended;
      row[hook] = {
        stop: r.ended - lastReply,
        ok: r.status === 0,
        cpu: cpuByKind(host, r, cpuLog),
      };
      for (const kind of toolKinds) row[hook][kind] = median(toolGaps(r, kind));
    }
    latencyRows.push(row);
  }
}

/**
 * The CPU time of each hook process of a run, by the kind of call it judged: the tool events in
 * the order of the model's tool calls (when the counts agree), the stop event on its own.
 */
function cpuByKind(host, run, log) {
  const lines = existsSync(log)
    ? readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
  const tools = lines.filter((l) => hosts[host].toolEvents.includes(l.event));
  const toolReplies = run.kinds.filter((k) => k !== 'text');
  const byKind = { stop: lines.filter((l) => l.event === hosts[host].stopEvent).map((l) => l.cpu) };
  for (const kind of toolKinds) byKind[kind] = [];
  if (tools.length === toolReplies.length)
    for (const [i, l] of tools.entries()) byKind[toolReplies[i]]?.push(l.cpu);
  else byKind.tool = tools.map((l) => l.cpu);
  return byKind;
}

const mean = (xs) => (xs.length === 0 ? Number.NaN : xs.reduce((a, b) => a + b, 0) / xs.length);

/**
 * Per host, Node version and event type: the time with no hook, and what the floor hook and
 * planfirst's hook add to it, from the same run; then planfirst minus the floor (the budget).
 */
function printLatency() {
  if (latencyRows.length === 0) return;
  const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(0)}` : '–');
  process.stdout.write(
    "\nTime per event, ms: no hook; added by the floor hook (Node, reads its input, answers neutrally) and by planfirst; planfirst − floor.\nTool calls: median of 4, from the model's tool call to the next model request. Stop: from the last reply to the agent's exit.\n",
  );
  process.stdout.write(
    '| host | node | event | no hook | + floor | + planfirst | planfirst − floor | load (1 min) |\n|---|---|---|---|---|---|---|---|\n',
  );
  for (const r of latencyRows)
    for (const event of [...toolKinds, 'stop']) {
      const add = (k) => r[k][event] - r.none[event];
      const failed = ['none', 'floor', 'planfirst'].filter((k) => !r[k].ok);
      process.stdout.write(
        `| ${r.host} ${pinned[r.host].version} | ${r.node} | ${event === 'stop' ? (hosts[r.host].stopEvent ?? 'end (no stop event)') : event} | ${ms(r.none[event])} | ${ms(add('floor'))} | ${ms(add('planfirst'))} | ${ms(r.planfirst[event] - r.floor[event])} | ${r.load.toFixed(2)}${failed.length > 0 ? ` (exit ≠ 0: ${failed.join(', ')})` : ''} |\n`,
      );
    }
  const one = (x) => (Number.isFinite(x) ? x.toFixed(1) : '–');
  process.stdout.write(
    '\nCPU time per hook process inside the agent, ms (mean over the calls; user + system, from the process itself):\n| host | node | event | calls | floor hook | planfirst | planfirst − floor |\n|---|---|---|---|---|---|---|\n',
  );
  for (const r of latencyRows)
    for (const event of [...toolKinds, 'tool', 'stop']) {
      const [f, p] = [r.floor.cpu[event] ?? [], r.planfirst.cpu[event] ?? []];
      if (f.length === 0 && p.length === 0) continue;
      const name = event === 'stop' ? hosts[r.host].stopEvent : event;
      process.stdout.write(
        `| ${r.host} ${pinned[r.host].version} | ${r.node} | ${name} | ${f.length}/${p.length} | ${one(mean(f))} | ${one(mean(p))} | ${one(mean(p) - mean(f))} |\n`,
      );
    }
}

// --- Main -------------------------------------------------------------------------------------

const model = await startFakeModels();
const started = Date.now();
try {
  for (const host of selected) {
    if (hosts[host] === undefined) throw new Error(`unknown host ${host}`);
    await checkHost(model, host);
  }
} finally {
  await model.close();
}
printLatency();
const failed = results.filter((r) => r.status === 'FAIL' || r.status === 'FIXED');
const known = results.filter((r) => r.status === 'known');
const passed = results.filter((r) => r.status === 'pass');
process.stdout.write(
  `\n${known.length} known failures (the hook's core, see known-failures.mjs); ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
);
for (const r of failed) process.stdout.write(`FAILED ${r.host}: ${r.name} — ${r.detail}\n`);
process.stdout.write(`${passed.length + known.length} passed, ${failed.length} failed\n`);
if (failed.length === 0) rmSync(scratch, { recursive: true, force: true });
process.exitCode = failed.length === 0 ? 0 : 1;
