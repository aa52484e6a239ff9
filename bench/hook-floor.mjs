// planfirst's hook process against the floor hook (a Node script that reads its input and
// prints the neutral answer), per event it handles, as hosts run them: a new process per call,
// input on stdin, in a project with planfirst's plan mode on. The number that matters is
// planfirst's median minus the floor's (the budget: 25 ms), measured in the same run with the
// two interleaved, so a change in the machine's load hits both alike. Beside the wall-clock
// medians it prints the mean CPU time per call (user + system, from /proc), which a loaded
// machine inflates far less than wall-clock time.
//
// Usage: npm run build && node bench/hook-floor.mjs [runs] [node binary …]
//   (default 21 runs, the node running this script; pass more binaries to compare Node majors)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const [runsArg, ...nodes] = process.argv.slice(2);
const runs = Number(runsArg ?? 21);
const binaries = nodes.length > 0 ? nodes : [process.execPath];
const hook = fileURLToPath(new URL('../dist/hook.js', import.meta.url));

const project = mkdtempSync(join(tmpdir(), 'planfirst-floor-'));
mkdirSync(join(project, '.planfirst'));
writeFileSync(join(project, '.planfirst', 'hook.json'), '{"planMode": true}\n');
const floor = join(project, 'floor-hook.mjs');
writeFileSync(floor, "for await (const _ of process.stdin);\nprocess.stdout.write('{}');\n");
const transcript = join(project, 'transcript.jsonl');
writeFileSync(
  transcript,
  [
    { type: 'user', message: { role: 'user', content: 'Fix the failing parser test.' } },
    {
      type: 'assistant',
      message: { role: 'assistant', content: [{ type: 'text', text: 'Done: the test passes.' }] },
    },
  ]
    .map((l) => JSON.stringify(l))
    .join('\n'),
);

const base = { session_id: 'bench', transcript_path: transcript, cwd: project };
const events = {
  'PreToolUse Bash (read-only)': {
    ...base,
    hook_event_name: 'PreToolUse',
    permission_mode: 'default',
    tool_name: 'Bash',
    tool_input: { command: 'git log --oneline -20 && rg -n TODO src | head -50' },
  },
  'PreToolUse Bash (write, denied)': {
    ...base,
    hook_event_name: 'PreToolUse',
    permission_mode: 'default',
    tool_name: 'Bash',
    tool_input: { command: 'echo pwned > MARKER' },
  },
  'PreToolUse Read': {
    ...base,
    hook_event_name: 'PreToolUse',
    permission_mode: 'default',
    tool_name: 'Read',
    tool_input: { file_path: join(project, 'README.md') },
  },
  'PreToolUse Write (plan file)': {
    ...base,
    hook_event_name: 'PreToolUse',
    permission_mode: 'default',
    tool_name: 'Write',
    tool_input: { file_path: join(project, '.planfirst', 'plan.md'), content: '# Plan' },
  },
  Stop: {
    ...base,
    hook_event_name: 'Stop',
    permission_mode: 'default',
    stop_hook_active: false,
    last_assistant_message: 'Done: the test passes.',
  },
};

/** CPU time of this process's waited-for children so far, ms (/proc: 10 ms ticks, summed). */
function childCpu() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

function once(node, args, input) {
  const start = performance.now();
  const out = spawnSync(node, args, {
    input,
    cwd: project,
    encoding: 'utf8',
    env: { ...process.env, CLAUDE_PROJECT_DIR: project, PLANFIRST_HOOK_STATE_DIR: project },
  });
  const ms = performance.now() - start;
  if (out.status !== 0) throw new Error(`${args.join(' ')} exited ${out.status}: ${out.stderr}`);
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x) => x.toFixed(1);

console.log(`load average before: ${loadavg().map(fmt).join(' ')}`);
console.log(
  `| node | event (${runs} runs, interleaved) | floor hook | planfirst | planfirst − floor |`,
);
console.log('| --- | --- | --- | --- | --- |');
for (const node of binaries) {
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  // One warm-up call fills Node's compile cache, as the first call in a session does.
  once(node, [hook, 'claude'], JSON.stringify(events['PreToolUse Bash (read-only)']));
  once(node, [hook, 'claude'], JSON.stringify(events.Stop));
  for (const [name, doc] of Object.entries(events)) {
    const input = JSON.stringify(doc);
    const a = [];
    const b = [];
    let cpuA = 0;
    let cpuB = 0;
    for (let i = 0; i < runs; i++) {
      let t = childCpu();
      a.push(once(node, [floor], input));
      cpuA += childCpu() - t;
      t = childCpu();
      b.push(once(node, [hook, 'claude'], input));
      cpuB += childCpu() - t;
    }
    const [f, p] = [median(a), median(b)];
    const [cf, cp] = [cpuA / runs, cpuB / runs];
    console.log(
      `| ${version} | ${name} | ${fmt(f)} ms (cpu ${fmt(cf)}) | ${fmt(p)} ms (cpu ${fmt(cp)}) | ${fmt(p - f)} ms (cpu ${fmt(cp - cf)}) |`,
    );
  }
}
console.log(`load average after: ${loadavg().map(fmt).join(' ')}`);
rmSync(project, { recursive: true, force: true });
