import { describe, expect, it } from 'vitest';
import {
  type ApprovalHandler,
  createSession,
  parseSession,
  runAgent,
  type ToolExecutor,
} from '../../src/index.js';
import { assistant, scriptedModel, toolCall } from '../../src/testing/index.js';

const options = { planMode: { enabled: true } };
const noTools: ToolExecutor = { definitions: [], execute: async () => 'ok' };
const plan = { title: 'Remove v1', steps: [{ text: 'Delete src/routes/v1' }] };

/** A handler that never answers; the user aborts while it waits. */
function abortingHandler(controller: AbortController): ApprovalHandler {
  return (_request, { signal }) => {
    setTimeout(() => controller.abort(), 1);
    return new Promise((_, reject) =>
      signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
    );
  };
}

describe('abort while awaiting approval', () => {
  it('keeps the run parked on the pending plan, so a later resume asks again', async () => {
    const controller = new AbortController();
    const first = await runAgent(
      {
        model: scriptedModel([assistant(toolCall('exit_plan_mode', plan))]),
        tools: noTools,
        approvals: abortingHandler(controller),
        options,
        signal: controller.signal,
      },
      createSession(options),
      { message: 'Remove the deprecated v1 endpoints.' },
    );
    expect(first.status).toBe('aborted');
    expect(first.reason).toBe('aborted_while_awaiting_approval');
    expect(first.session.run.phase).toBe('approval');
    expect(first.session.planMode.approval).toBe('pending');

    const stored = parseSession(JSON.parse(JSON.stringify(first.session)));
    const asked: string[] = [];
    const second = await runAgent(
      {
        model: scriptedModel([assistant('Removed the v1 routes.')]),
        tools: noTools,
        approvals: async (request) => {
          asked.push(request.approvalId);
          return { action: 'approve', approvalId: request.approvalId };
        },
        options,
      },
      stored,
      { resume: true },
    );
    expect(asked).toEqual([first.session.planMode.approvalId]);
    expect(second.status).toBe('completed');
    expect(second.session.planMode.mode).toBe('normal');
  });
});
