import { assistant, type ScriptEntry, toolCall } from '../../testing/index.js';
import { slugFix } from './repo.js';

/** What the user asks for in the demo. */
export const demoRequest =
  "slugify('Hello, World!') returns 'hello-world-'. Fix it so slugs never start or end with a dash.";

const fixedSlug = `export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    ${slugFix};
}
`;

const slugTests = `import { slugify } from '../src/slug.js';

test('drops punctuation', () => {
  expect(slugify('Hello, World!')).toBe('hello-world');
});

test('a title of only punctuation gives an empty slug', () => {
  expect(slugify('?!')).toBe('');
});
`;

const step = (id: string, status: string) => toolCall('update_plan', { updates: [{ id, status }] });

/**
 * The scripted model's side of the demo, turn by turn. The turns that depend on planfirst's
 * injected messages check they really arrived (`expectIncludes`), so the demo fails loudly if
 * the run loop stops sending them.
 */
export function demoScript(): ScriptEntry[] {
  return [
    // Plan mode: investigate with a read tool and a read-only shell command.
    assistant(
      'Reading the slug code and where it is used.',
      toolCall('read_file', { path: 'src/slug.ts' }),
      toolCall('bash', { command: `grep -rn 'slugify(' src test` }),
      toolCall('explore', { task: 'Who calls slugify()?' }),
    ),
    // Jumping ahead: both the write and the in-place sed are blocked while planning.
    assistant(
      'The last replace leaves a dash behind. Trying the one-line fix directly.',
      toolCall('write_file', { path: 'src/slug.ts', content: fixedSlug }),
      toolCall('bash', { command: `sed -i 's/-+$//' src/slug.ts` }),
    ),
    // A choice only the user can make: the run waits for the answer.
    assistant(
      'One choice is yours before I plan.',
      toolCall('ask_user', {
        questions: [
          {
            question: "What should slugify('?!') return?",
            options: [{ label: "'' (an empty slug)" }, { label: "'untitled'" }],
          },
        ],
      }),
    ),
    {
      expectIncludes: ['<planfirst-answer status="answered"', "'' (an empty slug)"],
      reply: assistant(
        'Writing is blocked until you approve a plan, so here it is.',
        toolCall('exit_plan_mode', {
          title: 'Stop slugify() from leaving dashes at the ends',
          summary: 'Punctuation at either end becomes a dash; trim dashes after the replace.',
          steps: [
            { text: 'Trim leading and trailing dashes in src/slug.ts' },
            { text: 'Run the tests' },
          ],
        }),
      ),
    },
    // Rejected with feedback: still planning, so propose a revised plan.
    {
      expectIncludes: ['[PLAN_DECISION]: rejected', 'only punctuation'],
      reply: assistant(
        'Revised: the plan now adds the test you asked for.',
        toolCall('exit_plan_mode', {
          title: 'Stop slugify() from leaving dashes at the ends',
          summary: 'Trim dashes after the replace, and cover a title of only punctuation.',
          steps: [
            { text: 'Trim leading and trailing dashes in src/slug.ts' },
            { text: "Add a test: slugify('?!') is ''" },
            { text: 'Run the tests' },
          ],
          verification: ["npm test passes: slugify('Hello, World!') is 'hello-world'"],
        }),
      ),
    },
    // Approved: execute, tracking the steps.
    {
      expectIncludes: ['[PLAN_DECISION]: approved'],
      reply: assistant(
        step('1', 'in_progress'),
        toolCall('write_file', { path: 'src/slug.ts', content: fixedSlug }),
      ),
    },
    // Narrating instead of acting: planfirst answers with a retry instruction.
    assistant(step('1', 'completed'), "I'll add the test next."),
    {
      expectIncludes: ['retry 1 of 3'],
      reply: assistant(
        step('2', 'in_progress'),
        toolCall('write_file', { path: 'test/slug.test.ts', content: slugTests }),
      ),
    },
    assistant(
      step('2', 'completed'),
      step('3', 'in_progress'),
      toolCall('bash', { command: 'npm test' }),
    ),
    assistant(step('3', 'completed'), 'The tests pass.'),
    assistant(
      "Done: slugify() now trims dashes at both ends, so slugify('Hello, World!') is 'hello-world', and a new test covers a title of only punctuation. npm test passes.",
    ),
  ];
}
