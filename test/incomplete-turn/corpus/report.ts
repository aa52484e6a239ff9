import { resolveOptions } from '../../../src/index.js';
import { corpusAcks, corpusTurns, type Half, languages } from './corpus.js';
import { pct, scoreAck, scoreTurn, type Tally, tallyAcks, tallyTurns } from './score.js';

// Prints the corpus figures for both halves:
//   node scripts/run-ts.mjs test/incomplete-turn/corpus/report.ts [--failures]
// `--failures` lists the TUNING half's failures only. The evaluation half is reported as
// totals and never itemised, so rules are never fitted to it.

const options = resolveOptions({});
const turns = corpusTurns().map((row) => scoreTurn(row, options));
const acks = corpusAcks().map((row) => scoreAck(row, options));

const columns = ['all', ...languages, 'mixed'];

function table(title: string, tallies: Record<string, Tally>, nagWords: [string, string]) {
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

for (const half of ['tuning', 'evaluation'] as Half[]) {
  table(`Turns, ${half} half`, tallyTurns(turns, half), ['false nags', 'missed nags']);
  table(`ACKs, ${half} half`, tallyAcks(acks, half), ['false ACKs', 'missed ACKs']);
}

if (process.argv.includes('--failures')) {
  console.log('\nTuning-half failures:');
  for (const o of turns) {
    if (o.row.half !== 'tuning' || (o.right && !o.falseNag && !o.missedNag)) continue;
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
