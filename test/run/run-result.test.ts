import { describe, expect, it } from 'vitest';
import {
  createSession,
  parseSession,
  type RunResult,
  runAgent,
  type SessionState,
  type ToolExecutor,
} from '../../src/index.js';
import { assistant, scriptedModel, toolCall } from '../../src/testing/index.js';

const options = { planMode: { enabled: true } };
const tools: ToolExecutor = {
  definitions: [
    { name: 'read_file', description: 'read', parameters: { type: 'object' }, readOnly: true },
  ],
  execute: async () => 'contents',
};
const plan = { title: 'Double the timeout', steps: [{ text: 'Set timeout to 10s' }] };

/** The session as another process reads it back from storage. */
const stored = (s: SessionState) => parseSession(JSON.parse(JSON.stringify(s)));

async function parkedOnPlan(): Promise<RunResult> {
  const parked = await runAgent(
    { model: scriptedModel([assistant(toolCall('exit_plan_mode', plan))]), tools, options },
    createSession(options),
    { message: 'Double the request timeout.' },
  );
  expect(parked.status).toBe('awaiting_approval');
  return parked;
}

describe('runAgent results across calls', () => {
  it('reports only the messages a decision on a parked run added, after run_started', async () => {
    const parked = await parkedOnPlan();
    const approvalId = parked.approval?.approvalId ?? '';
    const decided = await runAgent(
      { model: scriptedModel([assistant('Done: the timeout is 10s.')]), tools, options },
      stored(parked.session),
      { decision: { action: 'approve', approvalId } },
    );
    expect(decided.status).toBe('completed');
    expect(decided.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(decided.messages[0]).toMatchObject({ source: 'planfirst', kind: 'plan_approved' });
    expect(decided.events[0]).toEqual({ type: 'run_started', trigger: 'approval_decision' });
  });

  it('reports only the messages a resume after a model error added', async () => {
    const failed = await runAgent(
      {
        model: scriptedModel([assistant(toolCall('read_file', { path: 'a' })), { fail: '503' }]),
        tools,
      },
      createSession(),
      { message: 'Read a.' },
    );
    expect(failed.status).toBe('error');
    expect(failed.messages).toHaveLength(3);
    const resumed = await runAgent(
      { model: scriptedModel([assistant('It says contents.')]), tools },
      stored(failed.session),
      { resume: true },
    );
    expect(resumed.status).toBe('completed');
    expect(resumed.messages.map((m) => m.role)).toEqual(['assistant']);
  });

  it('names the pending plan when an ignored decision leaves the run awaiting approval', async () => {
    const parked = await parkedOnPlan();
    const stale = await runAgent(
      { model: scriptedModel([]), tools, options },
      stored(parked.session),
      { decision: { action: 'approve', approvalId: 'not-the-pending-id' } },
    );
    expect(stale.status).toBe('awaiting_approval');
    expect(stale.reason).toBe('stale_id');
    expect(stale.approval).toEqual(parked.approval);
    expect(stale.messages).toEqual([]);
  });
});
