import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkToolCall, resolveOptions } from '../../src/index.js';
import { shellDirectoryFields, shellSelectionFields } from '../../src/plan-mode/shell-call.js';
import { analyzeShellCommand } from '../../src/shell/analyze.js';
import { planSession } from '../helpers.js';

const plan = planSession();
const options = resolveOptions({});
const shellToolNames = options.planMode.shellTools;
const bash = (input: unknown) => checkToolCall(plan, { name: 'bash', input }, options);

// The input fields real shell tools honour, by tool. Every one must be judged or refused.
const knownShellToolFields: Record<string, string[]> = {
  'Claude Code Bash': [
    'command',
    'description',
    'timeout',
    'run_in_background',
    'dangerouslyDisableSandbox',
  ],
  'Gemini CLI run_shell_command': ['command', 'description', 'dir_path', 'directory'],
  'OpenAI local_shell exec action': ['command', 'env', 'working_directory', 'timeout_ms', 'user'],
  'Codex shell': [
    'command',
    'workdir',
    'timeout_ms',
    'with_escalated_permissions',
    'sandbox_permissions',
    'justification',
  ],
  'Codex exec_command': ['cmd', 'workdir', 'shell', 'login', 'yield_time_ms', 'max_output_tokens'],
  'OpenClaw exec': [
    'command',
    'workdir',
    'env',
    'yieldMs',
    'background',
    'timeout',
    'pty',
    'elevated',
    'host',
    'security',
    'ask',
    'node',
  ],
  'Node spawn(command, args, options)': [
    'command',
    'args',
    'cwd',
    'env',
    'shell',
    'uid',
    'gid',
    'argv0',
    'timeout',
    'detached',
    'stdio',
    'input',
  ],
};
const allFields = [...new Set(Object.values(knownShellToolFields).flat())];
const commandFields = new Set(['command', 'cmd', 'argv']);
const judgedFields = new Set(['args', 'env', ...shellDirectoryFields]);
const harmless = new Set(options.planMode.shellHarmlessFields);

describe('shell tools: every input field is judged (regressions)', () => {
  it('env is judged like inline assignments: git config injection is refused', () => {
    const d = bash({
      command: 'git status',
      env: {
        GIT_CONFIG_COUNT: '1',
        GIT_CONFIG_KEY_0: 'core.fsmonitor',
        GIT_CONFIG_VALUE_0: 'touch pwned',
      },
    });
    expect(d).toMatchObject({ allowed: false, code: 'shell_not_read_only' });
    expect(d.shell?.code).toBe(analyzeShellCommand("GIT_CONFIG_COUNT='1' git status").code);
  });

  it('env naming a startup file (BASH_ENV) is refused', () => {
    expect(bash({ command: 'ls', env: { BASH_ENV: 'PLAN.md' } })).toMatchObject({
      allowed: false,
      code: 'shell_not_read_only',
    });
  });

  it('env with only inert variables passes, like the same inline assignments', () => {
    expect(bash({ command: 'ls | sort', env: { LANG: 'C', PAGER: 'cat' } })).toMatchObject({
      allowed: true,
      code: 'shell_read_only',
    });
    expect(bash({ command: 'ls', env: { PAGER: 'less' } }).allowed).toBe(false);
    expect(bash({ command: 'ls', env: { 'A B': 'x' } })).toMatchObject({
      allowed: false,
      code: 'shell_invalid_input',
      field: 'env',
    });
  });

  it('spawn(command, args) is judged as the argv it is: find -delete is refused', () => {
    expect(bash({ command: 'find', args: ['src', '-delete'] })).toMatchObject({
      allowed: false,
      code: 'shell_not_read_only',
    });
    expect(bash({ command: 'find', args: ['src', '-name', 'a.ts'] })).toMatchObject({
      allowed: true,
    });
    // With a shell option the same fields form one script: a glob or `;` in an arg counts.
    expect(bash({ command: 'find', args: ['src', '-name', '*.ts'] }).allowed).toBe(false);
    expect(bash({ command: 'ls', args: ['x;', 'rm', '-rf', 'y'] }).allowed).toBe(false);
    expect(bash({ argv: ['ls'], args: ['-la'] })).toMatchObject({
      allowed: false,
      code: 'shell_invalid_input',
    });
  });

  it('a working-directory field is judged like cd: git log -p in a planted repository is refused', () => {
    for (const field of shellDirectoryFields)
      expect(bash({ command: 'git log -p', [field]: 'vendor/evil.git' })).toMatchObject({
        allowed: false,
        code: 'shell_not_read_only',
        shell: { code: 'git_after_cd' },
      });
    expect(bash({ command: 'ls -la', dir_path: 'src' })).toMatchObject({ allowed: true });
    expect(bash({ command: 'ls', cwd: 'a', workdir: 'b' })).toMatchObject({
      allowed: false,
      code: 'shell_invalid_input',
      field: 'workdir',
    });
  });

  it('shell-selection fields are refused, even when a host declares them harmless', () => {
    const lax = resolveOptions({ planMode: { shellHarmlessFields: [...shellSelectionFields] } });
    for (const field of shellSelectionFields) {
      const d = checkToolCall(plan, { name: 'bash', input: { command: 'ls', [field]: 'x' } }, lax);
      expect(d).toMatchObject({ allowed: false, code: 'shell_field_refused', field });
    }
  });

  it('an unknown field is refused with a code naming the field', () => {
    expect(bash({ command: 'ls', stdin: 'x' })).toMatchObject({
      allowed: false,
      code: 'shell_unknown_field',
      field: 'stdin',
    });
  });

  it('a host declares harmless fields with planMode.shellHarmlessFields', () => {
    expect(bash({ command: 'ls', description: 'list', timeout: 5 }).allowed).toBe(true);
    const input = { command: 'ls', run_in_background: false };
    expect(bash(input).code).toBe('shell_unknown_field');
    const host = resolveOptions({
      planMode: { shellHarmlessFields: ['description', 'run_in_background'] },
    });
    expect(checkToolCall(plan, { name: 'bash', input }, host).allowed).toBe(true);
  });

  it('command and cmd may be argv arrays (local_shell, Codex shell)', () => {
    expect(bash({ command: ['ls', '-la'], working_directory: 'src', timeout_ms: 1 }).allowed).toBe(
      true,
    );
    expect(bash({ command: ['rm', '-rf', 'x'] }).allowed).toBe(false);
    expect(bash({ cmd: ['git', 'log'], workdir: 'x' }).allowed).toBe(false);
  });
});

describe('shell tools: property over every known tool name and field', () => {
  const value = fc.oneof(
    fc.constantFrom('vendor/evil.git', 'src', '.', '-x', 'PLAN.md', ''),
    fc.constant({ BASH_ENV: 'PLAN.md' }),
    fc.constant({ LANG: 'C' }),
    fc.constant({ GIT_DIR: 'x' }),
    fc.constant(['src', '-delete']),
    fc.constant(['-la']),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
  );
  const command = fc.constantFrom('git log -p', 'ls', 'find', 'cat PLAN.md', 'rm -rf x');

  it('an allowed call has every field judged or declared harmless', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...shellToolNames),
        command,
        fc.dictionary(fc.constantFrom(...allFields.filter((f) => !commandFields.has(f))), value, {
          maxKeys: 3,
        }),
        (name, cmd, extra) => {
          const input = { command: cmd, ...extra };
          const d = checkToolCall(plan, { name, input }, options);
          if (!d.allowed) return;
          for (const [field, v] of Object.entries(extra)) {
            if (harmless.has(field) || v === null) continue;
            expect(judgedFields.has(field)).toBe(true);
          }
          // Independently: the same call written inline is read-only too.
          const env = (extra.env ?? {}) as Record<string, string>;
          const dir = shellDirectoryFields.map((f) => extra[f]).find((v) => typeof v === 'string');
          const args = Array.isArray(extra.args) ? ` ${extra.args.join(' ')}` : '';
          const inline = `${dir === undefined ? '' : `cd '${dir}' && `}${Object.entries(env)
            .map(([k, v]) => `${k}='${v}' `)
            .join('')}${cmd}${args}`;
          expect(analyzeShellCommand(inline).readOnly).toBe(true);
        },
      ),
      { seed: 1010, numRuns: 400 },
    );
  });

  it('every field a known shell tool honours is judged, declared harmless, or refused by name', () => {
    for (const name of shellToolNames)
      for (const field of allFields) {
        if (commandFields.has(field)) continue;
        const d = checkToolCall(plan, { name, input: { command: 'ls', [field]: 'x' } }, options);
        if (judgedFields.has(field)) {
          expect(['shell_read_only', 'shell_invalid_input', 'shell_not_read_only']).toContain(
            d.code,
          );
          continue;
        }
        if (harmless.has(field)) {
          expect(d).toMatchObject({ allowed: true, code: 'shell_read_only' });
          continue;
        }
        expect(d.allowed).toBe(false);
        expect(['shell_unknown_field', 'shell_field_refused']).toContain(d.code);
        expect(d.field).toBe(field);
      }
  });
});

describe('shell tools: the refused readings do what the review showed (real programs)', () => {
  it('spawn("find", ["src", "-delete"]) deletes, so the gate refuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'planfirst-i10-'));
    try {
      mkdirSync(join(dir, 'src'));
      writeFileSync(join(dir, 'src', 'a.ts'), 'x');
      const input = { command: 'find', args: ['src', '-delete'] };
      expect(bash(input).allowed).toBe(false);
      spawnSync(input.command, input.args, { cwd: dir });
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('env BASH_ENV makes bash run a file first, so the gate refuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'planfirst-i10-'));
    try {
      writeFileSync(join(dir, 'PLAN.md'), 'touch pwned\n');
      const input = { command: 'ls', env: { BASH_ENV: 'PLAN.md' } };
      expect(bash(input).allowed).toBe(false);
      execFileSync('bash', ['-c', input.command], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', ...input.env },
      });
      expect(readdirSync(dir).sort()).toEqual(['PLAN.md', 'pwned']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
