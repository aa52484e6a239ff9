// The first classifyTurn() of a process, which is what a short-lived host (a Stop hook, a CLI
// run) pays. Each run is a fresh Node process, so nothing is compiled or warmed up yet:
//   resolveOptions   validating the options and compiling the cue automaton (once per options object)
//   first call       the first classifyTurn() with those options: must not compile anything
//   second call      the same call again, for scale
//   omitted options  a fresh process whose first classifyTurn() passes no options (resolves the
//                    defaults, compile included, on that call)
// Prints the median of each over the runs. Target: the first call with resolved options stays
// within a few milliseconds (it once paid a 40-60 ms compile).
// Run: node scripts/run-ts.mjs bench/classify-turn-first-call.ts [runs]   (default 15)
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { classifyTurn, resolveOptions, type TurnSummary } from '../src/index.js';
import { baseTurn } from './classify-turn-timing.js';

const turn: TurnSummary = {
  ...baseTurn,
  text: "I'll start by reading the config and then patch the parser.",
};

// The timed call must reach the cue matcher: an invalid turn would return before it.
function check(kind: string): void {
  if (kind !== 'planning-only') throw new Error(`expected planning-only, got ${kind}`);
}

type Sample = Record<'resolveOptions' | 'firstCall' | 'secondCall' | 'omittedOptions', number>;

function child(mode: string): void {
  if (mode === 'omitted') {
    const start = performance.now();
    const { kind } = classifyTurn(turn, { planMode: false });
    const elapsed = performance.now() - start;
    check(kind);
    console.log(JSON.stringify({ omittedOptions: elapsed }));
    return;
  }
  const t0 = performance.now();
  const options = resolveOptions({});
  const t1 = performance.now();
  const { kind } = classifyTurn(turn, { planMode: false, options });
  const t2 = performance.now();
  classifyTurn(turn, { planMode: false, options });
  const t3 = performance.now();
  check(kind);
  console.log(JSON.stringify({ resolveOptions: t1 - t0, firstCall: t2 - t1, secondCall: t3 - t2 }));
}

function run(mode: string): Partial<Sample> {
  // This file runs bundled (scripts/run-ts.mjs); the child runs the same bundle.
  const out = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', mode], {
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(`child failed: ${out.stderr}`);
  return JSON.parse(out.stdout) as Partial<Sample>;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

const childAt = process.argv.indexOf('--child');
if (childAt >= 0) child(process.argv[childAt + 1] ?? 'resolved');
else {
  const runs = Number(process.argv[2] ?? 15);
  const samples: Partial<Sample>[] = [];
  for (let i = 0; i < runs; i++) samples.push(run('resolved'), run('omitted'));
  for (const key of ['resolveOptions', 'firstCall', 'secondCall', 'omittedOptions'] as const) {
    const xs = samples.map((s) => s[key]).filter((x): x is number => x !== undefined);
    console.log(
      `${key.padEnd(16)} median ${median(xs).toFixed(2)} ms over ${xs.length} fresh processes`,
    );
  }
}
