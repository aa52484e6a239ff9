import { bench, describe } from 'vitest';
import { classifyTurn, isExecutionAck, resolveOptions, type TurnSummary } from '../src/index.js';
import { turn } from '../test/incomplete-turn/turns.js';

// Target: classifyTurn ≤ 5 µs per typical turn with resolved options. Each iteration below
// classifies exactly one turn, so `mean` is the time per turn (1 µs = 0.001 ms; 200 000 hz is
// 5 µs). Run with `npm run bench`.

const options = resolveOptions({});
const base = turn('', { userPrompt: 'Fix the crash in the config loader.' });

// What a run sees: narration, answers, tool turns, another script, plan mode, chit-chat.
const typical: [string, TurnSummary, boolean][] = [
  [
    'narration',
    { ...base, text: "I'll start by reading the config and then patch the parser." },
    false,
  ],
  [
    'completion report',
    {
      ...base,
      text: 'Fixed. The crash came from parse() dereferencing a missing section; I added a guard and a regression test, and all 214 tests pass.',
    },
    false,
  ],
  [
    'question',
    { ...base, text: 'Should the page size be configurable per request, or fixed at 50?' },
    false,
  ],
  [
    'one read + narration',
    {
      ...base,
      text: 'There are 9 migration files. Next, I will run them in order against the dev database.',
      toolCalls: [{ name: 'glob', readOnly: true }],
    },
    false,
  ],
  [
    'mutating tool',
    {
      ...base,
      text: 'Implemented the fix; all tests pass.',
      toolCalls: [{ name: 'edit', readOnly: false }],
    },
    false,
  ],
  ['Japanese', { ...base, text: 'タスク1は完了しました。次にタスク2に進みます。' }, false],
  [
    'plan-mode status',
    { ...base, text: 'Got it, opening a fresh plan cycle.', userPrompt: null },
    true,
  ],
  [
    'chit-chat',
    {
      ...base,
      text: "You're welcome! I'll be here if you need anything else.",
      userPrompt: 'thanks!',
    },
    false,
  ],
];

// Compile the default cue lists before timing (a one-off of a few milliseconds per options).
for (const [, turn, planMode] of typical) classifyTurn(turn, { planMode, options });

describe('classifyTurn, one turn per iteration', () => {
  let i = 0;
  bench('typical mix (rotating through 8 kinds of turn)', () => {
    const entry = typical[i++ % typical.length];
    if (entry) classifyTurn(entry[1], { planMode: entry[2], options });
  });
  for (const [name, turn, planMode] of typical)
    bench(name, () => {
      classifyTurn(turn, { planMode, options });
    });
  bench('narration, options omitted (defaults resolved once)', () => {
    classifyTurn(typical[0]?.[1] ?? base, { planMode: false });
  });
});

describe('isExecutionAck', () => {
  const offer = 'I can patch parse() and add a test. Want me to go ahead?';
  bench('"ok do it"', () => {
    isExecutionAck('ok do it', { options });
  });
  bench('"yes" after an offer', () => {
    isExecutionAck('yes', { options, previousAssistantText: offer });
  });
  bench('"ＯＫ、進めて"', () => {
    isExecutionAck('ＯＫ、進めて', { options });
  });
});
