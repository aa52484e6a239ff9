import { classifyTurn, resolveOptions } from '../../src/index.js';
import { read, turn } from './turns.js';
const options = resolveOptions({});
const rows: [string, string, string, string, string?][] = [
  [
    'Add request logging',
    'Sure. Request logging goes into the Express middleware, with the request id and latency.',
    'planning-only',
    'n',
  ],
  [
    'Add request logging',
    'Absolutely — the plan: a middleware that logs method, path, status and duration.',
    'planning-only',
    'n',
  ],
  [
    'Make the build faster',
    'Okay, two changes: cache `node_modules` in CI and switch the bundler to esbuild. Starting with the cache.',
    'planning-only',
    'n',
  ],
  [
    'Refactor the auth module',
    'Happy to. I will start by splitting `auth.ts` into `session.ts` and `tokens.ts`.',
    'planning-only',
    'n',
  ],
  [
    'go ahead',
    'Great, kicking that off now.',
    'planning-only',
    'n',
    'Want me to migrate the three services?',
  ],
  [
    'yes please',
    'Perfect — applying the same fix to `cart.ts` and `checkout.ts`.',
    'planning-only',
    'n',
    'Want me to fix the other two places too?',
  ],
  [
    'Upgrade to Node 20',
    'Will do. Bumping `.nvmrc`, the Dockerfile and the CI matrix to 20.',
    'planning-only',
    'n',
  ],
  ['Fix the flaky test', 'Sounds like a timing issue. Let me dig in.', 'planning-only', 'n'],
  [
    'Fix the flaky test',
    "This is probably a race in the fixture setup; I'm going to add an explicit await and retry.",
    'planning-only',
    'n',
  ],
  [
    'Clean up the warnings',
    "No problem — I'll sweep through the unused imports and the implicit `any`s.",
    'planning-only',
    'n',
  ],
  [
    'Add an index',
    'Good call. A concurrent index on `orders.created_at` it is — writing the migration now.',
    'planning-only',
    'n',
  ],
  [
    'continue',
    'Sure, moving on to the remaining two endpoints now.',
    'planning-only',
    'n',
    'Converted 3 of 5 endpoints.',
  ],
  [
    'keep going',
    'Continuing with `Modal` and `Toast`.',
    'planning-only',
    'n',
    'Converted 4 of 6 components.',
  ],
  [
    'resume',
    'Resuming: `ecs` and `alb` modules are next.',
    'planning-only',
    'n',
    'I ran out of context after the `vpc` module.',
  ],
  [
    'plan the search rewrite',
    "Got it! I'll review the current search service first and get back to you with a plan. 🙂",
    'plan-ack-only',
    'p',
  ],
  [
    'plan the search rewrite',
    'Sure thing — investigating the indexer first.',
    'plan-ack-only',
    'p',
  ],
  [
    'plan the rewrite',
    'Will do — reading through the search module before I propose anything.',
    'plan-ack-only',
    'p',
  ],
  [
    'rename fetchData',
    'There are 12 usages of `fetchData`. Renaming them all to `loadDashboard` next.',
    'single-action-narration',
    's',
  ],
  [
    'fix the failing lint',
    'The error is an unused import in `Header.tsx`. Removing it now.',
    'single-action-narration',
    's',
  ],
  [
    'fix the bug',
    'The handler never awaits `save()`. Fix incoming: add the `await` and a regression test.',
    'single-action-narration',
    's',
  ],
];
let bad = 0;
for (const [prompt, text, expected, mode, previous] of rows) {
  const got = classifyTurn(
    turn(text, {
      userPrompt: prompt,
      previousAssistantText: previous ?? null,
      ...(mode === 's' ? { toolCalls: [read()] } : {}),
    }),
    { planMode: mode === 'p', options },
  );
  const ok = got.kind === expected && !got.uncertain;
  if (!ok) {
    bad++;
    console.log(
      '✗',
      expected,
      '→',
      got.kind,
      got.uncertain ? 'U' : '',
      JSON.stringify(got.evidence),
      '|',
      text.slice(0, 70),
    );
  }
}
console.log(bad, 'of', rows.length);
