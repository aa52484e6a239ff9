import { describe, expect, it } from 'vitest';

/**
 * Runs one tool call through an adapter's real SDK loop in plan mode (plan file `PLAN.md`)
 * and returns the arguments the host's tools actually received. `tool` is the host's shell
 * tool (schema: command, env, args, cwd, description) unless it names the plan-file tool.
 */
export type RunOneCall = (input: Record<string, unknown>, tool?: 'plan-file') => Promise<unknown[]>;

/**
 * The same cases through every adapter: the gate lives in the core, so each adapter must
 * hand it every field of a call and run nothing it refuses.
 */
export function gateFieldsSuite(adapter: string, run: RunOneCall): void {
  describe(`${adapter}: every field of a shell call is judged`, () => {
    it.each([
      ['env that runs a file', { command: 'ls', env: { BASH_ENV: 'PLAN.md' } }],
      ['args that delete', { command: 'find', args: ['src', '-delete'] }],
      [
        'a working directory in a bare repository',
        { command: 'git log -p', cwd: 'vendor/evil.git' },
      ],
    ])('refuses a read-only command with %s', async (_label, input) => {
      expect(await run(input)).toEqual([]);
    });

    it('runs a read-only command whose other fields are harmless or read-only', async () => {
      expect(await run({ command: 'ls', cwd: 'src', description: 'list the sources' })).toEqual([
        { command: 'ls', cwd: 'src', description: 'list the sources' },
      ]);
    });
  });

  describe(`${adapter}: a plan-file write passes only when every target is the plan file`, () => {
    it('writes the plan file', async () => {
      expect(await run({ path: 'PLAN.md', content: '# Plan' }, 'plan-file')).toEqual([
        { path: 'PLAN.md', content: '# Plan' },
      ]);
    });

    it.each([
      ['a second target field', { path: 'PLAN.md', content: 'x', target_file: 'src/a.ts' }],
      ['a `..` segment', { path: 'docs/../PLAN.md', content: 'x' }],
    ])('refuses a plan-file write with %s', async (_label, input) => {
      expect(await run(input, 'plan-file')).toEqual([]);
    });

    const patch = (...lines: string[]) =>
      ['*** Begin Patch', '*** Add File: PLAN.md', '+# Plan', ...lines, '*** End Patch'].join('\n');
    it.each([
      ['a header indented by a space', patch(' *** Add File: scripts/postinstall.sh', '+x')],
      ['a header indented by a tab', patch('\t*** Delete File: src/index.ts')],
      ['a header indented by a no-break space', patch('\u00a0*** Delete File: src/index.ts')],
      ['a git prefix in an apply_patch header', patch('*** Add File: a/PLAN.md', '+x')],
      ['/dev/null as an apply_patch file', patch('*** Delete File: /dev/null')],
    ])('refuses a plan-file patch with %s', async (_label, text) => {
      expect(await run({ path: 'PLAN.md', content: '', patch: text }, 'plan-file')).toEqual([]);
    });

    it('writes a plan-file patch that names only the plan file', async () => {
      const input = { path: 'PLAN.md', content: '', patch: patch() };
      expect(await run(input, 'plan-file')).toEqual([input]);
    });
  });
}
