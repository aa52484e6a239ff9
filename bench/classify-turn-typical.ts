// classifyTurn per turn on the typical mix of bench/classify-turn.bench.ts, in plain Node and in
// CPU time (process.cpuUsage), so a loaded shared machine does not time its neighbours: one
// batch classifies each of the eight turns `rounds` times; per-turn time is the batch's CPU time
// divided by its calls. Warms up first, then prints the median and p75 over the batches.
// Target: p75 ≤ 5 µs.
//   node scripts/run-ts.mjs bench/classify-turn-typical.ts [batches] [rounds]   (default 300, 125)
import { classifyTurn, resolveOptions, type TurnSummary } from '../src/index.js';
import { baseTurn, cpuMicros } from './classify-turn-timing.js';

const batches = Math.max(50, Number(process.argv[2] ?? 300));
const rounds = Math.max(10, Number(process.argv[3] ?? 125));
const options = resolveOptions({});
const base = baseTurn;

// The same eight turns as the vitest bench's typical mix.
const typical: [TurnSummary, boolean][] = [
  [{ ...base, text: "I'll start by reading the config and then patch the parser." }, false],
  [
    {
      ...base,
      text: 'Fixed. The crash came from parse() dereferencing a missing section; I added a guard and a regression test, and all 214 tests pass.',
    },
    false,
  ],
  [{ ...base, text: 'Should the page size be configurable per request, or fixed at 50?' }, false],
  [
    {
      ...base,
      text: 'There are 9 migration files. Next, I will run them in order against the dev database.',
      toolCalls: [{ name: 'glob', readOnly: true }],
    },
    false,
  ],
  [
    {
      ...base,
      text: 'Implemented the fix; all tests pass.',
      toolCalls: [{ name: 'edit', readOnly: false }],
    },
    false,
  ],
  [{ ...base, text: 'タスク1は完了しました。次にタスク2に進みます。' }, false],
  [{ ...base, text: 'Got it, opening a fresh plan cycle.', userPrompt: null }, true],
  [
    {
      ...base,
      text: "You're welcome! I'll be here if you need anything else.",
      userPrompt: 'thanks!',
    },
    false,
  ],
];

let sink = 0;
function batch(): void {
  for (let r = 0; r < rounds; r++)
    for (const [turn, planMode] of typical)
      if (classifyTurn(turn, { planMode, options }).kind === 'acted') sink++;
}

const until = Date.now() + 2000;
while (Date.now() < until) batch();

const perTurn: number[] = [];
for (let b = 0; b < batches; b++) {
  perTurn.push(cpuMicros(batch) / (rounds * typical.length));
}
perTurn.sort((a, b) => a - b);
const at = (q: number) =>
  perTurn[Math.min(perTurn.length - 1, Math.floor(q * perTurn.length))] ?? 0;
console.log(
  `classifyTurn, typical mix: median ${at(0.5).toFixed(2)} µs, p75 ${at(0.75).toFixed(2)} µs CPU per turn (${batches} batches of ${rounds * typical.length}) ${sink > 0 ? '' : '-'}`,
);
