// One hook call as a coding agent makes it: a new `node dist/hook.js claude` process, one
// PreToolUse document on stdin, the answer on stdout. Hosts spawn one process per tool call
// and discard slow answers, so the number that matters is the whole process, Node's start
// included. Target: median ≤ 80 ms. Compared with bare `node -e 0` (the floor on this machine)
// and with the same call through `node dist/cli.js hook`, which loads the whole library.
//
// Usage: npm run build && npm run bench:hook [-- runs]   (default 30 runs each)
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const runs = Number(process.argv[2] ?? 30);
const hook = fileURLToPath(new URL('../dist/hook.js', import.meta.url));
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const input = JSON.stringify({
  session_id: 'bench',
  transcript_path: null,
  cwd: process.cwd(),
  permission_mode: 'default',
  hook_event_name: 'PermissionRequest',
  tool_name: 'Bash',
  tool_input: { command: 'git log --oneline -20 && rg -n TODO src | head -50' },
});

function measure(args) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const out = spawnSync(process.execPath, args, { input, encoding: 'utf8' });
    times.push(performance.now() - start);
    if (out.status !== 0) throw new Error(`${args.join(' ')} exited ${out.status}: ${out.stderr}`);
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))];
  return { median: at(50), p90: at(90) };
}

const rows = [
  ['node -e 0 (floor)', measure(['-e', '0'])],
  ['node dist/hook.js claude', measure([hook, 'claude'])],
  ['node dist/cli.js hook claude', measure([cli, 'hook', 'claude'])],
];
console.log(`| process (${runs} runs) | median | p90 |\n| --- | --- | --- |`);
for (const [name, r] of rows)
  console.log(`| ${name} | ${r.median.toFixed(1)} ms | ${r.p90.toFixed(1)} ms |`);
const hookMedian = rows[1][1].median;
console.log(
  `\nhook median ${hookMedian.toFixed(1)} ms: ${hookMedian <= 80 ? 'within' : 'OVER'} the 80 ms target (Node alone: ${rows[0][1].median.toFixed(1)} ms)`,
);
