import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkToolCall,
  createSession,
  enterPlanMode,
  exitPlanMode,
  finishSubagent,
  handlePlanToolCall,
  isReadOnlyCall,
  parseSession,
  requestApproval,
  runningSubagents,
  type SessionState,
  startSubagent,
  step,
  subagentReport,
  type ToolDefinition,
} from '../../src/index.js';
import { assistant, toolCall } from '../../src/testing/index.js';
import { executingSession, planSession } from '../helpers.js';

const plan = { title: 'T', steps: [{ text: 's', criteria: ['c'] }] };

function start(parent: SessionState, id: string) {
  const r = startSubagent(parent, { subagentId: id, now: 5 });
  if (!r.applied) throw new Error(r.message);
  return r;
}

describe('subagents (core transitions)', () => {
  it('a subagent of a planning parent plans for life, one level deeper, and is tracked', () => {
    const one = start(planSession(), 'a');
    expect(one.gated).toBe(true);
    expect(runningSubagents(one.state)).toEqual(['a']);
    const child = one.session as SessionState;
    expect(child.planMode).toMatchObject({
      mode: 'plan',
      approval: 'none',
      subagent: { id: 'a', depth: 1 },
    });
    // Its own subagent inherits in turn.
    const two = start(child, 'b');
    expect(two.session?.planMode.subagent).toEqual({ id: 'b', depth: 2 });
    // It cannot leave plan mode: not by the model, not by a transition.
    expect(exitPlanMode(child, { now: 6 })).toMatchObject({
      applied: false,
      reason: 'subagent_cannot_exit',
    });
    expect(requestApproval(child, { plan, now: 6 })).toMatchObject({
      applied: false,
      reason: 'subagent_cannot_exit',
    });
    const exit = handlePlanToolCall(child, { name: 'exit_plan_mode', input: plan }, { now: 6 });
    expect(exit).toMatchObject({ code: 'subagent_cannot_exit', result: { isError: true } });
    expect(exit.state.planMode.mode).toBe('plan');
    expect(exit.state.planMode.subagent?.plan?.title).toBe('T');
    expect(subagentReport(exit.state, 'Found it.')).toContain('The subagent proposed this plan');
    // An invalid plan is refused as one, so the model can fix it.
    expect(
      handlePlanToolCall(child, { name: 'exit_plan_mode', input: { title: '' } }, { now: 6 }).code,
    ).toBe('invalid_plan');
  });

  it("the parent's exit_plan_mode waits for its running subagents", () => {
    const one = start(planSession(), 'a');
    const two = start(one.state, 'b');
    const refused = handlePlanToolCall(
      two.state,
      { name: 'exit_plan_mode', input: plan },
      { now: 6 },
    );
    expect(refused).toMatchObject({ code: 'subagents_running', result: { isError: true } });
    expect(refused.result.content).toContain('("a", "b")');
    let s = two.state;
    for (const id of ['a', 'b']) {
      const r = finishSubagent(s, { subagentId: id, now: 7 });
      if (!r.applied) throw new Error(r.message);
      s = r.state;
    }
    expect(s.planMode.subagents).toBeUndefined();
    expect(finishSubagent(s, { subagentId: 'a', now: 8 })).toMatchObject({
      applied: false,
      reason: 'unknown_subagent',
    });
    expect(handlePlanToolCall(s, { name: 'exit_plan_mode', input: plan }, { now: 9 }).code).toBe(
      'approval_requested',
    );
  });

  it('an executing parent starts subagents ungated; a corrupt one starts none', () => {
    const free = start(executingSession(), 'a');
    expect(free).toMatchObject({ gated: false });
    expect(free.session).toBeUndefined();
    expect(free.state.planMode.subagents).toBeUndefined();
    const corrupt = { ...planSession(), planMode: { mode: 'Plan' } } as unknown as SessionState;
    expect(startSubagent(corrupt, { subagentId: 'a', now: 1 })).toMatchObject({ applied: false });
    const reused = start(planSession(), 'a');
    expect(startSubagent(reused.state, { subagentId: 'a', now: 1 })).toMatchObject({
      applied: false,
      reason: 'subagent_id_reused',
    });
  });

  it('the gate allows a subagent tool while planning, and never counts it read-only', () => {
    const call = { name: 'explore', input: { prompt: 'x' }, subagent: true };
    expect(checkToolCall(planSession(), call)).toMatchObject({
      allowed: true,
      code: 'subagent_tool',
    });
    expect(isReadOnlyCall(call)).toBe(false);
    expect(checkToolCall(planSession(), { name: 'explore', input: {} }).allowed).toBe(false);
  });

  it('a stored subagent that says it is in normal mode does not parse', () => {
    const child = JSON.parse(JSON.stringify(start(planSession(), 'a').session));
    child.planMode.mode = 'normal';
    expect(() => parseSession(child)).toThrow(/subagent/);
    expect(checkToolCall(child, { name: 'write_file', input: {} }).allowed).toBe(false);
  });
});

// Every stored session with subagents and criteria parses and resumes to the same next effect.
describe('stored sessions with subagents and criteria', () => {
  const definitions: ToolDefinition[] = [
    { name: 'explore', description: 'd', parameters: {}, subagent: true },
    { name: 'read_file', description: 'd', parameters: {}, readOnly: true },
    { name: 'write_file', description: 'd', parameters: {} },
  ];
  const context = { tools: definitions };

  it('parse and resume to the same effect (property)', () => {
    const call = fc.oneof(
      fc.constant(() => toolCall('explore', { prompt: 'p' })),
      fc.constant(() => toolCall('read_file', { path: 'a' })),
      fc.constant(() => toolCall('write_file', { path: 'a' })),
      fc.constant(() => toolCall('exit_plan_mode', plan)),
      fc.constant(() =>
        toolCall('update_plan', {
          updates: [
            { id: '1', status: 'completed', evidence: [{ criterion: '1', evidence: 'ok' }] },
          ],
        }),
      ),
    );
    const origin = fc.constantFrom('plan', 'subagent', 'executing');
    fc.assert(
      fc.property(
        origin,
        fc.array(call, { minLength: 1, maxLength: 4 }),
        fc.nat(3),
        (from, calls, answered) => {
          let s =
            from === 'plan'
              ? planSession()
              : from === 'subagent'
                ? (start(planSession(), 'p').session as SessionState)
                : executingSession(plan);
          let r = step(s, { type: 'user_message', message: 'Go', now: 10 }, context);
          const message = assistant('Working.', ...calls.map((c) => c()));
          r = step(r.session, { type: 'model_response', message, now: 11 }, context);
          // Some of the handed-out calls answered, the rest still running.
          if (r.effect.type === 'execute_tools') {
            const results = r.effect.calls
              .slice(0, Math.min(answered, r.effect.calls.length - 1))
              .map((c) => ({ toolCallId: c.id, content: 'ok', isError: false }));
            if (results.length > 0)
              r = step(r.session, { type: 'tool_results', results, now: 12 }, context);
          }
          s = r.session;
          const stored = parseSession(JSON.parse(JSON.stringify(s)));
          expect(stored).toEqual(s);
          const a = step(s, { type: 'resume', now: 20 }, context);
          const b = step(stored, { type: 'resume', now: 20 }, context);
          expect(b.effect).toEqual(a.effect);
          expect(b.session).toEqual(a.session);
          // The running subagents are exactly the explore calls still waiting for a result.
          if (from !== 'executing' && s.run.phase === 'tools') {
            const waiting = (s.run.turn?.calls ?? [])
              .filter((c) => c.name === 'explore' && c.status === 'pending')
              .map((c) => c.id);
            expect(runningSubagents(s)).toEqual(waiting);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('createSession and enterPlanMode keep running subagents across a new planning phase', () => {
    const tracked = start(planSession(), 'a').state;
    const out = exitPlanMode(tracked, { now: 6 });
    if (!out.applied) throw new Error(out.message);
    const again = enterPlanMode(out.state, { now: 7 });
    if (!again.applied) throw new Error(again.message);
    expect(runningSubagents(again.state)).toEqual(['a']);
    expect(createSession().planMode.subagents).toBeUndefined();
  });
});
