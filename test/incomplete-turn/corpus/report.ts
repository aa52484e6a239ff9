import { resolveOptions } from '../../../src/index.js';
import { corpusAcks, corpusTurns, type Half, languages, turnLabels } from './corpus.js';
import { pct, type Rows, scoreAck, scoreTurn, type Tally, tallyAcks, tallyTurns } from './score.js';

// Prints the corpus figures for both halves, per language and per class:
//   node scripts/run-ts.mjs test/incomplete-turn/corpus/report.ts [--only=PREFIX] [--failures]
// `--only=r3-` counts only rows whose id starts so (both halves, and each half), for a subset
// such as the rows written outside the team. `--failures` lists the TUNING half's failures
// only. The evaluation half is reported as totals and never itemised, so rules are never
// fitted to it.

const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const options = resolveOptions({});
const turns = corpusTurns()
  .filter((row) => only === undefined || row.id.startsWith(only))
  .map((row) => scoreTurn(row, options));
const acks = corpusAcks()
  .filter((row) => only === undefined || row.id.startsWith(only))
  .map((row) => scoreAck(row, options));

const langColumns = ['all', ...languages, 'mixed'];

function table(
  title: string,
  tallies: Record<string, Tally>,
  nagWords: [string, string],
  columns: string[],
) {
  console.log(`\n${title}`);
  console.log(
    `| ${['', ...columns].join(' | ')} |\n|${['', ...columns].map(() => '---').join('|')}|`,
  );
  const cell = (f: (t: Tally) => string) =>
    columns.map((c) => {
      const t = tallies[c];
      return t ? f(t) : '—';
    });
  console.log(`| rows | ${cell((t) => String(t.rows)).join(' | ')} |`);
  console.log(`| right | ${cell(pct).join(' | ')} |`);
  console.log(`| ${nagWords[0]} | ${cell((t) => String(t.falseNags)).join(' | ')} |`);
  console.log(`| ${nagWords[1]} | ${cell((t) => String(t.missedNags)).join(' | ')} |`);
  if (nagWords[0] === 'false nags')
    console.log(`| uncertain | ${cell((t) => String(t.uncertain)).join(' | ')} |`);
}

const halves: Rows[] =
  only === undefined ? ['tuning', 'evaluation'] : ['both', 'tuning', 'evaluation'];
const label = only === undefined ? '' : ` (ids ${only}…)`;
for (const half of halves) {
  const name = half === 'both' ? 'both halves' : `${half} half`;
  table(
    `Turns, ${name}${label}`,
    tallyTurns(turns, half),
    ['false nags', 'missed nags'],
    langColumns,
  );
  table(
    `Turns by class, ${name}${label}`,
    tallyTurns(turns, half, (o) => o.row.expected),
    ['false nags', 'missed nags'],
    ['all', ...turnLabels],
  );
  table(`ACKs, ${name}${label}`, tallyAcks(acks, half), ['false ACKs', 'missed ACKs'], langColumns);
  table(
    `ACKs by class, ${name}${label}`,
    tallyAcks(acks, half, (o) => o.row.expected),
    ['false ACKs', 'missed ACKs'],
    ['all', 'ack', 'not-ack'],
  );
}

if (process.argv.includes('--failures')) {
  console.log('\nTuning-half failures:');
  for (const o of turns) {
    if (o.row.half !== ('tuning' satisfies Half) || (o.right && !o.falseNag && !o.missedNag))
      continue;
    console.log(
      `${o.row.id}\t${o.row.expected} → ${o.got.kind}${o.got.uncertain ? ' (uncertain)' : ''}\t${JSON.stringify(o.got.evidence)}\t${JSON.stringify(o.row.turn.text).slice(0, 160)}\tprompt=${JSON.stringify(o.row.turn.userPrompt)}`,
    );
  }
  for (const o of acks) {
    if (o.row.half !== 'tuning' || o.right) continue;
    console.log(
      `${o.row.id}\t${o.row.expected} → ${o.got ? 'ack' : 'not-ack'}\t${JSON.stringify(o.row.prompt)}\tprevious=${JSON.stringify(o.row.previous)}${o.row.planMode ? ' (plan)' : ''}`,
    );
  }
}
