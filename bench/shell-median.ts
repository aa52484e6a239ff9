// Per-command time of analyzeShellCommand over the sample corpus, in plain Node (no vitest
// harness): one iteration runs every corpus command once; per-command time is the iteration's
// time divided by the row count. Warms up first so the JIT reaches the steady state a host's
// gate runs in, then prints the median and p90 over the timed iterations. This is the figure
// the README reports.
// Run from the repository root: node scripts/run-ts.mjs bench/shell-median.ts [iterations] [warmupMs]   (default 300, 2000)
import { performance } from 'node:perf_hooks';
import { analyzeShellCommand } from '../src/shell/analyze.js';
import { corpusCommands } from './shell-corpus.js';

const iterations = Math.max(200, Number(process.argv[2] ?? 300));
const warmupMs = Math.max(2000, Number(process.argv[3] ?? 2000));
const commands = corpusCommands();

// Keeps the results alive so the calls cannot be optimised away.
let sink = 0;
function iteration(): void {
  for (const c of commands) if (analyzeShellCommand(c).readOnly) sink++;
}

const warmupEnd = performance.now() + warmupMs;
while (performance.now() < warmupEnd) iteration();

const perCommandUs: number[] = [];
for (let i = 0; i < iterations; i++) {
  const start = performance.now();
  iteration();
  perCommandUs.push(((performance.now() - start) * 1000) / commands.length);
}
perCommandUs.sort((a, b) => a - b);
const at = (q: number): number =>
  perCommandUs[Math.min(perCommandUs.length - 1, Math.floor(q * perCommandUs.length))] ?? NaN;
console.log(
  `analyzeShellCommand: ${commands.length} commands, ${iterations} iterations after ${warmupMs} ms warm-up`,
);
console.log(
  `per command: median ${at(0.5).toFixed(3)} µs, p90 ${at(0.9).toFixed(3)} µs, min ${at(0).toFixed(3)} µs`,
);
if (sink < 0) console.log(sink);
