import { describe, expect, it } from 'vitest';
import {
  createSession,
  enterPlanMode,
  memoryVersionedStore,
  runAgent,
  runStored,
  type SessionState,
  step,
} from '../../src/index.js';
import { assistant, scriptedModel, toolCall } from '../../src/testing/index.js';
import { definitions, recordingTools } from './fixtures.js';

const context = { tools: definitions };

/** A normal-mode session stopped with `bash rm -rf build` judged allowed and not yet run. */
function stoppedMidTools(): SessionState {
  let r = step(createSession(), { type: 'user_message', content: 'clean', now: 1 }, context);
  r = step(
    r.session,
    {
      type: 'model_response',
      message: assistant(
        toolCall('read_file', { path: 'a' }, 'r1'),
        toolCall('bash', { command: 'rm -rf build' }, 'b1'),
      ),
      now: 2,
    },
    context,
  );
  expect(r.effect.type === 'execute_tools' && r.effect.calls.map((c) => c.id)).toEqual([
    'r1',
    'b1',
  ]);
  return r.session;
}

function planOn(session: SessionState): SessionState {
  const t = enterPlanMode(session, { now: 3 });
  if (!t.applied) throw new Error(t.message);
  return t.state;
}

describe('pending calls are judged again when handed out', () => {
  it('resume refuses a call the gate blocks now that plan mode is on', () => {
    const r = step(planOn(stoppedMidTools()), { type: 'resume', now: 4 }, context);
    expect(r.effect.type === 'execute_tools' && r.effect.calls.map((c) => c.id)).toEqual(['r1']);
    expect(r.events.filter((e) => e.type === 'tool_blocked').map((e) => e.toolCallId)).toEqual([
      'b1',
    ]);
  });

  it('the rest of a batch is judged again after partial results', () => {
    const r = step(
      planOn(stoppedMidTools()),
      {
        type: 'tool_results',
        results: [{ toolCallId: 'r1', content: 'x', isError: false }],
        now: 4,
      },
      context,
    );
    expect(r.effect.type).toBe('call_model');
    expect(r.session.messages.at(-1)).toMatchObject({ toolCallId: 'b1', isError: true });
  });

  it('a corrupt plan state fails closed: resume runs nothing that is not read-only', () => {
    const s = stoppedMidTools();
    for (const planMode of [
      { ...s.planMode, mode: 'Plan' },
      { ...s.planMode, mode: 'normal', approval: 'pending' },
      null,
      'normal',
    ]) {
      const corrupt = { ...s, planMode } as unknown as SessionState;
      const r = step(corrupt, { type: 'resume', now: 4 }, context);
      expect(r.effect.type === 'execute_tools' && r.effect.calls.map((c) => c.id)).toEqual(['r1']);
    }
  });

  it('runAgent resume hands out only what the gate allows now', async () => {
    const tools = recordingTools();
    await runAgent(
      { model: scriptedModel([assistant('Done.')]), tools },
      planOn(stoppedMidTools()),
      { resume: true },
    );
    expect(tools.executed.map((c) => c.id)).toEqual(['r1']);
  });

  it('runStored resume hands out only what the gate allows now', async () => {
    const store = memoryVersionedStore();
    await store.save('s', { session: planOn(stoppedMidTools()) }, 0);
    const executed: string[] = [];
    const out = await runStored(
      {
        store,
        model: scriptedModel([assistant('Done.')]),
        tools: {
          definitions,
          execute: async (call) => {
            executed.push(call.id);
            return 'ok';
          },
        },
      },
      's',
      { resume: true },
    );
    expect(out.outcome).toBe('ran');
    expect(executed).toEqual(['r1']);
  });
});
