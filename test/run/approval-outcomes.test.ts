import { describe, expect, it } from 'vitest';
import { createSession, type RunEvent, runAgent } from '../../src/index.js';
import { assistant, scriptedModel, toolCall } from '../../src/testing/index.js';
import { recordingTools, samplePlan } from './fixtures.js';

const options = { planMode: { enabled: true, approvalTimeoutMs: 20 } };
const propose = () => assistant(toolCall('exit_plan_mode', samplePlan));
const write = () => assistant(toolCall('write_file', { path: 'src/parser.ts' }));

describe('runAgent: the approvals handler and its timeout', () => {
  it('a handler that never answers times the request out: completed, approval_timed_out, nothing runs', async () => {
    const tools = recordingTools();
    const events: RunEvent[] = [];
    const result = await runAgent(
      {
        model: scriptedModel([propose(), write()]),
        tools,
        options,
        approvals: () => new Promise(() => undefined),
        onEvent: (e) => events.push(e),
      },
      createSession(options),
      { message: 'Fix the parser.' },
    );
    expect(result).toMatchObject({
      status: 'completed',
      reason: 'approval_timed_out',
      text: 'Nobody answered the approval request in time, so the plan was not approved. Ask the agent to propose it again when you are back.',
    });
    expect(result.session.planMode.approval).toBe('timed_out');
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'approval_resolved', code: 'timed_out' }),
    );
    expect(tools.executed).toEqual([]);
  });
});

describe("runAgent: a plan approved with then: 'stop' starts on the user's go-ahead", () => {
  async function held() {
    const tools = recordingTools();
    const first = await runAgent(
      {
        model: scriptedModel([propose()]),
        tools,
        options,
        // A fixed clock: the 20 ms approval deadline binds at the decision.
        now: () => 1_000,
        approvals: async (request) => ({
          action: 'approve' as const,
          approvalId: request.approvalId,
          then: 'stop' as const,
        }),
      },
      createSession(options),
      { message: 'Fix the parser.' },
    );
    expect(first).toMatchObject({ status: 'completed', reason: 'approved_not_started' });
    return { tools, session: first.session };
  }

  it('"go ahead" starts it: execution_started, and the write runs', async () => {
    const { tools, session } = await held();
    const events: RunEvent[] = [];
    const result = await runAgent(
      {
        model: scriptedModel([write(), assistant('Done: the parser is guarded.')]),
        tools,
        options,
        // A fixed clock: the 20 ms approval deadline binds at the decision.
        now: () => 1_000,
        onEvent: (e) => events.push(e),
      },
      session,
      { message: 'go ahead' },
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'approval_resolved', code: 'execution_started' }),
    );
    expect(tools.executed.map((c) => c.name)).toEqual(['write_file']);
    expect(result.status).toBe('completed');
  });

  it('any other message keeps the hold: the write is blocked', async () => {
    const { tools, session } = await held();
    const result = await runAgent(
      {
        model: scriptedModel([write(), assistant('I will wait for your go.')]),
        tools,
        options,
        // A fixed clock: the 20 ms approval deadline binds at the decision.
        now: () => 1_000,
      },
      session,
      { message: 'What does step 2 change?' },
    );
    expect(tools.executed).toEqual([]);
    expect(result.session.planMode.afterApproval).toBe('stop');
  });
});
