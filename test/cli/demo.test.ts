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
      "user       slugify('Hello, World!') returns 'hello-world-'",
      '── plan mode',
      '▸ read_file src/slug.ts  ✓ allowed: read-only',
      `▸ bash grep -rn 'slugify(' src test  ✓ allowed: read-only`,
      'src/slug.ts:1:export function slugify',
      '▸ write_file src/slug.ts  ✗ blocked: not_read_only',
      `▸ bash sed -i 's/-+$//' src/slug.ts  ✗ blocked: shell_not_read_only`,
      'not provably read-only (option_writes)',
      '`sed -i` edits files in place',
      '▸ exit_plan_mode "Stop slugify() from leaving dashes at the ends"  ✓ approval_requested',
      '│ 1. ( ) Trim leading and trailing dashes in src/slug.ts',
      '│ 2. ( ) Run the tests',
      'approval   approved by the approvals handler',
      '── plan approved: plan mode is off, executing',
      'plan_approved → model: [PLAN_DECISION]: approved',
      '▸ update_plan step 1 → in_progress  ✓ plan_updated',
      '▸ write_file src/slug.ts  ✓ ran',
      "assistant  I'll run the tests next.",
      'turn classified planning-only (promise-cue)',
      'planning-only → retry 1 of 3 (standard): You described what you are going to do',
      '▸ bash npm test  ✓ ran',
      '▸ update_plan step 2 → completed  ✓ plan_updated',
      'assistant  Done: slugify() now trims dashes at both ends',
      'result     completed · 8 model calls · 2 tool calls blocked · 1 retry instruction',
      'changed    src/slug.ts (in memory; nothing on disk was touched)',
    ];
    let from = 0;
    for (const stage of stages) {
      const at = run.stdout.indexOf(stage, from);
      expect(at, `stage ${JSON.stringify(stage)} after offset ${from}`).toBeGreaterThanOrEqual(0);
      from = at + stage.length;
    }
  });

  it('fits on one or two screens', async () => {
    const run = await runCli(['demo'], { NO_COLOR: '1' });
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(70);
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
    const withoutIds = (s: string) => s.replace(/approval id \w+…/, 'approval id …');
    expect(withoutIds(strip(forced.stdout))).toBe(withoutIds(flag.stdout));
  });
});
