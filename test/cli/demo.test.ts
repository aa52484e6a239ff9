import { describe, expect, it } from 'vitest';
import { ansi, runCli } from './run-cli.js';

// The demo as a user runs it (`npm run demo` runs the same built file), in plain mode.
describe.concurrent('planfirst demo', () => {
  it('shows every stage of the session, in order, and exits 0', async () => {
    const run = await runCli(['demo'], { NO_COLOR: '1' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(ansi);
    const stages = [
      'An agent fixes a bug with plan mode on.',
      "user       slugify('Hello, World!') returns 'hello-world-'",
      '── plan mode',
      '▸ read_file src/slug.ts  ✓ allowed: read-only',
      `▸ bash grep -rn 'slugify(' src test  ✓ allowed: read-only`,
      'src/slug.ts:1:export function slugify',
      '▸ write_file src/slug.ts  ✗ blocked: this tool can change things',
      `▸ bash sed -i 's/-+$//' src/slug.ts  ✗ blocked: this command is not provably read-only`,
      'not provably read-only (option_writes)',
      '`sed -i` edits files in place',
      '▸ ask_user 1 question  ✓ sent to the user; the run waits',
      "│ What should slugify('?!') return?",
      "│   ( ) '' (an empty slug)",
      `question_answer → model: the user's answer, quoted — selected: "'' (an empty slug)"`,
      '▸ exit_plan_mode "Stop slugify() from leaving dashes at the ends"  ✓ sent for approval',
      '│ 2. ( ) Run the tests',
      'approval   the user rejected the plan',
      'plan_rejected → model: [PLAN_DECISION]: rejected',
      'Revised: the plan now adds the test you asked for.',
      '✓ sent for approval',
      "│ 2. ( ) Add a test: slugify('?!') is ''",
      '│ 3. ( ) Run the tests',
      'approval   the user approved the plan',
      '── plan approved: plan mode is off, executing',
      'plan_approved → model: [PLAN_DECISION]: approved',
      '▸ update_plan step 1 → in_progress  ✓ plan progress updated',
      '▸ write_file src/slug.ts  ✓ ran',
      "assistant  I'll add the test next.",
      'planfirst: the turn only announced work instead of doing it (planning-only, promise-cue)',
      'planning-only → retry 1 of 3 (standard): You described what you are going to do',
      '▸ write_file test/slug.test.ts  ✓ ran',
      '▸ bash npm test  ✓ ran',
      '▸ update_plan step 3 → completed  ✓ plan progress updated',
      'assistant  Done: slugify() now trims dashes at both ends',
      'result     completed · 11 model calls · 2 tool calls blocked · 1 retry instruction',
      'changed    src/slug.ts, test/slug.test.ts (in memory; nothing on disk was touched)',
      'next',
      "npx planfirst check 'git log -5 | cat'",
      'README.md, "Quick start"',
      'docs/run-loop.md',
    ];
    let from = 0;
    for (const stage of stages) {
      const at = run.stdout.indexOf(stage, from);
      expect(at, `stage ${JSON.stringify(stage)} after offset ${from}`).toBeGreaterThanOrEqual(0);
      from = at + stage.length;
    }
  });

  it('fits on two screens', async () => {
    const run = await runCli(['demo'], { NO_COLOR: '1' });
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(90);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(100);
  });

  it('is coloured with FORCE_COLOR and plain again with --no-color', async () => {
    const forced = await runCli(['demo'], { FORCE_COLOR: '1' });
    expect(forced.status).toBe(0);
    expect(forced.stdout).toMatch(ansi);
    const flag = await runCli(['demo', '--no-color'], { FORCE_COLOR: '1' });
    expect(flag.stdout).not.toMatch(ansi);
    // Same words either way: colour only wraps text.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping ANSI escapes
    const strip = (s: string) => s.replace(/\u001b\[\d+m/g, '');
    const withoutIds = (s: string) => s.replace(/approval id \w+…/g, 'approval id …');
    expect(withoutIds(strip(forced.stdout))).toBe(withoutIds(flag.stdout));
  });
});
