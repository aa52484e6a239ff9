import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  checkToolCall,
  createSession,
  enterPlanMode,
  exitPlanMode,
  parseSession,
  readShellInput,
  requestApproval,
  resolveApproval,
  resolveOptions,
  type SessionState,
  takeDecisionMessage,
  updatePlan,
} from '../../src/internal.js';
import { analyzeArgv, analyzeShellCommand } from '../../src/shell/analyze.js';

// Random sequences of everything a host, a model and a user can do, checking the safety
// properties of plan mode after every step.

const options = resolveOptions({ planMode: { planFile: { path: 'PLAN.md' } } });
const readOnlyNames = new Set([
  ...options.planMode.readOnlyTools,
  'exit_plan_mode',
  'update_plan',
  'enter_plan_mode',
]);

const plans = [
  { title: 'A', steps: [{ text: 'one' }] },
  { title: 'A', steps: [{ text: 'one' }, { text: 'two' }] },
  { title: 'B', steps: [{ text: 'one', status: 'in_progress' }] },
  { title: 'A', steps: [{ text: 'one' }], summary: 's' },
  { title: '', steps: [] },
  'not a plan',
];

const toolName = fc.oneof(
  fc.constantFrom(
    'read_file',
    'grep',
    'write_file',
    'edit',
    'bash',
    'exec',
    'delete',
    'exit_plan_mode',
    'github.search',
    'github.write',
    'Read_File',
    'x.read',
    'mcp__fs__write',
  ),
  fc.string({ maxLength: 12 }),
);
const toolInput = fc.oneof(
  fc.constant({ command: 'ls' }),
  fc.constant({ command: 'rm -rf /' }),
  fc.constant({ argv: ['cat', 'x'] }),
  fc.constant({ path: 'PLAN.md' }),
  fc.constant({ path: './PLAN.md' }),
  fc.constant({ path: 'src/a.ts' }),
  fc.constant({ path: 'PLAN.md', file_path: 'src/a.ts' }),
  fc.anything(),
);

type Action =
  | { kind: 'enter' }
  | { kind: 'exit' }
  | { kind: 'request'; plan: number }
  | {
      kind: 'decide';
      action: string;
      id: 'current' | 'previous' | 'random';
      feedback: string;
      plan: number;
    }
  | { kind: 'tool'; name: string; input: unknown; readOnly: boolean | undefined }
  | { kind: 'update'; id: string; status: string }
  | { kind: 'inject' };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.constant({ kind: 'enter' as const }),
  fc.constant({ kind: 'exit' as const }),
  fc.record({ kind: fc.constant('request' as const), plan: fc.nat(plans.length - 1) }),
  fc.record({
    kind: fc.constant('decide' as const),
    action: fc.constantFrom('approve', 'edit', 'reject', 'timeout', 'bogus'),
    id: fc.constantFrom('current', 'previous', 'random'),
    feedback: fc.string({ maxLength: 30 }),
    plan: fc.nat(plans.length - 1),
  }),
  fc.record({
    kind: fc.constant('tool' as const),
    name: toolName,
    input: toolInput,
    readOnly: fc.option(fc.boolean(), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('update' as const),
    id: fc.constantFrom('1', '2', '3'),
    status: fc.constantFrom('completed', 'in_progress', 'cancelled', 'done'),
  }),
  fc.constant({ kind: 'inject' as const }),
);

function isAllowedWhilePlanning(
  name: string,
  input: unknown,
  readOnly: boolean | undefined,
): boolean {
  if (options.planMode.shellTools.includes(name)) {
    const shell = readShellInput(input);
    if ('error' in shell) return false;
    return (shell.kind === 'script' ? analyzeShellCommand(shell.script) : analyzeArgv(shell.argv))
      .readOnly;
  }
  if (readOnlyNames.has(name) || readOnly === true) return true;
  if (options.planMode.readOnlySuffixes.some((s) => name.length > s.length && name.endsWith(s)))
    return true;
  const path = (input as { path?: unknown } | null)?.path;
  return (
    options.planMode.planFile?.tools.includes(name) === true &&
    (path === 'PLAN.md' || path === './PLAN.md') &&
    Object.keys(input as object).every((k) => k === 'path')
  );
}

afterEach(() => vi.restoreAllMocks());

describe('plan mode under random host, model and user actions', () => {
  it('keeps every safety property', () => {
    let uuids = 0;
    const issued: string[] = [];
    vi.spyOn(globalThis.crypto, 'randomUUID').mockImplementation(() => {
      const id =
        `00000000-0000-4000-8000-${String(++uuids).padStart(12, '0')}` as `${string}-${string}-${string}-${string}-${string}`;
      issued.push(id);
      return id;
    });
    fc.assert(
      fc.property(fc.boolean(), fc.array(action, { maxLength: 40 }), (startInPlan, actions) => {
        let s: SessionState = createSession({ planMode: { enabled: startInPlan } }, { now: 0 });
        let now = 1;
        const seenIds: string[] = [];
        for (const a of actions) {
          now += 1;
          const before = s;
          switch (a.kind) {
            case 'enter':
              s = enterPlanMode(s, { now }).state;
              break;
            case 'exit':
              s = exitPlanMode(s, { now }).state;
              break;
            case 'request': {
              const wasPending = s.planMode.approval === 'pending';
              const oldId = s.planMode.approvalId;
              const oldHash = s.planMode.payloadHash;
              const r = requestApproval(s, { plan: structuredClone(plans[a.plan]), now });
              if (r.applied) {
                if (wasPending && oldHash === r.state.planMode.payloadHash) {
                  expect(r.approvalId).toBe(oldId);
                  expect(r.state).toBe(s);
                } else {
                  expect(r.approvalId).not.toBe(oldId);
                  expect(issued).toContain(r.approvalId);
                  expect(seenIds).not.toContain(r.approvalId);
                  seenIds.push(r.approvalId);
                }
              } else expect(r.state).toBe(before);
              s = r.state;
              break;
            }
            case 'decide': {
              const pending = s.planMode.approval === 'pending';
              const current = s.planMode.approvalId;
              const id =
                a.id === 'current'
                  ? (current ?? 'none')
                  : a.id === 'previous'
                    ? (seenIds.at(-2) ?? 'old')
                    : `r-${a.feedback}`;
              const r = resolveApproval(
                s,
                { action: a.action, approvalId: id, feedback: a.feedback, plan: plans[a.plan] },
                { now },
              );
              if (!pending || id !== current) {
                expect(r.applied).toBe(false);
                expect(r.state).toBe(before);
              }
              if (r.applied && a.action === 'reject') expect(r.state.planMode.mode).toBe('plan');
              if (r.applied && a.action === 'timeout') expect(r.state.planMode.mode).toBe('plan');
              if (r.applied && (a.action === 'approve' || a.action === 'edit'))
                expect(r.state.planMode.mode).toBe('normal');
              s = r.state;
              break;
            }
            case 'tool': {
              const d = checkToolCall(
                s,
                {
                  name: a.name,
                  input: a.input,
                  ...(a.readOnly === undefined ? {} : { readOnly: a.readOnly }),
                },
                options,
              );
              if (s.planMode.mode === 'plan' && d.allowed)
                expect(isAllowedWhilePlanning(a.name, a.input, a.readOnly)).toBe(true);
              if (s.planMode.mode === 'plan' && options.planMode.shellTools.includes(a.name))
                expect(d.allowed).toBe(isAllowedWhilePlanning(a.name, a.input, a.readOnly));
              break;
            }
            case 'update':
              s = updatePlan(s, { updates: [{ id: a.id, status: a.status }] }, { now }).state;
              expect(
                s.planMode.plan?.steps.filter((x) => x.status === 'in_progress').length ?? 0,
              ).toBeLessThanOrEqual(1);
              break;
            case 'inject': {
              const once = takeDecisionMessage(s, options);
              expect(takeDecisionMessage(once.state, options).message).toBeUndefined();
              s = once.state;
              break;
            }
          }
          if (s.planMode.approval === 'pending') expect(s.planMode.mode).toBe('plan');
          if (s.planMode.approval === 'rejected' || s.planMode.approval === 'timed_out')
            expect(s.planMode.mode).toBe('plan');
          expect(parseSession(JSON.parse(JSON.stringify(s)))).toEqual(s);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('blocks everything outside the read-only set whenever the mode is not exactly normal', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom('plan', 'Plan', 'PLAN', ' normal', 'normal ', 'Normal'),
          fc.anything(),
        ),
        fc.constantFrom('none', 'pending', 'approved', 'rejected', 'bogus'),
        toolName,
        toolInput,
        (mode, approval, name, input) => {
          fc.pre(mode !== 'normal');
          const d = checkToolCall(
            { planMode: { mode, approval, rejectionCount: 0 } },
            { name, input },
            options,
          );
          if (d.allowed) expect(isAllowedWhilePlanning(name, input, undefined)).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
