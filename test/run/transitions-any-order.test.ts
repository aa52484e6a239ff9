import { describe, expect, it } from 'vitest';
import {
  createSession,
  enterPlanMode,
  exitPlanMode,
  parseSession,
  resolveApproval,
  runAgent,
  type SessionState,
  step,
} from '../../src/index.js';
import { assistant, scriptedModel, toolCall } from '../../src/testing/index.js';
import { definitions, recordingTools } from './fixtures.js';

const options = { planMode: { enabled: true } };
const plan = { title: 'Write it', steps: [{ text: 'Write the file' }] };

async function parked() {
  const tools = recordingTools();
  const r = await runAgent(
    {
      model: scriptedModel([assistant(toolCall('exit_plan_mode', plan, 'p1'))]),
      tools,
      options,
    },
    createSession(options),
    { message: 'write it' },
  );
  if (r.status !== 'awaiting_approval' || r.approval === undefined) throw new Error(r.status);
  return { session: r.session, approvalId: r.approval.approvalId };
}

const stored = (s: SessionState) => parseSession(JSON.parse(JSON.stringify(s)));

describe('host transitions on a stored session, in any order', () => {
  it('a direct resolveApproval on a parked run parses, and resume carries on with the plan', async () => {
    const { session, approvalId } = await parked();
    const t = resolveApproval(session, { action: 'approve', approvalId }, { now: 5 });
    if (!t.applied) throw new Error(t.message);
    const tools = recordingTools();
    const r = await runAgent(
      {
        model: scriptedModel([
          assistant(toolCall('write_file', { path: 'x' }, 'w1')),
          assistant('Done.'),
        ]),
        tools,
        options,
      },
      stored(t.state),
      { resume: true },
    );
    expect(r).toMatchObject({ status: 'completed', text: 'Done.' });
    expect(tools.executed.map((c) => c.name)).toEqual(['write_file']);
    expect(r.session.messages.some((m) => m.role === 'user' && m.kind === 'plan_approved')).toBe(
      true,
    );
    // The same decision delivered afterwards is a duplicate and runs nothing more.
    const again = await runAgent({ model: scriptedModel([]), tools, options }, r.session, {
      decision: { action: 'approve', approvalId },
    });
    expect(again).toMatchObject({ status: 'completed', reason: 'duplicate_decision' });
    expect(tools.executed).toHaveLength(1);
  });

  it('exitPlanMode on a parked run parses, and resume has nothing left to do', async () => {
    const { session } = await parked();
    const t = exitPlanMode(session, { now: 5 });
    if (!t.applied) throw new Error(t.message);
    const r = step(stored(t.state), { type: 'resume', now: 6 }, { options, tools: definitions });
    expect(r.effect).toEqual({
      type: 'finish',
      outcome: { status: 'completed', reason: 'nothing_to_resume' },
    });
    expect(stored(r.session).run.phase).toBe('idle');
  });

  it('a decision while tools run closes the turn: every call answered, completed ones kept', () => {
    const context = { options, tools: definitions };
    let r = step(createSession(options), { type: 'user_message', content: 'go', now: 1 }, context);
    r = step(
      r.session,
      {
        type: 'model_response',
        message: assistant(
          toolCall('read_file', { path: 'a' }, 'r1'),
          toolCall('read_file', { path: 'b' }, 'r2'),
          toolCall('exit_plan_mode', plan, 'p1'),
        ),
        approvalId: 'A1',
        now: 2,
      },
      context,
    );
    expect(r.effect.type).toBe('execute_tools');
    r = step(
      r.session,
      {
        type: 'tool_results',
        results: [{ toolCallId: 'r1', content: 'a', isError: false }],
        now: 3,
      },
      context,
    );
    r = step(
      stored(r.session),
      { type: 'approval_decision', decision: { action: 'approve', approvalId: 'A1' }, now: 4 },
      context,
    );
    expect(r.effect.type).toBe('call_model');
    const session = stored(r.session);
    const results = session.messages.flatMap((m) =>
      m.role === 'tool' ? [[m.toolCallId, m.isError]] : [],
    );
    expect(results).toEqual([
      ['r1', false],
      ['r2', true],
      ['p1', false],
    ]);
    if (r.effect.type !== 'call_model') return;
    // The next request carries a result for every call.
    const calls = r.effect.request.messages.flatMap((m) =>
      m.role === 'assistant' ? m.content.filter((b) => b.type === 'tool_call') : [],
    );
    expect(calls).toHaveLength(3);
  });

  it('an ignored decision changes nothing: a run stopped by a model error still resumes', async () => {
    const failing = await runAgent(
      {
        model: async () => {
          throw new Error('down');
        },
        tools: recordingTools(),
      },
      createSession(),
      { message: 'hi' },
    );
    expect(failing.status).toBe('error');
    const ignored = await runAgent(
      { model: scriptedModel([]), tools: recordingTools() },
      failing.session,
      { decision: { action: 'approve', approvalId: 'nope' } },
    );
    expect(ignored).toMatchObject({ status: 'completed', reason: 'nothing_pending' });
    expect(ignored.session).toEqual(failing.session);
    const resumed = await runAgent(
      { model: scriptedModel([assistant('Back.')]), tools: recordingTools() },
      ignored.session,
      { resume: true },
    );
    expect(resumed).toMatchObject({ status: 'completed', text: 'Back.' });
  });

  it('every transition, in any order, on a parked run leaves a session that parses and resumes', async () => {
    const { session, approvalId } = await parked();
    const transitions: Record<string, (s: SessionState) => SessionState> = {
      approve: (s) => {
        const t = resolveApproval(s, { action: 'approve', approvalId }, { now: 9 });
        return t.state;
      },
      reject: (s) => resolveApproval(s, { action: 'reject', approvalId }, { now: 9 }).state,
      timeout: (s) => resolveApproval(s, { action: 'timeout', approvalId }, { now: 9 }).state,
      exit: (s) => exitPlanMode(s, { now: 9 }).state,
      enter: (s) => enterPlanMode(s, { now: 9 }).state,
    };
    const names = Object.keys(transitions);
    for (const a of names)
      for (const b of names) {
        const s = stored(
          (transitions[b] as (s: SessionState) => SessionState)(
            (transitions[a] as (s: SessionState) => SessionState)(session),
          ),
        );
        const r = step(s, { type: 'resume', now: 10 }, { options, tools: definitions });
        stored(r.session);
        expect(r.effect.type, `${a} then ${b}`).not.toBe('execute_tools');
      }
  });
});
