import { describe, expect, it } from 'vitest';
import {
  compactionReminder,
  createSession,
  type SessionState,
  type StepContext,
  type StepInput,
  type StepResult,
  step,
} from '../../src/index.js';
import { assistant, toolCall } from '../../src/testing/index.js';
import { definitions, samplePlan } from './fixtures.js';

// Each test here pins one promise of the run loop as a host driving step() sees it: the
// effect, the run state that the next step reads, the messages and the events.

const planning: StepContext = { tools: definitions, options: { planMode: { enabled: true } } };
const normal: StepContext = { tools: definitions };

function drive(session: SessionState, inputs: StepInput[], ctx: StepContext): StepResult[] {
  const out: StepResult[] = [];
  let s = session;
  for (const input of inputs) {
    const r = step(s, input, ctx);
    out.push(r);
    s = r.session;
  }
  return out;
}

function last(results: StepResult[]): StepResult {
  const r = results.at(-1);
  if (r === undefined) throw new Error('no step result');
  return r;
}

/** A plan-mode run parked on the approval of `samplePlan` with id `ap-1` (two steps). */
function parked(): StepResult {
  return last(
    drive(
      createSession(planning.options),
      [
        { type: 'user_message', content: 'fix the parser', now: 10 },
        {
          type: 'model_response',
          now: 20,
          approvalId: 'ap-1',
          message: assistant(toolCall('exit_plan_mode', samplePlan, 'c1')),
        },
      ],
      planning,
    ),
  );
}

describe('a decision on the plan', () => {
  it('a rejection goes back to the model with the feedback, in plan mode, on the same run', () => {
    const before = parked();
    expect(before.effect.type).toBe('request_approval');
    const r = step(
      before.session,
      {
        type: 'approval_decision',
        now: 30,
        decision: { action: 'reject', approvalId: 'ap-1', feedback: 'add a test first' },
      },
      planning,
    );
    expect(r.effect.type).toBe('call_model');
    expect(r.session.run.phase).toBe('model');
    expect(r.session.run.modelCalls).toBe(2);
    expect(r.session.planMode.mode).toBe('plan');
    expect(r.session.planMode.approval).toBe('rejected');
    expect(r.events.map((e) => e.type)).toEqual([
      'run_started',
      'approval_resolved',
      'decision_injected',
      'model_called',
    ]);
    const told = r.session.messages.at(-1);
    expect(told).toMatchObject({ role: 'user', source: 'planfirst', kind: 'plan_rejected' });
    expect(told?.role === 'user' && told.content).toContain('add a test first');
    if (r.effect.type === 'call_model') expect(r.effect.request.messages.at(-1)).toEqual(told);
  });

  it('a decision on a parked run keeps that run: its start, prompt and model-call count', () => {
    const before = parked();
    const run = before.session.run;
    expect(run.modelCalls).toBe(1);
    const r = step(
      before.session,
      { type: 'approval_decision', now: 30, decision: { action: 'approve', approvalId: 'ap-1' } },
      planning,
    );
    expect(r.effect.type).toBe('call_model');
    expect(r.session.run.startIndex).toBe(run.startIndex);
    expect(r.session.run.userPrompt).toBe('fix the parser');
    expect(r.session.run.modelCalls).toBe(2);
  });

  it('a decision while no run is parked starts a run of its own: counted from zero, no prompt', () => {
    // A host driving step itself delivers the decision while the tools of a later turn run.
    const s = parked().session;
    const moving: SessionState = {
      ...s,
      run: { ...s.run, phase: 'tools', modelCalls: 7, userPrompt: 'old prompt' },
    };
    const r = step(
      moving,
      { type: 'approval_decision', now: 30, decision: { action: 'approve', approvalId: 'ap-1' } },
      planning,
    );
    expect(r.effect.type).toBe('call_model');
    expect(r.session.run.modelCalls).toBe(1);
    expect(r.session.run.userPrompt).toBeNull();
    // The new run starts after everything already said, before the decision message.
    expect(r.session.run.startIndex).toBe(s.messages.length);
    expect(r.session.messages.at(-1)).toMatchObject({ kind: 'plan_approved' });
  });

  it('the decision time comes from the input: confirmedAt is `now`', () => {
    const r = step(
      parked().session,
      { type: 'approval_decision', now: 4242, decision: { action: 'approve', approvalId: 'ap-1' } },
      planning,
    );
    expect(r.session.planMode.confirmedAt).toBe(4242);
    expect(r.session.planMode.updatedAt).toBe(4242);
  });
});

describe('a second user message', () => {
  it('starts a fresh run: one model call, the new prompt, the start after the old run', () => {
    const first = drive(
      createSession(),
      [
        { type: 'user_message', content: 'first task', now: 1 },
        {
          type: 'model_response',
          now: 2,
          message: assistant('Reading.', toolCall('read_file', { path: 'a' }, 'r1')),
        },
        {
          type: 'tool_results',
          now: 3,
          results: [{ toolCallId: 'r1', content: 'text', isError: true }],
        },
        { type: 'model_response', now: 4, message: assistant('The file says text.') },
      ],
      normal,
    );
    const done = last(first);
    expect(done.effect).toEqual({
      type: 'finish',
      outcome: { status: 'completed', text: 'The file says text.' },
    });
    expect(done.session.run.modelCalls).toBe(2);
    const before = done.session.messages.length;
    const r = step(done.session, { type: 'user_message', content: 'second task', now: 5 }, normal);
    expect(r.effect.type).toBe('call_model');
    expect(r.session.run).toMatchObject({
      phase: 'model',
      modelCalls: 1,
      startIndex: before,
      userPrompt: 'second task',
      previousAssistantText: 'The file says text.',
      nextSystem: [],
      toolFailed: false,
      bookkeepingTurns: 0,
    });
    expect(r.events.map((e) => e.type)).toEqual(['run_started', 'model_called']);
  });

  it('closes the turn the last run left open: every open call gets a "not executed" result', () => {
    const open = drive(
      createSession(),
      [
        { type: 'user_message', content: 'first', now: 1 },
        {
          type: 'model_response',
          now: 2,
          message: assistant(toolCall('read_file', { path: 'a' }, 'r1')),
        },
      ],
      normal,
    );
    expect(last(open).effect.type).toBe('execute_tools');
    const r = step(last(open).session, { type: 'user_message', content: 'second', now: 3 }, normal);
    expect(r.session.run.turn).toBeUndefined();
    expect(r.session.messages.slice(-2)).toEqual([
      {
        role: 'tool',
        toolCallId: 'r1',
        toolName: 'read_file',
        content: 'Not executed: a new user message started another run.',
        isError: true,
      },
      { role: 'user', content: 'second', source: 'host' },
    ]);
  });
});

describe('tool results from the host', () => {
  it('never overwrite the answer to a call planfirst refused', () => {
    const rs = drive(
      createSession(planning.options),
      [
        { type: 'user_message', content: 'fix', now: 1 },
        {
          type: 'model_response',
          now: 2,
          message: assistant(
            toolCall('read_file', { path: 'a' }, 'c1'),
            toolCall('write_file', { path: 'a' }, 'c2'),
          ),
        },
        {
          type: 'tool_results',
          now: 3,
          results: [
            { toolCallId: 'c2', content: 'written anyway', isError: false },
            { toolCallId: 'c1', content: 'text', isError: false },
          ],
        },
      ],
      planning,
    );
    const r = last(rs);
    const c2 = r.session.messages.find((m) => m.role === 'tool' && m.toolCallId === 'c2');
    expect(c2).toMatchObject({ role: 'tool', isError: true });
    expect(c2?.role === 'tool' && c2.content).not.toContain('written anyway');
    const refusal = rs[1]?.events.find((e) => e.type === 'tool_blocked');
    expect(refusal).toMatchObject({ type: 'tool_blocked', toolCallId: 'c2' });
    expect(c2?.role === 'tool' && c2.content).toBe(
      refusal?.type === 'tool_blocked' ? refusal.message : 'no refusal',
    );
    expect(
      r.events
        .filter((e) => e.type === 'tool_executed')
        .map((e) => e.type === 'tool_executed' && e.toolCallId),
    ).toEqual(['c1']);
  });

  it('never overwrite a refusal made at hand-out, when the host turned plan mode on', () => {
    const rs = drive(
      createSession({ planMode: { enabled: true } }),
      [{ type: 'user_message', content: 'go', now: 1 }],
      planning,
    );
    // Normal mode: the write is handed out.
    const s0 = last(rs).session;
    const normalSession: SessionState = { ...s0, planMode: { ...s0.planMode, mode: 'normal' } };
    const handed = step(
      normalSession,
      {
        type: 'model_response',
        now: 2,
        message: assistant(
          toolCall('write_file', { path: 'a' }, 'w1'),
          toolCall('read_file', { path: 'a' }, 'r1'),
        ),
      },
      planning,
    );
    expect(handed.effect).toMatchObject({ type: 'execute_tools' });
    // The host turns plan mode on before running them, then resumes: the write is refused.
    const replanned: SessionState = {
      ...handed.session,
      planMode: { ...handed.session.planMode, mode: 'plan' },
    };
    const resumed = step(replanned, { type: 'resume', now: 3 }, planning);
    expect(resumed.effect).toEqual({
      type: 'execute_tools',
      calls: [toolCall('read_file', { path: 'a' }, 'r1')],
    });
    const refusal = resumed.session.run.turn?.calls[0]?.result?.content;
    expect(refusal).toEqual(expect.any(String));
    const r = step(
      resumed.session,
      {
        type: 'tool_results',
        now: 4,
        results: [
          { toolCallId: 'w1', content: 'written', isError: false },
          { toolCallId: 'r1', content: 'text', isError: false },
        ],
      },
      planning,
    );
    const w1 = r.session.messages.find((m) => m.role === 'tool' && m.toolCallId === 'w1');
    expect(w1).toEqual({
      role: 'tool',
      toolCallId: 'w1',
      toolName: 'write_file',
      content: refusal,
      isError: true,
    });
  });
});

describe('the model response', () => {
  it('plan tool calls are stamped with the input time: requestedAt is `now`', () => {
    const r = parked();
    expect(r.session.planMode.requestedAt).toBe(20);
    expect(r.session.planMode.updatedAt).toBe(20);
  });

  it('a host-supplied approvalId that is empty is refused, and the plan is not put up', () => {
    const rs = drive(
      createSession(planning.options),
      [
        { type: 'user_message', content: 'fix', now: 1 },
        {
          type: 'model_response',
          now: 2,
          approvalId: '',
          message: assistant(toolCall('exit_plan_mode', samplePlan, 'c1')),
        },
      ],
      planning,
    );
    const r = last(rs);
    expect(r.effect.type).not.toBe('request_approval');
    expect(r.session.planMode.approval).not.toBe('pending');
    expect(r.session.messages.find((m) => m.role === 'tool')).toEqual({
      role: 'tool',
      toolCallId: 'c1',
      toolName: 'exit_plan_mode',
      content: 'approvalId must be a non-empty string',
      isError: true,
    });
    expect(r.events.find((e) => e.type === 'plan_tool')).toEqual({
      type: 'plan_tool',
      toolCallId: 'c1',
      name: 'exit_plan_mode',
      code: 'invalid_approval_id',
      isError: true,
    });
  });

  it('a host-supplied approvalId is used as the approval id', () => {
    const r = parked();
    expect(r.effect).toMatchObject({ type: 'request_approval', approvalId: 'ap-1' });
    expect(r.session.planMode.approvalId).toBe('ap-1');
  });

  it('a host-supplied approvalId that is not a string ends the step with invalid_input', () => {
    const s = step(createSession(), { type: 'user_message', content: 'x', now: 1 }, normal).session;
    const r = step(
      s,
      {
        type: 'model_response',
        now: 2,
        approvalId: 7 as unknown as string,
        message: assistant('hi'),
      },
      normal,
    );
    expect(r.effect).toEqual({
      type: 'finish',
      outcome: {
        status: 'error',
        reason: 'invalid_input',
        text: 'model_response: approvalId must be a string',
      },
    });
    expect(r.session).toEqual(s);
  });

  it('a call of a tool the host does not have, in normal mode, is answered "no tool named"', () => {
    const rs = drive(
      createSession(),
      [
        { type: 'user_message', content: 'go', now: 1 },
        {
          type: 'model_response',
          now: 2,
          message: assistant(toolCall('deploy', { to: 'prod' }, 'd1')),
        },
      ],
      normal,
    );
    const r = last(rs);
    expect(r.effect.type).toBe('call_model');
    expect(r.session.messages.find((m) => m.role === 'tool')).toEqual({
      role: 'tool',
      toolCallId: 'd1',
      toolName: 'deploy',
      content: 'There is no tool named `deploy`.',
      isError: true,
    });
    expect(r.events.some((e) => e.type === 'tool_blocked')).toBe(false);
  });
});

describe('phase guards', () => {
  const idle = () =>
    step(createSession(), { type: 'user_message', content: 'x', now: 1 }, normal).session;
  const cases: Array<[string, (s: SessionState) => SessionState, StepInput]> = [
    [
      'a model response while tools run',
      (s) => ({ ...s, run: { ...s.run, phase: 'tools' } }),
      { type: 'model_response', now: 2, message: assistant('hi') },
    ],
    [
      'a model error while idle',
      (s) => ({ ...s, run: { ...s.run, phase: 'idle' } }),
      { type: 'model_error', now: 2, error: 'HTTP 500' },
    ],
    [
      'tool results while the model is called',
      (s) => s,
      { type: 'tool_results', now: 2, results: [] },
    ],
  ];
  for (const [name, shape, input] of cases) {
    it(`${name} ends the step with unexpected_input and changes nothing`, () => {
      const s = shape(idle());
      const r = step(s, input, normal);
      expect(r.effect).toEqual({
        type: 'finish',
        outcome: {
          status: 'error',
          reason: 'unexpected_input',
          text: `${input.type} arrived while the run was ${s.run.phase}`,
        },
      });
      expect(r.session.messages).toEqual(s.messages);
      expect(r.session.run.modelCalls).toBe(s.run.modelCalls);
      expect(r.events).toEqual([
        { type: 'run_finished', status: 'error', reason: 'unexpected_input' },
      ]);
    });
  }
});

describe('the model id', () => {
  const narrate = (model: string) =>
    last(
      drive(
        createSession(),
        [
          { type: 'user_message', content: 'fix the parser', now: 1 },
          {
            type: 'model_response',
            now: 2,
            message: assistant("I'll inspect the parser and run the tests."),
          },
        ],
        { tools: definitions, model, options: { incompleteTurn: { appliesTo: ['gpt-5*'] } } },
      ),
    );

  it('reaches the resolver: a stall by a model it applies to gets a retry', () => {
    const r = narrate('openai/gpt-5.4');
    expect(r.effect.type).toBe('call_model');
    expect(r.events.some((e) => e.type === 'retry_injected')).toBe(true);
  });

  it('reaches the resolver: the same turn by a model it does not apply to completes', () => {
    const r = narrate('anthropic/claude-opus');
    expect(r.effect).toEqual({
      type: 'finish',
      outcome: { status: 'completed', text: "I'll inspect the parser and run the tests." },
    });
  });
});

describe('compactionReminder', () => {
  it('is the plan reminder as a planfirst user message, and nothing in normal mode', () => {
    const waiting = parked().session;
    const reminder = compactionReminder(waiting);
    expect(reminder).toMatchObject({ role: 'user', source: 'planfirst', kind: 'plan_reminder' });
    expect(reminder?.content.split('\n').slice(0, 3)).toEqual([
      '[plan-mode episode 1]',
      "Reminder: plan mode is active. Only read-only tools run; investigate, then call exit_plan_mode with your plan and wait for the user's decision.",
      'Your plan below is waiting for the user to decide:',
    ]);
    expect(compactionReminder(createSession())).toBeUndefined();
  });
});
