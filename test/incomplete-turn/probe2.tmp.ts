import { classifyTurn, resolveOptions } from '../../src/index.js';
import { turn } from './turns.js';
const options = resolveOptions({});
const rows: [string, string][] = [
  [
    'Why does the cron run twice?',
    "Here's what I found: two pods start the scheduler. I'd add a lock so only one runs it.",
  ],
  [
    'Look into the crash',
    "Here's what I found: the worker crashes on empty payloads. We'll want a guard in `parse()`.",
  ],
  [
    'What broke?',
    'The root cause is a missing index; every lookup scans the table. Adding it will fix the slowness.',
  ],
  [
    'Investigate the leak',
    "Here is what I found: listeners are never removed. I'll keep an eye on the heap graphs.",
  ],
  ['ok, thanks', 'You are welcome! I will be around if the deploy acts up.'],
  ['ok, ship it when ready', 'Shipping it after the last check.'],
  [
    'Explain the bug',
    'The problem is the timezone: CI runs in UTC. Switching the test to a fixed clock will fix it.',
  ],
];
for (const [prompt, text] of rows) {
  const got = classifyTurn(turn(text, { userPrompt: prompt }), { planMode: false, options });
  console.log(
    got.kind,
    got.uncertain ? 'U' : '',
    JSON.stringify(got.evidence),
    '|',
    text.slice(0, 70),
  );
}
