import { describe, expect, it } from 'vitest';
import {
  createSession,
  type SessionState,
  type StepContext,
  type StepInput,
  type StepResult,
  step,
} from '../../src/index.js';
import { assistant, toolCall } from '../../src/testing/index.js';
import { definitions, samplePlan } from './fixtures.js';

// A decision on the plan as step() answers it: the outcome (status, reason, text) and the
// events, for an ignored decision, each applied decision, and a decision that arrives while
// tools run.

const planning: StepContext = { tools: definitions, options: { planMode: { enabled: true } } };

function drive(session: SessionState, inputs: StepInput[]): StepResult[] {
  const out: StepResult[] = [];
  let s = session;
  for (const input of inputs) {
    const r = step(s, input, planning);
    out.push(r);
    s = r.session;
  }
  return out;
}

const start: StepInput[] = [
  { type: 'user_message', content: 'fix the parser', now: 10 },
  {
    type: 'model_response',
    now: 20,
    approvalId: 'ap-1',
    message: assistant(toolCall('exit_plan_mode', samplePlan, 'c1')),
  },
];

function parked(): SessionState {
  const r = drive(createSession(planning.options), start).at(-1);
  if (r?.effect.type !== 'request_approval') throw new Error('not parked');
  return r.session;
}

const decide = (s: SessionState, decision: unknown, now = 30) =>
  step(s, { type: 'approval_decision', decision, now } as StepInput, planning);

describe('a decision planfirst ignores', () => {
  it('on a parked run: still awaiting approval, with the reason and message, nothing changes', () => {
    const s = parked();
    const r = decide(s, { action: 'approve', approvalId: 'wrong' });
    expect(r.session).toBe(s);
    expect(r.effect).toMatchObject({
      type: 'finish',
      outcome: { status: 'awaiting_approval', reason: 'stale_id' },
    });
    const outcome = (r.effect as { outcome: { text: string } }).outcome;
    expect(outcome.text.length).toBeGreaterThan(0);
    expect(r.events).toEqual([
      { type: 'run_started', trigger: 'approval_decision' },
      { type: 'approval_ignored', reason: 'stale_id', message: outcome.text },
      { type: 'run_finished', status: 'awaiting_approval', reason: 'stale_id' },
    ]);
  });

  it('with nothing pending: completed, with the reason', () => {
    const r = decide(createSession(planning.options), { action: 'approve', approvalId: 'ap-1' });
    expect(r.effect).toMatchObject({ type: 'finish', outcome: { status: 'completed' } });
    expect(r.events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });
  });
});

describe('an applied decision', () => {
  it("approve with then: 'stop': completed, approved_not_started, told when it starts", () => {
    const r = decide(parked(), { action: 'approve', approvalId: 'ap-1', then: 'stop' });
    expect(r.effect).toEqual({
      type: 'finish',
      outcome: {
        status: 'completed',
        reason: 'approved_not_started',
        text: 'The plan is approved; execution starts when you say so.',
      },
    });
    expect(r.events).toContainEqual({
      type: 'approval_resolved',
      approvalId: 'ap-1',
      code: expect.any(String),
    });
  });

  it('timeout: completed, approval_timed_out, with the text for the user', () => {
    const r = decide(parked(), { action: 'timeout', approvalId: 'ap-1' });
    expect(r.effect).toEqual({
      type: 'finish',
      outcome: {
        status: 'completed',
        reason: 'approval_timed_out',
        text: 'Nobody answered the approval request in time, so the plan was not approved. Ask the agent to propose it again when you are back.',
      },
    });
    expect(r.session.run.phase).toBe('idle');
  });

  it('approve and reject go back to the model; the decision message is added once', () => {
    for (const action of ['approve', 'reject'] as const) {
      const r = decide(parked(), { action, approvalId: 'ap-1' });
      expect([action, r.effect.type, r.session.run.phase]).toEqual([action, 'call_model', 'model']);
      expect(r.events.filter((e) => e.type === 'decision_injected')).toHaveLength(1);
      expect(r.session.run.toolFailed).toBe(false);
    }
  });

  it('a decision while tools run closes the turn: every open call answered "not executed"', () => {
    // A plan proposed with another call in the same turn: the run is in the tools phase.
    const [, tools] = drive(createSession(planning.options), [
      start[0] as StepInput,
      {
        type: 'model_response',
        now: 20,
        approvalId: 'ap-1',
        message: assistant(
          toolCall('read_file', { path: 'a' }, 'r1'),
          toolCall('exit_plan_mode', samplePlan, 'c1'),
        ),
      },
    ]);
    expect(tools?.effect.type).toBe('execute_tools');
    const s = tools?.session as SessionState;
    const r = decide(s, { action: 'approve', approvalId: 'ap-1' });
    expect(r.effect.type).toBe('call_model');
    const results = r.session.messages.filter((m) => m.role === 'tool');
    expect(results.find((m) => m.toolCallId === 'r1')).toMatchObject({
      content: 'Not executed: a decision on the plan started another run before this call ran.',
      isError: true,
    });
    // It starts a run of its own: counted from this decision, no user prompt.
    expect([r.session.run.modelCalls, r.session.run.userPrompt]).toEqual([1, null]);
  });
});
