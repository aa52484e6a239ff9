import { describe, expect, it } from 'vitest';
import {
  checkToolCall,
  createSession,
  isReadOnlyCall,
  requestApproval,
  resolveApproval,
  type SessionState,
} from '../../src/index.js';
import { planSession, samplePlan } from '../helpers.js';

// Every branch of the gate with its exact decision: the code a host branches on, the message the
// model reads (what is blocked, why, how to proceed), and the field a refusal is about.

function held(): SessionState {
  const r = requestApproval(planSession(), { plan: samplePlan, now: 10, approvalId: 'a-1' });
  if (!r.applied) throw new Error(r.message);
  const h = resolveApproval(
    r.state,
    { action: 'approve', approvalId: 'a-1', then: 'stop' },
    { now: 11 },
  );
  if (!h.applied) throw new Error(h.message);
  return h.state;
}

const plan = planSession();
const normal = createSession({}, { now: 0 });
const options = { planMode: { planFile: { path: 'docs/PLAN.md' }, readOnlySuffixes: ['__read'] } };
const proceed =
  'Investigate with read-only tools, then call exit_plan_mode with your plan; once the user approves it, plan mode ends and you can make changes.';
const wait =
  'The user approved the plan but asked you not to start yet: only read-only tools run until the user says to begin. Wait for the user.';
const rm =
  '`rm` changes files, processes or the system; inspect the current state instead (ls -l, stat, cat, ps) and plan the change.';

const decide = (state: SessionState, call: unknown) => {
  const { shell: _s, ...d } = checkToolCall(state, call as never, options);
  return d;
};

describe('the gate, branch by branch', () => {
  it('a call without a valid name: invalid_call, whatever the mode', () => {
    const invalid = {
      allowed: false,
      code: 'invalid_call',
      message: 'The tool call has no valid tool name.',
    };
    for (const call of [null, 'bash', { name: '' }, { name: 7 }, { name: 'x'.repeat(257) }])
      expect(decide(normal, call)).toEqual(invalid);
    expect(decide(plan, { name: 'x'.repeat(256), input: {} }).code).toBe('not_read_only');
  });

  it('normal mode allows; plan tools are allowed even while execution is held', () => {
    expect(decide(normal, { name: 'write_file', input: {} })).toEqual({
      allowed: true,
      code: 'normal_mode',
      message: 'Plan mode is off.',
    });
    expect(decide(held(), { name: 'update_plan', input: {} })).toEqual({
      allowed: true,
      code: 'plan_tool',
      message: 'Plan tools are always allowed.',
    });
  });

  it('input that is not plain data: invalid_input naming the field, in plan mode and held', () => {
    expect(decide(plan, { name: 'write_file', input: { a: new Date(0) } })).toEqual({
      allowed: false,
      code: 'invalid_input',
      message: `Plan mode is active, so \`write_file\` is blocked: its \`input.a\` is not a plain object; planning only judges plain JSON data. ${proceed}`,
      field: 'input.a',
    });
    expect(decide(held(), { name: 'write_file', input: { a: new Date(0) } })).toEqual({
      allowed: false,
      code: 'invalid_input',
      message: `Execution has not started yet, so \`write_file\` is blocked: its \`input.a\` is not a plain object; planning only judges plain JSON data. ${wait}`,
      field: 'input.a',
    });
  });

  it('shell tools: read-only passes with the verdict, anything else is refused with the reason', () => {
    const ro = checkToolCall(plan, { name: 'bash', input: { command: 'ls' } }, options);
    expect([ro.allowed, ro.code, ro.message, ro.shell?.readOnly]).toEqual([
      true,
      'shell_read_only',
      'A provably read-only command.',
      true,
    ]);
    const rw = checkToolCall(plan, { name: 'bash', input: { command: 'rm -rf x' } }, options);
    expect([rw.allowed, rw.code, rw.message, rw.shell?.code]).toEqual([
      false,
      'shell_not_read_only',
      `Plan mode is active and this command is not provably read-only (mutating_program): ${rm} Run only read-only commands. ${proceed}`,
      'mutating_program',
    ]);
    expect(decide(held(), { name: 'bash', input: { command: 'rm -rf x' } })).toEqual({
      allowed: false,
      code: 'approved_not_started',
      message: `Execution has not started yet and this command is not provably read-only (mutating_program): ${rm} Run only read-only commands. ${wait}`,
    });
  });

  it('shell input planning cannot read: the field, or what is missing', () => {
    expect(decide(plan, { name: 'bash', input: { command: 'ls', foo: 1 } })).toEqual({
      allowed: false,
      code: 'shell_unknown_field',
      message:
        'Plan mode is active and the shell tool input has a field `foo` that planning cannot judge; drop it (a host that knows it is harmless can declare it in planMode.shellHarmlessFields).',
      field: 'foo',
    });
    expect(decide(plan, { name: 'bash', input: {} })).toEqual({
      allowed: false,
      code: 'shell_invalid_input',
      message: 'Plan mode is active and the shell tool input has no `command`, `cmd` or `argv`.',
    });
  });

  it('read-only by the host, by the options, by namespace suffix', () => {
    expect(decide(plan, { name: 'mcp_x', input: {}, readOnly: true })).toEqual({
      allowed: true,
      code: 'read_only_hint',
      message: 'The host marks this tool read-only.',
    });
    expect(decide(plan, { name: 'mcp_x', input: {}, readOnly: 'yes' }).allowed).toBe(false);
    expect(decide(plan, { name: 'read_file', input: {} })).toEqual({
      allowed: true,
      code: 'read_only_tool',
      message: 'A read-only tool.',
    });
    expect(decide(plan, { name: 'srv__read', input: {} })).toEqual({
      allowed: true,
      code: 'read_only_suffix',
      message: 'A read-only namespaced tool.',
    });
  });

  it('the plan file: writable while planning, refused elsewhere with the target, never while held', () => {
    expect(
      decide(plan, { name: 'write_file', input: { path: 'docs/PLAN.md', content: 'x' } }),
    ).toEqual({
      allowed: true,
      code: 'plan_file_write',
      message: 'Writing the plan file is allowed while planning.',
    });
    expect(decide(plan, { name: 'write_file', input: { path: 'src/a.ts', content: 'x' } })).toEqual(
      {
        allowed: false,
        code: 'plan_file_outside',
        message: `Plan mode is active: \`write_file\` may only write the plan file \`docs/PLAN.md\`: the write targets another file in \`path\` (got \`src/a.ts\`). ${proceed}`,
        field: 'path',
      },
    );
    expect(
      decide(held(), { name: 'write_file', input: { path: 'docs/PLAN.md', content: 'x' } }),
    ).toEqual({
      allowed: false,
      code: 'approved_not_started',
      message: `Execution has not started yet, so \`write_file\` is blocked: it is not known to be read-only. ${wait}`,
    });
  });

  it('anything else is not known to be read-only', () => {
    expect(decide(plan, { name: 'deploy', input: {} })).toEqual({
      allowed: false,
      code: 'not_read_only',
      message: `Plan mode is active, so \`deploy\` is blocked: it is not known to be read-only. ${proceed}`,
    });
    expect(decide(held(), { name: 'deploy', input: {} })).toEqual({
      allowed: false,
      code: 'approved_not_started',
      message: `Execution has not started yet, so \`deploy\` is blocked: it is not known to be read-only. ${wait}`,
    });
  });

  it('isReadOnlyCall answers as plan mode would, whatever the mode', () => {
    expect(isReadOnlyCall({ name: 'bash', input: { command: 'ls' } })).toBe(true);
    expect(isReadOnlyCall({ name: 'bash', input: { command: 'rm x' } })).toBe(false);
    expect(isReadOnlyCall({ name: 'write_file', input: {} })).toBe(false);
  });
});
