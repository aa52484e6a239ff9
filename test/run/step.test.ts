import { describe, expect, it } from 'vitest';
import { createSession, type SessionState, type StepInput, step } from '../../src/index.js';
import { assistant, toolCall } from '../../src/testing/index.js';
import { definitions, samplePlan } from './fixtures.js';

const context = { tools: definitions, options: { planMode: { enabled: true } } };
const planning = () => createSession(context.options);

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Applies inputs in order, returning every step result. */
function drive(
  session: SessionState,
  inputs: StepInput[],
  ctx: Parameters<typeof step>[2] = context,
) {
  const out = [];
  let s = session;
  for (const input of inputs) {
    const r = step(deepFreeze(s), input, ctx);
    out.push(r);
    s = r.session;
  }
  return out;
}

describe('step', () => {
  it('starts a run with the exact request: messages, plan-mode system text, tools', () => {
    const [r] = drive(planning(), [{ type: 'user_message', content: 'fix the parser', now: 1 }]);
    expect(r?.effect.type).toBe('call_model');
    if (r?.effect.type !== 'call_model') return;
    expect(r.effect.request.messages).toEqual([
      { role: 'user', content: 'fix the parser', source: 'host' },
    ]);
    expect(r.effect.request.system[0]).toContain('Plan mode is on');
    expect(r.effect.request.tools.map((t) => t.name)).toEqual([
      'read_file',
      'write_file',
      'bash',
      'exit_plan_mode',
      'ask_user',
      'plan_mode_status',
    ]);
    expect(r.events.map((e) => e.type)).toEqual(['run_started', 'model_called']);
  });

  it('offers enter_plan_mode only when allowed, update_plan only with an approved plan', () => {
    const [r] = drive(createSession(), [{ type: 'user_message', content: 'hi', now: 1 }], {
      tools: definitions,
      options: { planMode: { allowModelEnter: true } },
    });
    expect(r?.effect.type === 'call_model' && r.effect.request.tools.map((t) => t.name)).toContain(
      'enter_plan_mode',
    );
    expect(r?.effect.type === 'call_model' && r.effect.request.system).toEqual([]);
  });

  it('answers blocked calls and plan tools itself and asks the host only for allowed calls', () => {
    const rs = drive(planning(), [
      { type: 'user_message', content: 'fix', now: 1 },
      {
        type: 'model_response',
        now: 2,
        message: assistant(
          toolCall('read_file', { path: 'a' }, 'c1'),
          toolCall('write_file', { path: 'a' }, 'c2'),
          toolCall('bash', { command: 'grep -rn x src' }, 'c3'),
          toolCall('bash', { command: 'rm -rf src' }, 'c4'),
        ),
      },
      {
        type: 'tool_results',
        now: 3,
        results: [
          { toolCallId: 'c3', content: 'src/a:1:x', isError: false },
          { toolCallId: 'c1', content: 'text', isError: false },
        ],
      },
    ]);
    const second = rs[1];
    expect(second?.effect).toEqual({
      type: 'execute_tools',
      calls: [
        toolCall('read_file', { path: 'a' }, 'c1'),
        toolCall('bash', { command: 'grep -rn x src' }, 'c3'),
      ],
    });
    expect(
      second?.events
        .filter((e) => e.type === 'tool_blocked')
        .map((e) => e.type === 'tool_blocked' && e.code),
    ).toEqual(['not_read_only', 'shell_not_read_only']);
    const third = rs[2];
    expect(third?.effect.type).toBe('call_model');
    const tools = third?.session.messages.filter((m) => m.role === 'tool') ?? [];
    expect(tools.map((m) => m.role === 'tool' && [m.toolCallId, m.isError])).toEqual([
      ['c1', false],
      ['c2', true],
      ['c3', false],
      ['c4', true],
    ]);
    expect(tools[3]?.role === 'tool' && tools[3].content).toContain('mutating_program');
  });

  it('parks on an approval and continues from stored JSON with the decision', () => {
    const rs = drive(planning(), [
      { type: 'user_message', content: 'fix', now: 1 },
      {
        type: 'model_response',
        now: 2,
        approvalId: 'ap-1',
        message: assistant(toolCall('exit_plan_mode', samplePlan, 'c1')),
      },
    ]);
    expect(rs[1]?.effect).toMatchObject({
      type: 'request_approval',
      approvalId: 'ap-1',
      plan: { title: 'Fix the parser' },
    });
    const stored = JSON.parse(JSON.stringify(rs[1]?.session));
    const [resumed] = drive(stored, [
      { type: 'approval_decision', now: 3, decision: { action: 'approve', approvalId: 'ap-1' } },
    ]);
    expect(resumed?.effect.type).toBe('call_model');
    expect(resumed?.session.planMode.mode).toBe('normal');
    expect(resumed?.session.messages.at(-1)).toMatchObject({
      role: 'user',
      source: 'planfirst',
      kind: 'plan_approved',
    });
  });

  it('keeps a failed model call ready to retry, and resumes it', () => {
    const rs = drive(planning(), [
      { type: 'user_message', content: 'fix', now: 1 },
      { type: 'model_error', error: 'HTTP 503', now: 2 },
      { type: 'resume', now: 3 },
    ]);
    expect(rs[1]?.effect).toEqual({
      type: 'finish',
      outcome: { status: 'error', reason: 'model_error', text: 'HTTP 503' },
    });
    expect(rs[1]?.session.run).toMatchObject({ phase: 'model', error: 'HTTP 503', modelCalls: 1 });
    expect(rs[2]?.effect.type).toBe('call_model');
    expect(rs[2]?.session.run.modelCalls).toBe(2);
    expect(rs[2]?.session.messages).toEqual(rs[0]?.session.messages);
  });

  it('closes open tool calls on abort so the conversation stays whole', () => {
    const rs = drive(createSession(), [
      { type: 'user_message', content: 'go', now: 1 },
      {
        type: 'model_response',
        now: 2,
        message: assistant(toolCall('write_file', { path: 'a' }, 'c1')),
      },
      { type: 'abort', now: 3 },
    ]);
    expect(rs[2]?.effect).toEqual({ type: 'finish', outcome: { status: 'aborted' } });
    expect(rs[2]?.session.messages.at(-1)).toMatchObject({
      role: 'tool',
      toolCallId: 'c1',
      isError: true,
    });
    expect(rs[2]?.session.run.phase).toBe('idle');
  });

  it('stops at the hard cap', () => {
    const ctx = { tools: definitions, options: { run: { maxModelCalls: 1 } } };
    const rs = drive(
      createSession(),
      [
        { type: 'user_message', content: 'go', now: 1 },
        {
          type: 'model_response',
          now: 2,
          message: assistant(toolCall('read_file', { path: 'a' }, 'c1')),
        },
        {
          type: 'tool_results',
          now: 3,
          results: [{ toolCallId: 'c1', content: 'x', isError: false }],
        },
      ],
      ctx,
    );
    expect(rs[2]?.effect).toMatchObject({
      type: 'finish',
      outcome: { status: 'budget_exhausted', reason: 'max_model_calls' },
    });
  });

  it('adds the ACK instruction to one call only, never in plan mode', () => {
    const ctx = { tools: definitions };
    const rs = drive(
      createSession(),
      [
        { type: 'user_message', content: 'ok do it', now: 1 },
        {
          type: 'model_response',
          now: 2,
          message: assistant(toolCall('read_file', { path: 'a' }, 'c1')),
        },
        {
          type: 'tool_results',
          now: 3,
          results: [{ toolCallId: 'c1', content: 'x', isError: false }],
        },
      ],
      ctx,
    );
    expect(rs[0]?.effect.type === 'call_model' && rs[0].effect.request.system.join()).toContain(
      'Skip any recap',
    );
    expect(rs[2]?.effect.type === 'call_model' && rs[2].effect.request.system).toEqual([]);
    const [plan] = drive(planning(), [{ type: 'user_message', content: 'ok do it', now: 1 }]);
    expect(plan?.effect.type === 'call_model' && plan.effect.request.system.join()).not.toContain(
      'Skip any recap',
    );
  });

  it('is pure: same input, same output, input untouched', () => {
    const s = deepFreeze(planning());
    const input: StepInput = { type: 'user_message', content: 'fix', now: 1 };
    expect(step(s, input, context)).toEqual(step(s, input, context));
  });

  it('rejects inputs that do not fit the phase', () => {
    const [r] = drive(createSession(), [{ type: 'tool_results', now: 1, results: [] }]);
    expect(r?.effect).toMatchObject({
      type: 'finish',
      outcome: { status: 'error', reason: 'unexpected_input' },
    });
  });
});
