import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyzeShellCommand,
  checkToolCall,
  classifyTurn,
  createSession,
  enterPlanMode,
  exitPlanMode,
  handlePlanToolCall,
  isReadOnlyCall,
  mergeOptions,
  PlanfirstError,
  parseSession,
  requestApproval,
  resolveApproval,
  resolveOptions,
  type SessionState,
  step,
} from '../src/index.js';
import { assistant, toolCall } from '../src/testing/index.js';
import { samplePlan } from './helpers.js';
import { turn } from './incomplete-turn/turns.js';

// Random prototype pollution around every public entry point, with default options: nothing
// throws but planfirst's typed errors, and every answer is the unpolluted one — except that the
// gate may refuse a call whose input would read a polluted field (it never allows more).

const keyArb = fc.oneof(
  fc.constantFrom(
    'foo',
    'enabled',
    'mode',
    'approval',
    'planMode',
    'readOnly',
    'readOnlyTools',
    'name',
    'input',
    'path',
    'command',
    'cmd',
    'args',
    'plan',
    'steps',
    'title',
    'feedback',
    'then',
    'approvalId',
    'action',
    'deadline',
    'timeoutMs',
    'messages',
    'run',
    'phase',
    'options',
    'shell',
    'policy',
    'env',
    'cwd',
    'version',
    'type',
    'content',
    'text',
    'kind',
    '0',
    '1',
    '2',
    'length',
    'ls',
    'git',
    'rm',
    'cat',
    'sed',
    'default',
    'value',
    'error',
    'issues',
    'code',
    'catchall',
    'checks',
    'shape',
    'def',
    'optional',
    'nullable',
    'in',
    'out',
    'get',
    'set',
    'now',
    'reason',
    'tools',
    'model',
    'modelId',
    'hostShell',
    'policyClasses',
    'programs',
    'remove',
    'shellTools',
    'interactiveTools',
    'allowModelEnter',
    'results',
    'message',
  ),
  fc.string({ minLength: 1, maxLength: 8 }),
);
const valueArb = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 3 }),
  fc.constant(() => 'polluted'),
);
const pollutionArb = fc.array(
  fc.record({
    target: fc.constantFrom('object' as const, 'array' as const),
    key: keyArb,
    value: valueArb,
  }),
  { minLength: 1, maxLength: 3 },
);
type Pollution = fc.Arbitrary<typeof pollutionArb extends fc.Arbitrary<infer T> ? T : never>;

/** Runs `f` with the prototypes polluted; only keys they do not have are added, all removed after. */
function polluted<T>(
  pollution: Pollution extends fc.Arbitrary<infer P> ? P : never,
  f: () => T,
): T {
  const added: [object, string][] = [];
  try {
    for (const { target, key, value } of pollution) {
      const proto = target === 'object' ? Object.prototype : Array.prototype;
      if (key in proto) continue;
      (proto as Record<string, unknown>)[key] = value;
      added.push([proto, key]);
    }
    return f();
  } finally {
    for (const [proto, key] of added) delete (proto as Record<string, unknown>)[key];
  }
}

type Outcome = { value: unknown } | { error: unknown };
function attempt(f: () => unknown): Outcome {
  try {
    return { value: f() };
  } catch (error) {
    return { error };
  }
}

const planOptions = { planMode: { enabled: true } };
const normal = createSession(undefined, { now: 0 });
const planning = enterPlanMode(normal, { now: 1 }).state;
const requested = requestApproval(planning, { plan: samplePlan, now: 2, approvalId: 'a1' });
const pending = requested.state;
const calls = [
  { name: 'read_file', input: { path: 'src/a.ts' } },
  { name: 'write_file', input: { path: 'src/a.ts', content: 'x' } },
  { name: 'bash', input: { command: 'ls -la src' } },
  { name: 'bash', input: { command: 'rm -rf src' } },
  { name: 'exec', input: { command: 'git log --oneline -n 5' } },
  { name: 'exit_plan_mode', input: samplePlan },
];
const commands = [
  'ls -la',
  'git status',
  'rm -rf /',
  'cat a | grep b',
  'sed -i s/a/b/ f',
  'find . -name x',
];

/** Every public entry point, on fixed inputs, with default options unless it needs others. */
const entryPoints: Record<string, (i: number) => unknown> = {
  checkToolCall: (i) =>
    checkToolCall(
      [planning, normal, pending][i % 3],
      calls[i % calls.length] ?? { name: 'read_file', input: {} },
    ),
  resolveApproval: (i) =>
    resolveApproval(
      pending,
      [
        { action: 'approve', approvalId: 'a1' },
        { action: 'reject', approvalId: 'a1', feedback: 'no' },
        { action: 'approve', approvalId: 'other' },
      ][i % 3],
      { now: 3 },
    ),
  // A decision time with only `now`: a polluted deadline, timeoutMs or now must not count.
  resolveApprovalNowOnly: (i) =>
    resolveApproval(
      pending,
      { action: i % 2 === 0 ? 'approve' : 'reject', approvalId: 'a1' },
      {
        now: 3,
      },
    ),
  requestApproval: () => requestApproval(planning, { plan: samplePlan, now: 2, approvalId: 'a2' }),
  requestApprovalNoId: () => requestApproval(planning, { plan: samplePlan, now: 2 }),
  handlePlanToolCall: (i) =>
    handlePlanToolCall(
      [planning, pending][i % 2] as SessionState,
      [
        { name: 'exit_plan_mode', input: samplePlan },
        { name: 'enter_plan_mode', input: {} },
        { name: 'update_plan', input: { steps: [] } },
      ][i % 3] ?? { name: 'x', input: {} },
      { now: 4 },
    ),
  isReadOnlyCall: (i) => isReadOnlyCall(calls[i % calls.length] ?? { name: 'x', input: {} }),
  enterPlanMode: () => enterPlanMode(normal, { now: 1 }),
  exitPlanMode: () => exitPlanMode(planning, { now: 1 }),
  step: (i) =>
    [
      () =>
        step(createSession(planOptions, { now: 0 }), {
          type: 'user_message',
          message: 'Fix it.',
          now: 1,
        }),
      () =>
        step(pending, {
          type: 'approval_decision',
          decision: { action: 'approve', approvalId: 'a1' },
          now: 3,
        }),
      () =>
        step(
          step(createSession(planOptions, { now: 0 }), {
            type: 'user_message',
            message: 'Go',
            now: 1,
          }).session,
          {
            type: 'model_response',
            message: assistant(toolCall('bash', { command: 'rm -rf x' }, 'c1')),
            now: 2,
          },
          { options: planOptions },
        ),
    ][i % 3]?.(),
  analyzeShellCommand: (i) => analyzeShellCommand(commands[i % commands.length] ?? 'ls'),
  classifyTurn: (i) =>
    classifyTurn(turn(["I'll fix it now.", 'Done: fixed.', 'Should I go on?'][i % 3] ?? ''), {
      planMode: i % 2 === 0,
    }),
  parseSession: (i) =>
    parseSession(i % 2 === 0 ? JSON.stringify(pending) : structuredClone(pending)),
  createSession: () => createSession(undefined, { now: 5 }),
  resolveOptions: (i) =>
    resolveOptions([undefined, {}, planOptions, { shell: { policyClasses: [] } }][i % 4]),
  mergeOptions: () => mergeOptions(planOptions, { planMode: { approvalTimeoutMs: 5 } }),
};

/** What a result lets run: a gate verdict's allow, or the calls a step hands out. */
function allowedCalls(value: unknown): string[] {
  const v = value as {
    allowed?: boolean;
    code?: string;
    effect?: { type: string; calls?: { id: string }[] };
  };
  if (typeof v?.allowed === 'boolean') return v.allowed ? [String(v.code)] : [];
  const shell = value as { readOnly?: boolean };
  if (typeof shell?.readOnly === 'boolean') return shell.readOnly ? ['read_only'] : [];
  return v?.effect?.type === 'execute_tools' ? (v.effect.calls ?? []).map((c) => c.id) : [];
}

/** Whether a transition's or step's resulting session is in normal mode. */
function leavesPlanMode(value: unknown): boolean {
  const v = value as { state?: SessionState; session?: SessionState };
  return (v?.state ?? v?.session)?.planMode?.mode === 'normal';
}

/** Entry points whose answer must be exactly the unpolluted one. */
/** Entry points that must not throw at all under pollution (not even a typed error). */
const total = new Set([
  'checkToolCall',
  'analyzeShellCommand',
  'step',
  'resolveApproval',
  'resolveApprovalNowOnly',
  'requestApproval',
  'requestApprovalNoId',
  'enterPlanMode',
  'exitPlanMode',
  'handlePlanToolCall',
  'isReadOnlyCall',
]);

const exact = new Set([
  'checkToolCall',
  'analyzeShellCommand',
  'classifyTurn',
  'parseSession',
  'createSession',
  'resolveOptions',
  'mergeOptions',
]);

describe('a parsed plan-mode state under pollution', () => {
  // Regression: an inherited `plan: ''` made the normal-mode check read `''.steps` and the gate
  // refuse every call in normal mode (found by the property below on Node 22).
  it('optional fields are never read through the prototype: normal mode stays normal', () => {
    const session = createSession();
    const call = { name: 'exec', input: { command: 'ls' } };
    const clean = checkToolCall(session, call);
    expect(clean.allowed).toBe(true);
    for (const key of ['plan', 'subagent', 'approvalId', 'steps', 'afterApproval'])
      for (const value of ['', 0, null, 'x', [], {}]) {
        const dirty = polluted([{ target: 'object', key, value }], () =>
          checkToolCall(session, call),
        );
        expect([key, value, dirty]).toEqual([key, value, clean]);
      }
  });
});

describe('prototype pollution', () => {
  it('property: no public entry point throws anything but typed errors, and none answers differently or allows more', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(entryPoints)),
        fc.nat(11),
        pollutionArb,
        (name, i, pollution) => {
          const f = () => entryPoints[name]?.(i);
          const clean = attempt(f);
          const dirty = polluted(pollution, () => attempt(f));
          if ('error' in dirty) {
            expect(total.has(name) ? dirty.error : undefined).toBeUndefined();
            expect(dirty.error).toBeInstanceOf(PlanfirstError);
            return;
          }
          const cleanValue = (clean as { value: unknown }).value;
          if (exact.has(name) && !JSON.stringify(dirty.value)?.includes('is inherited')) {
            expect(dirty).toEqual(clean);
            return;
          }
          // The gate may refuse a tool input a host would read a polluted field of (it says
          // the field "is inherited"), and a transition may read an absent optional field of
          // the state through the prototype: either way the answer never allows more — no
          // call handed out or allowed that is not without the pollution, no exit from plan
          // mode that would not happen without it.
          const more = allowedCalls(dirty.value).filter(
            (c) => !allowedCalls(cleanValue).includes(c),
          );
          expect(more).toEqual([]);
          if (leavesPlanMode(dirty.value)) expect(leavesPlanMode(cleanValue)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('decision and transition times are own fields: an inherited now, deadline or options never counts', () => {
    const late = polluted([{ target: 'object', key: 'now', value: 10 ** 12 }], () => [
      resolveApproval(pending, { action: 'approve', approvalId: 'a1' }, {} as { now: number }),
      enterPlanMode(normal, {} as { now: number }),
      exitPlanMode(planning, {} as { now: number }),
      createSession(undefined, {}),
    ]);
    for (const t of late.slice(0, 3))
      expect(t).toMatchObject({ applied: false, reason: 'invalid_state' });
    expect(late[3]).not.toHaveProperty('planMode.enteredAt');
    // Enumerable pollution makes the decision itself unreadable (refused, nothing changes);
    // a non-enumerable inherited deadline is simply not the host's deadline.
    const enumerable = polluted([{ target: 'object', key: 'deadline', value: 1 }], () =>
      resolveApproval(pending, { action: 'approve', approvalId: 'a1' }, { now: 3 }),
    );
    expect(enumerable).toMatchObject({ applied: false, reason: 'invalid_decision' });
    expect(enumerable.state).toBe(pending);
    Object.defineProperty(Object.prototype, 'deadline', { value: 1, configurable: true });
    try {
      const hidden = resolveApproval(pending, { action: 'approve', approvalId: 'a1' }, { now: 3 });
      expect(hidden).toMatchObject({ applied: true, code: 'approved' });
    } finally {
      delete (Object.prototype as Record<string, unknown>).deadline;
    }
    const options = polluted([{ target: 'object', key: 'options', value: 'not options' }], () => [
      step(createSession(planOptions, { now: 0 }), { type: 'user_message', message: 'x', now: 1 }),
      handlePlanToolCall(planning, { name: 'exit_plan_mode', input: samplePlan }, { now: 4 }),
    ]);
    expect(options[0]).toMatchObject({ effect: { type: 'call_model' } });
    expect(options[1]).toMatchObject({ result: { isError: false } });
  });

  it('checkToolCall with default options refuses rather than throws under a polluted prototype', () => {
    const verdict = polluted([{ target: 'object', key: 'foo', value: 1 }], () =>
      checkToolCall(planning, { name: 'write_file', input: { path: 'a' } }),
    );
    expect(verdict).toMatchObject({ allowed: false });
    const read = polluted([{ target: 'object', key: 'enabled', value: false }], () =>
      resolveOptions(),
    );
    expect(read.planMode.enabled).toBe(resolveOptions().planMode.enabled);
  });
});
