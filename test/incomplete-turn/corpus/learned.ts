import { foldText } from '../../../src/incomplete-turn/text/fold.js';
import { resolveOptions, type TurnClassification } from '../../../src/index.js';
import { corpusTurns, fnv1a } from './corpus.js';
import { isStallLabel, nags, scoreTurn, type TurnOutcome } from './score.js';

// The experiment behind "a small learned component" (docs/incomplete-turns.md): a logistic
// model over hashed character n-grams of the folded text (plus the prompt's), trained on the
// TUNING half only, deterministic (fixed order, fixed epochs, no randomness), and combined with
// the rules in the two ways that could help without a false nag:
//   promote  an `uncertain` stall becomes a sure one when the model is confident it stalls;
//   veto     a sure stall becomes `uncertain` when the model is confident it does not.
// Thresholds are chosen on out-of-fold predictions inside the tuning half (two folds by hash),
// as the highest/lowest score that would have made no false nag / no lost nag there. Prints the
// figures for the evaluation half and for the rows written outside the team (r3) in it.
//   node scripts/run-ts.mjs test/incomplete-turn/corpus/learned.ts

const BITS = 14;
const SIZE = 1 << BITS;
const EPOCHS = 30;
const RATE = 0.2;
const L2 = 1e-4;

function features(o: TurnOutcome): Int32Array {
  const t = o.row.turn;
  const text = `\u0002${foldText(t.text)}\u0003`;
  const prompt = `\u0004${foldText(t.userPrompt ?? '')}\u0005`;
  const out: number[] = [];
  const grams = (s: string, tag: string) => {
    for (let n = 2; n <= 4; n++)
      for (let i = 0; i + n <= s.length; i++)
        out.push(fnv1a(`${tag}${s.slice(i, i + n)}`) & (SIZE - 1));
  };
  grams(text, 't');
  grams(prompt, 'p');
  out.push(fnv1a(`mode:${o.row.planMode}`) & (SIZE - 1));
  out.push(fnv1a(`tools:${t.toolCalls.length}`) & (SIZE - 1));
  return Int32Array.from(out);
}

interface Model {
  w: Float64Array;
  b: number;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

function score(m: Model, x: Int32Array): number {
  let z = m.b;
  for (const f of x) z += m.w[f] ?? 0;
  return sigmoid(z / Math.sqrt(x.length));
}

function train(rows: { x: Int32Array; y: number }[]): Model {
  const m: Model = { w: new Float64Array(SIZE), b: 0 };
  for (let e = 0; e < EPOCHS; e++)
    for (const { x, y } of rows) {
      const g = score(m, x) - y;
      const step = (RATE * g) / Math.sqrt(x.length);
      for (const f of x) m.w[f] = (m.w[f] ?? 0) * (1 - L2) - step;
      m.b -= RATE * g * 0.1;
    }
  return m;
}

const options = resolveOptions({});
// Only the turns the text decides: no tool call, nothing that forbids a retry.
const outcomes = corpusTurns()
  .map((r) => scoreTurn(r, options))
  .filter((o) => o.row.expected !== 'not-retryable' && o.row.turn.toolCalls.length === 0);
const data = outcomes.map((o) => ({ o, x: features(o), y: isStallLabel(o.row.expected) ? 1 : 0 }));
const tuning = data.filter((d) => d.o.row.half === 'tuning');
const evaluation = data.filter((d) => d.o.row.half === 'evaluation');

// Out-of-fold scores inside the tuning half, to pick thresholds without touching evaluation.
const fold = (d: (typeof data)[number]) => fnv1a(d.o.row.key) & 2;
const oof = new Map<string, number>();
for (const k of [0, 2]) {
  const m = train(tuning.filter((d) => fold(d) !== k));
  for (const d of tuning.filter((d) => fold(d) === k)) oof.set(d.o.row.id, score(m, d.x));
}
// promote: above the highest out-of-fold score of a non-stall the rules left uncertain (or of
// any non-stall, when none is); veto: below the lowest score of a stall the rules nag.
let promote = 0;
let veto = 1;
for (const d of tuning) {
  const p = oof.get(d.o.row.id) ?? 0;
  if (d.y === 0) promote = Math.max(promote, p);
  if (d.y === 1 && nags(d.o.got)) veto = Math.min(veto, p);
}

const model = train(tuning);

function combined(d: (typeof data)[number], mode: 'rules' | 'promote' | 'veto' | 'model') {
  const got: TurnClassification = d.o.got;
  const p = score(model, d.x);
  if (mode === 'model') return p >= 0.5;
  if (mode === 'promote' && got.uncertain === true && p > promote)
    return got.kind !== 'answered' && got.kind !== 'acted';
  if (mode === 'veto' && nags(got) && p < veto) return false;
  return nags(got);
}

function report(name: string, rows: typeof data) {
  for (const mode of ['rules', 'model', 'promote', 'veto'] as const) {
    let right = 0;
    let falseNags = 0;
    let missed = 0;
    for (const d of rows) {
      const nag = combined(d, mode);
      if (nag === (d.y === 1)) right++;
      else if (nag) falseNags++;
      else missed++;
    }
    console.log(
      `| ${name} | ${mode} | ${rows.length} | ${((100 * right) / rows.length).toFixed(1)}% | ${falseNags} | ${missed} |`,
    );
  }
}

console.log(
  `thresholds from the tuning half: promote > ${promote.toFixed(3)}, veto < ${veto.toFixed(3)}`,
);
console.log('| rows | decision | turns | nag decision right | false nags | missed nags |');
console.log('| --- | --- | --- | --- | --- | --- |');
report('tuning (trained on)', tuning);
report('evaluation', evaluation);
report(
  'evaluation, r3 rows',
  evaluation.filter((d) => d.o.row.id.startsWith('r3-')),
);
const used = model.w.reduce((n, w) => (Math.abs(w) > 1e-3 ? n + 1 : n), 0);
console.log(`\nnon-zero weights: ${used} of ${SIZE}`);

// Cost of judging one turn with the model (features and score), on the typical narration.
const sample = data.find((d) => d.o.row.turn.text.length > 60 && d.o.row.turn.text.length < 120);
if (sample) {
  const t0 = process.cpuUsage();
  const n = 20_000;
  let sink = 0;
  for (let i = 0; i < n; i++) sink += score(model, features(sample.o));
  const used = process.cpuUsage(t0);
  console.log(
    `one turn of ${sample.o.row.turn.text.length} characters: ${((used.user + used.system) / n).toFixed(1)} µs CPU (features and score) ${sink > 0 ? '' : '-'}`,
  );
}
