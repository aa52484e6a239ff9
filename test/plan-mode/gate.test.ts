import { describe, expect, it } from 'vitest';
import { checkToolCall, createSession, type GateCode } from '../../src/index.js';
import { planSession } from '../helpers.js';

const plan = planSession();
const normal = createSession();

describe('checkToolCall in normal mode', () => {
  it('allows everything, shell commands included', () => {
    for (const call of [
      { name: 'write_file', input: { path: 'x' } },
      { name: 'bash', input: { command: 'rm -rf build' } },
      { name: 'anything', input: null },
    ])
      expect(checkToolCall(normal, call)).toMatchObject({ allowed: true, code: 'normal_mode' });
  });

  it('still blocks a call without a usable name', () => {
    for (const name of ['', undefined, 42, 'x'.repeat(300)])
      expect(checkToolCall(normal, { name, input: {} } as never)).toMatchObject({
        allowed: false,
        code: 'invalid_call',
      });
  });
});

describe('checkToolCall in plan mode', () => {
  const rows: [string, { name: string; input: unknown; readOnly?: boolean }, boolean, GateCode][] =
    [
      ['plan tools', { name: 'exit_plan_mode', input: {} }, true, 'plan_tool'],
      ['update_plan', { name: 'update_plan', input: {} }, true, 'plan_tool'],
      ['enter_plan_mode', { name: 'enter_plan_mode', input: {} }, true, 'plan_tool'],
      [
        'a default read-only tool',
        { name: 'read_file', input: { path: 'a' } },
        true,
        'read_only_tool',
      ],
      ['grep', { name: 'grep', input: { pattern: 'x' } }, true, 'read_only_tool'],
      [
        'a host-marked read-only tool',
        { name: 'lookup', input: {}, readOnly: true },
        true,
        'read_only_hint',
      ],
      ['a namespaced .search tool', { name: 'github.search', input: {} }, true, 'read_only_suffix'],
      ['a namespaced .get tool', { name: 'jira.issue.get', input: {} }, true, 'read_only_suffix'],
      [
        'a bare suffix is not a namespaced tool',
        { name: '.read', input: {} },
        false,
        'not_read_only',
      ],
      ['write_file', { name: 'write_file', input: { path: 'a' } }, false, 'not_read_only'],
      ['an unknown tool', { name: 'frobnicate', input: {} }, false, 'not_read_only'],
      ['a .write tool', { name: 'github.write', input: {} }, false, 'not_read_only'],
      ['readOnly: false', { name: 'lookup', input: {}, readOnly: false }, false, 'not_read_only'],
      [
        'a truthy non-boolean hint',
        { name: 'lookup', input: {}, readOnly: 'yes' as never },
        false,
        'not_read_only',
      ],
      ['case matters', { name: 'READ_FILE', input: {} }, false, 'not_read_only'],
      [
        'a read-only shell command',
        { name: 'bash', input: { command: 'ls -la' } },
        true,
        'shell_read_only',
      ],
      [
        'a read-only shell cmd',
        { name: 'exec', input: { cmd: 'git log -1' } },
        true,
        'shell_read_only',
      ],
      [
        'a read-only shell argv',
        { name: 'shell', input: { argv: ['ls', '-la'] } },
        true,
        'shell_read_only',
      ],
      [
        'a mutating shell command',
        { name: 'bash', input: { command: 'rm -rf x' } },
        false,
        'shell_not_read_only',
      ],
      [
        'a mutating shell cmd',
        { name: 'exec', input: { cmd: 'ls > x' } },
        false,
        'shell_not_read_only',
      ],
      [
        'a mutating shell argv',
        { name: 'shell', input: { argv: ['sort', '-o', 'x'] } },
        false,
        'shell_not_read_only',
      ],
      ['shell without a command', { name: 'bash', input: {} }, false, 'shell_invalid_input'],
      [
        'shell with two command fields',
        { name: 'bash', input: { command: 'ls', cmd: 'rm x' } },
        false,
        'shell_invalid_input',
      ],
      [
        'shell with a command that is neither a string nor an argv array',
        { name: 'bash', input: { command: 42 } },
        false,
        'shell_invalid_input',
      ],
      [
        'shell with an empty argv',
        { name: 'bash', input: { argv: [] } },
        false,
        'shell_invalid_input',
      ],
      [
        'shell marked read-only by the host is still judged',
        { name: 'bash', input: { command: 'rm x' }, readOnly: true },
        false,
        'shell_not_read_only',
      ],
    ];
  it.each(rows)('%s', (_label, call, allowed, code) => {
    const d = checkToolCall(plan, call);
    expect(d).toMatchObject({ allowed, code });
    expect(d.message.length).toBeGreaterThan(0);
  });

  it('tells the model how to proceed when it blocks', () => {
    const d = checkToolCall(plan, { name: 'write_file', input: { path: 'a' } });
    expect(d.message).toContain('exit_plan_mode');
    expect(d.message).toContain('`write_file`');
  });

  it('uses the configured tool lists', () => {
    const options = {
      planMode: { readOnlyTools: ['fetch_docs'], readOnlySuffixes: ['_ro'], shellTools: ['sh'] },
    };
    expect(checkToolCall(plan, { name: 'fetch_docs', input: {} }, options).allowed).toBe(true);
    expect(checkToolCall(plan, { name: 'read_file', input: {} }, options).allowed).toBe(false);
    expect(checkToolCall(plan, { name: 'db_ro', input: {} }, options).allowed).toBe(true);
    expect(checkToolCall(plan, { name: 'sh', input: { command: 'ls' } }, options).code).toBe(
      'shell_read_only',
    );
    expect(checkToolCall(plan, { name: 'bash', input: { command: 'ls' } }, options).code).toBe(
      'not_read_only',
    );
  });
});

describe('shell tools in plan mode', () => {
  it('pass exactly when the analyzer says read-only, reporting its code and reason', () => {
    const d = checkToolCall(plan, { name: 'bash', input: { command: 'sort -o out.txt in.txt' } });
    expect(d).toMatchObject({ allowed: false, code: 'shell_not_read_only' });
    expect(d.shell).toMatchObject({ readOnly: false, code: 'option_writes' });
    expect(d.message).toContain('option_writes');
    expect(d.message).toContain(d.shell?.reason ?? '?');
    expect(d.message).toContain('exit_plan_mode');
    const ok = checkToolCall(plan, {
      name: 'bash',
      input: { command: 'grep -rn foo src | head -20' },
    });
    expect(ok).toMatchObject({ allowed: true, code: 'shell_read_only' });
    expect(ok.shell?.commands).toEqual([
      { argv: ['grep', '-rn', 'foo', 'src'] },
      { argv: ['head', '-20'] },
    ]);
  });

  it('judge argv without shell syntax', () => {
    expect(
      checkToolCall(plan, { name: 'bash', input: { argv: ['echo', '$(rm -rf x)'] } }).allowed,
    ).toBe(true);
    expect(
      checkToolCall(plan, { name: 'bash', input: { argv: ['bash', '-c', 'rm -rf x'] } }).allowed,
    ).toBe(false);
  });

  it("apply the host's shell policy from the options", () => {
    const options = {
      shell: {
        removePrograms: ['cat'],
        programs: { mytool: { options: { '-v': {} }, globs: 'anywhere' as const } },
      },
    };
    expect(
      checkToolCall(plan, { name: 'bash', input: { command: 'cat x' } }, options).shell?.code,
    ).toBe('removed_by_policy');
    expect(
      checkToolCall(plan, { name: 'bash', input: { command: 'mytool -v x' } }, options).allowed,
    ).toBe(true);
    expect(
      checkToolCall(plan, { name: 'bash', input: { command: 'mytool -x' } }, options).shell?.code,
    ).toBe('unknown_option');
  });

  it('are not judged in normal mode', () => {
    expect(checkToolCall(normal, { name: 'bash', input: { command: 'rm -rf x' } })).toMatchObject({
      allowed: true,
      code: 'normal_mode',
    });
  });
});

describe('the plan file', () => {
  const options = { planMode: { planFile: { path: 'docs/PLAN.md' } } };
  const write = (input: unknown, name = 'write_file') =>
    checkToolCall(plan, { name, input }, options);

  it('may be written at its exact normalised path', () => {
    for (const path of ['docs/PLAN.md', './docs/PLAN.md', 'docs//PLAN.md', 'docs/./PLAN.md'])
      expect(write({ path })).toMatchObject({ allowed: true, code: 'plan_file_write' });
    expect(write({ file_path: 'docs/PLAN.md' }, 'edit')).toMatchObject({ allowed: true });
  });

  it('is the only file that may be written', () => {
    for (const input of [
      { path: 'docs/PLAN.md.bak' },
      { path: 'PLAN.md' },
      { path: '/abs/docs/PLAN.md' },
      { path: 'docs/PLAN.md', file_path: 'src/app.ts' },
      { path: 42 },
      {},
      'docs/PLAN.md',
      null,
    ])
      expect(write(input)).toMatchObject({ allowed: false, code: 'plan_file_outside' });
    for (const path of ['docs/PLAN.md\u0000.sh', '../docs/PLAN.md', 'docs/x/../PLAN.md'])
      expect(write({ path })).toMatchObject({ allowed: false, code: 'plan_file_unsafe_path' });
  });

  it('does not open other write tools', () => {
    expect(write({ path: 'docs/PLAN.md' }, 'delete_file')).toMatchObject({ allowed: false });
  });
});

describe('state that is not exactly normal counts as plan mode', () => {
  const call = { name: 'write_file', input: { path: 'a' } };
  it.each([
    ['Plan', { mode: 'Plan', approval: 'none' }],
    ['NORMAL', { mode: 'NORMAL', approval: 'none' }],
    ['normal with a pending approval', { mode: 'normal', approval: 'pending' }],
    ['normal with a rejection', { mode: 'normal', approval: 'rejected' }],
    ['missing mode', { approval: 'none' }],
    ['mode as a number', { mode: 0, approval: 'none' }],
  ])('%s', (_label, planMode) => {
    expect(checkToolCall({ planMode }, call)).toMatchObject({
      allowed: false,
      code: 'not_read_only',
    });
  });

  it('blocks for missing or non-object state', () => {
    for (const state of [undefined, null, {}, { planMode: null }, { planMode: 'normal' }])
      expect(checkToolCall(state as never, call).allowed).toBe(false);
  });
});

describe('checkToolCall: interactive input (planMode.interactiveTools)', () => {
  const typing = [
    { name: 'write_stdin', input: { session_id: 1, chars: 'q' } },
    { name: 'write_stdin', input: { session_id: 1, chars: '!touch x\n' } },
    { name: 'write_bash', input: { shellId: 'a', input: 'q' } },
    { name: 'send_input', input: { text: 'y\n' } },
  ];

  it('refuses a tool that types into a running process, even when marked read-only', () => {
    for (const call of typing) {
      expect(checkToolCall(plan, call)).toMatchObject({
        allowed: false,
        code: 'interactive_input',
      });
      expect(checkToolCall(plan, { ...call, readOnly: true })).toMatchObject({
        allowed: false,
        code: 'interactive_input',
      });
      const listed = { planMode: { readOnlyTools: [call.name] } };
      expect(checkToolCall(plan, call, listed)).toMatchObject({ code: 'interactive_input' });
    }
    expect(
      checkToolCall(
        plan,
        { name: 'mcp.write_stdin', input: {} },
        {
          planMode: { interactiveTools: ['mcp.write_stdin'] },
        },
      ),
    ).toMatchObject({ allowed: false, code: 'interactive_input' });
  });

  it('a host that knows the process is read-only and non-interactive lists the tool itself', () => {
    const options = { planMode: { interactiveTools: [], readOnlyTools: ['write_stdin'] } };
    expect(checkToolCall(plan, typing[0] as never, options)).toMatchObject({
      allowed: true,
      code: 'read_only_tool',
    });
  });

  it('outside plan mode it is not the gate’s business', () => {
    for (const call of typing)
      expect(checkToolCall(normal, call)).toMatchObject({ allowed: true, code: 'normal_mode' });
  });
});
