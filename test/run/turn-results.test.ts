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
import { definitions, stalls } from './fixtures.js';

// The turn as step() judges it: the host's results read defensively (first result per call,
// text or not, isError only when true), the bookkeeping bound with its exact text, and a stored
// turn that no longer matches its message.

const normal: StepContext = { tools: definitions };

function drive(session: SessionState, inputs: StepInput[], ctx = normal): StepResult[] {
  const out: StepResult[] = [];
  let s = session;
  for (const input of inputs) {
    const r = step(s, input, ctx);
    out.push(r);
    s = r.session;
  }
  return out;
}

/** A normal-mode run whose model called read_file (r1) and write_file (w1). */
function awaitingTools(): SessionState {
  const rs = drive(createSession({}), [
    { type: 'user_message', content: 'fix it', now: 1 },
    {
      type: 'model_response',
      now: 2,
      message: assistant(
        toolCall('read_file', { path: 'a' }, 'r1'),
        toolCall('write_file', { path: 'a', content: 'x' }, 'w1'),
      ),
    },
  ]);
  const r = rs.at(-1);
  if (r?.effect.type !== 'execute_tools') throw new Error('no tools');
  return r.session;
}

const toolMessages = (s: SessionState) =>
  s.messages
    .filter((m) => m.role === 'tool')
    .map((m) => ({ id: m.toolCallId, content: m.content, isError: m.isError }));

describe("the host's results", () => {
  it('the first result per call counts; text or not; isError only when it is true', () => {
    const r = step(
      awaitingTools(),
      {
        type: 'tool_results',
        now: 3,
        results: [
          { toolCallId: 'r1', content: 42, isError: 'yes' },
          { toolCallId: 'r1', content: 'second', isError: true },
          { toolCallId: 'w1', content: 'written', isError: true },
        ] as never,
      },
      normal,
    );
    expect(toolMessages(r.session)).toEqual([
      { id: 'r1', content: '42', isError: false },
      { id: 'w1', content: 'written', isError: true },
    ]);
    expect(r.events.filter((e) => e.type === 'tool_executed')).toEqual([
      { type: 'tool_executed', toolCallId: 'r1', name: 'read_file', isError: false },
      { type: 'tool_executed', toolCallId: 'w1', name: 'write_file', isError: true },
    ]);
  });

  it('content that cannot be read as text is an error result saying so', () => {
    const bad = {
      toolCallId: 'r1',
      get content(): string {
        throw new Error('no');
      },
    };
    const r = step(
      awaitingTools(),
      {
        type: 'tool_results',
        now: 3,
        results: [bad, { toolCallId: 'w1', content: 'ok' }] as never,
      },
      normal,
    );
    expect(toolMessages(r.session)[0]).toEqual({
      id: 'r1',
      content: 'The tool result could not be read as text.',
      isError: true,
    });
  });

  it('results for only some calls: the rest are handed out again, nothing is judged yet', () => {
    const r = step(
      awaitingTools(),
      {
        type: 'tool_results',
        now: 3,
        results: [{ toolCallId: 'r1', content: 'read', isError: false }],
      },
      normal,
    );
    expect(r.effect).toMatchObject({ type: 'execute_tools', calls: [{ id: 'w1' }] });
    expect(r.session.run.phase).toBe('tools');
    const none = step(awaitingTools(), { type: 'tool_results', now: 3, results: [] }, normal);
    expect(none.effect).toMatchObject({
      type: 'execute_tools',
      calls: [{ id: 'r1' }, { id: 'w1' }],
    });
  });

  it('a stored turn that no longer matches its message: the call is refused, never run', () => {
    const s = awaitingTools();
    const turn = s.run.turn;
    if (turn === undefined) throw new Error('no turn');
    const broken: SessionState = {
      ...s,
      run: {
        ...s.run,
        turn: { ...turn, calls: turn.calls.map((c) => ({ ...c, id: `x-${c.id}` })) },
      },
    };
    const r = step(broken, { type: 'resume', now: 3 }, normal);
    expect(r.effect.type).toBe('call_model');
    expect(toolMessages(r.session)).toEqual([
      {
        id: 'x-r1',
        content: 'Not executed: the stored turn does not match its message.',
        isError: true,
      },
      {
        id: 'x-w1',
        content: 'Not executed: the stored turn does not match its message.',
        isError: true,
      },
    ]);
  });
});

describe('plan bookkeeping turns', () => {
  const ctx: StepContext = {
    tools: definitions,
    options: { planMode: { enabled: true }, run: { maxBookkeepingTurns: 2 } },
  };

  /** A run with an approved plan whose model only updates the plan, `n` turns in a row. */
  function bookkeeping(n: number): StepResult[] {
    const rs = drive(
      createSession(ctx.options),
      [
        { type: 'user_message', content: 'fix the parser', now: 1 },
        {
          type: 'model_response',
          now: 2,
          approvalId: 'ap-1',
          message: assistant(
            toolCall('exit_plan_mode', { title: 'T', steps: [{ text: 'a' }, { text: 'b' }] }, 'p'),
          ),
        },
        { type: 'approval_decision', now: 3, decision: { action: 'approve', approvalId: 'ap-1' } },
      ],
      ctx,
    );
    let s = rs.at(-1)?.session as SessionState;
    const out: StepResult[] = [];
    for (let i = 0; i < n; i++) {
      const r = step(s, { type: 'model_response', now: 4 + i, message: stalls.bookkeeping() }, ctx);
      out.push(r);
      s = r.session;
    }
    return out;
  }

  it('up to the limit the model is called again, counted; one more stops the run, saying so', () => {
    const rs = bookkeeping(3);
    expect(rs.map((r) => r.effect.type)).toEqual(['call_model', 'call_model', 'finish']);
    expect(rs.slice(0, 2).map((r) => r.session.run.bookkeepingTurns)).toEqual([1, 2]);
    expect(rs[2]?.effect).toEqual({
      type: 'finish',
      outcome: {
        status: 'budget_exhausted',
        reason: 'max_bookkeeping_turns',
        text: 'The run stopped: the model updated its plan 3 turns in a row without doing any work.',
      },
    });
  });

  it('a working turn in between starts the count again', () => {
    const [first] = bookkeeping(1);
    const work = step(
      first?.session as SessionState,
      {
        type: 'model_response',
        now: 20,
        message: assistant(toolCall('read_file', { path: 'a' }, 'r9')),
      },
      ctx,
    );
    const done = step(
      work.session,
      {
        type: 'tool_results',
        now: 21,
        results: [{ toolCallId: 'r9', content: 'x', isError: false }],
      },
      ctx,
    );
    expect(done.session.run.bookkeepingTurns).toBe(0);
  });
});
