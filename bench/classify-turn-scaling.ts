// classifyTurn on texts of 128 KiB, 256 KiB, 512 KiB and 1 MiB: the time must grow linearly
// (each doubling about doubles it; a ratio near 4 per doubling is a quadratic part). Each
// shape is a text the rules could once be made to walk again and again: runs of terminators,
// initialisms, lead-in words, dashes, offers, sentences full of cues, and the same as the
// previous assistant text and the prompt. Prints, per shape, the best time of the runs per size and the
// ratio 1 MiB / 512 KiB (CPU milliseconds).
//   node scripts/run-ts.mjs bench/classify-turn-scaling.ts [runs] [shape]   (default 5 runs, all shapes)
import { classifyTurn, resolveOptions, type TurnSummary } from '../src/index.js';
import { baseTurn, cpuMicros } from './classify-turn-timing.js';

const runs = Number(process.argv[2] ?? 5);
const KiB = 1024;
const sizes = [128 * KiB, 256 * KiB, 512 * KiB, 1024 * KiB];

const base = baseTurn;

// Every text is split and scanned in full; the rules past that read texts up to
// narrationMaxLength (at most 100 000), so the wide options let them run on the longest allowed.
const wide = resolveOptions({ incompleteTurn: { narrationMaxLength: 100_000 } });
const defaults = resolveOptions({});

let calls = 0;
const fill = (unit: string, size: number, tail = '') =>
  unit.repeat(Math.max(1, Math.floor((size - tail.length) / unit.length))) + tail;

interface Shape {
  name: string;
  turn(size: number): TurnSummary;
  planMode?: boolean;
  options?: typeof wide;
}

const shapes: Shape[] = [
  {
    name: 'prose sentences',
    turn: (n) => ({ ...base, text: fill('The parser reads the file. ', n) }),
  },
  {
    name: 'one sentence of cues',
    turn: (n) => ({ ...base, text: fill("i'll go, let me see, done, ", n) }),
  },
  { name: 'dots before a letter', turn: (n) => ({ ...base, text: fill('.', n, 'x') }) },
  {
    name: 'bangs and closers before a letter',
    turn: (n) => ({ ...base, text: fill('!)', n, 'x') }),
  },
  { name: 'initialisms (a.b.c.…)', turn: (n) => ({ ...base, text: fill('a.', n, ' ok') }) },
  { name: 'list numbers', turn: (n) => ({ ...base, text: fill('1', n, '. x') }) },
  {
    name: 'lead-in words (now now …)',
    turn: (n) => ({ ...base, text: fill('now ', n, "i'll fix it") }),
  },
  {
    name: 'acknowledgements (okay, okay, …)',
    turn: (n) => ({ ...base, text: fill('okay, ', n, 'removing it') }),
  },
  { name: 'dash and progress verb', turn: (n) => ({ ...base, text: fill('— checking ', n) }) },
  { name: 'offers in one sentence', turn: (n) => ({ ...base, text: fill('if you like ', n) }) },
  {
    name: 'offers inside promises',
    turn: (n) => ({ ...base, text: fill('e depois proponho ', n) }),
  },
  { name: 'promises with colons', turn: (n) => ({ ...base, text: fill("i'll do: x. ", n) }) },
  { name: 'next step frames', turn: (n) => ({ ...base, text: fill('next step: fix it. ', n) }) },
  { name: 'list lines', turn: (n) => ({ ...base, text: fill('- item\n', n) }) },
  { name: 'Japanese present tense', turn: (n) => ({ ...base, text: fill('修正します。', n) }) },
  { name: 'Japanese, no terminator', turn: (n) => ({ ...base, text: fill('確認します', n) }) },
  { name: 'Korean future', turn: (n) => ({ ...base, text: fill('들어갈 예정입니다 ', n) }) },
  { name: 'Arabic prefix cues', turn: (n) => ({ ...base, text: fill('سأكتب ', n) }) },
  {
    name: 'plan mode, acknowledgements',
    planMode: true,
    turn: (n) => ({ ...base, text: fill('Understood. ', n) }),
  },
  {
    name: 'one read, then cues',
    turn: (n) => ({
      ...base,
      text: fill("Next I'll patch it. ", n),
      toolCalls: [{ name: 'read', readOnly: true }],
    }),
  },
  {
    name: 'previous text of offers, prompt "yes"',
    // The prompt's reading is remembered for the same prompt and previous text, so each call gets
    // a previous text of its own (one trailing space more or less) and does the work again.
    turn: (n) => ({
      ...base,
      text: "I'll patch it.",
      userPrompt: 'yes',
      previousAssistantText: fill('Proceed with the rename? ', n) + ' '.repeat(calls++ % 2),
    }),
  },
  {
    name: 'megabyte prompt and text, default options',
    options: defaults,
    turn: (n) => ({ ...base, text: fill('ab ', n), userPrompt: fill('ab ', n) }),
  },
];

// CPU time of this process (not wall time, which on a shared machine measures the neighbours),
// and the fastest run of each size (the others add the garbage collector's pauses).
const best = (values: number[]): number => Math.min(...values);

const only = process.argv[3];
let worst = 0;
console.log('| shape | 128 KiB ms | 256 KiB ms | 512 KiB ms | 1 MiB ms | 1 MiB / 512 KiB |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const shape of shapes) {
  if (only !== undefined && !shape.name.includes(only)) continue;
  const times = sizes.map((size) => {
    const context = { planMode: shape.planMode ?? false, options: shape.options ?? wide };
    classifyTurn(shape.turn(size), context);
    const samples: number[] = [];
    for (let r = 0; r < runs; r++) {
      const turn = shape.turn(size);
      samples.push(cpuMicros(() => classifyTurn(turn, context)) / 1000);
    }
    return best(samples);
  });
  const ratio = (times[3] ?? 0) / Math.max(times[2] ?? 0, 1e-3);
  worst = Math.max(worst, ratio);
  console.log(
    `| ${shape.name} | ${times.map((t) => t.toFixed(1)).join(' | ')} | ${ratio.toFixed(2)} |`,
  );
}
console.log(`\nlargest ratio 1 MiB / 512 KiB: ${worst.toFixed(2)} (linear ≈ 2, quadratic ≈ 4)`);
