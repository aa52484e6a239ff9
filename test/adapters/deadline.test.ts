import { fauxAssistantMessage, fauxToolCall } from '@mariozechner/pi-ai';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { describe, expect, it } from 'vitest';
import { createPlanfirstAgents } from '../../src/adapters/openai-agents/index.js';
import { createPlanfirstPi } from '../../src/adapters/pi-agent-core/index.js';
import { samplePlan } from '../helpers.js';
import { callTools, conversation, say } from './ai-sdk/scripted.js';
import { setup, strictPlanArguments } from './openai-agents/helpers.js';
import { recordPlugin } from './openclaw/recorder.js';
import { scenario } from './pi-agent-core/harness.js';

// Every adapter decides through the core's resolveApproval with the configured timeout: a
// decision at or after `requestedAt + planMode.approvalTimeoutMs` times the request out.
const timeoutMs = 60_000;
const options = { planMode: { enabled: true, approvalTimeoutMs: timeoutMs } };

describe('adapters: a decision at or after the approval deadline times the request out', () => {
  it('AI SDK: a late approval response is refused and the timeout is saved', async () => {
    let t = 1_000;
    const c = conversation([callTools(['exit_plan_mode', samplePlan]), say('ok')], {
      options,
      config: { now: () => t },
    });
    const content = (await c.generate()).content;
    const request = content.find((p) => p.type === 'tool-approval-request') as
      | { approvalId: string }
      | undefined;
    if (request === undefined) throw new Error('no approval request');
    t = 1_000 + timeoutMs;
    c.messages.push({
      role: 'tool',
      content: [{ type: 'tool-approval-response', approvalId: request.approvalId, approved: true }],
    });
    const out = c.pf.applyApprovalResponses(c.messages);
    expect(out.outcomes[0]).toMatchObject({ applied: false, code: 'approval_timed_out' });
    expect(c.store.get().planMode).toMatchObject({ mode: 'plan', approval: 'timed_out' });
  });

  it('OpenAI Agents: a late approve is refused, the paused call is rejected, the write never runs', async () => {
    const model = new ScriptedModel([
      [functionCall('exit_plan_mode', strictPlanArguments(samplePlan), { callId: 'p1' })],
      [assistantMessage('The plan timed out; I will wait.')],
    ]);
    const env = setup(model, options);
    const paused = await env.pf.run(env.agent, 'Fix src/a.ts');
    if (paused.status !== 'awaiting_approval') throw new Error(paused.status);
    const requestedAt = env.store.get().planMode.requestedAt ?? 0;
    const late = createPlanfirstAgents({
      store: env.store,
      options,
      readOnlyTools: ['read_file'],
      now: () => requestedAt + timeoutMs,
    });
    const state = paused.result.state;
    expect(late.approve(state, paused.approval.approvalId)).toMatchObject({
      applied: false,
      reason: 'approval_timed_out',
    });
    expect(env.store.get().planMode).toMatchObject({ mode: 'plan', approval: 'timed_out' });
    await env.pf.run(env.agent, state);
    expect(env.ws.written).toEqual([]);
  });

  it('pi-agent-core: a late resolveApproval is refused and the timeout is saved', async () => {
    const s = scenario({
      options,
      responses: [
        fauxAssistantMessage(fauxToolCall('exit_plan_mode', samplePlan), { stopReason: 'toolUse' }),
      ],
    });
    await s.agent.prompt('Fix the parser.');
    const pending = s.planfirst.pendingApproval();
    if (pending === undefined) throw new Error('no pending approval');
    const late = createPlanfirstPi({ store: s.store, options, now: () => 1_000 + timeoutMs });
    const result = await late.resolveApproval({
      action: 'approve',
      approvalId: pending.approvalId,
    });
    expect(result).toMatchObject({ applied: false, reason: 'approval_timed_out' });
    expect(s.store.get().planMode).toMatchObject({ mode: 'plan', approval: 'timed_out' });
  });

  it('OpenClaw: a late allow-once and a late /plan approve are refused; the timeout is saved', async () => {
    for (const via of ['prompt', 'command'] as const) {
      const r = recordPlugin({ startInPlanMode: true });
      const outcome = await r.callTool('exit_plan_mode', samplePlan);
      if (!('approval' in outcome)) throw new Error('expected an approval request');
      r.tick(30 * 60_000); // the default approvalTimeoutMs
      if (via === 'prompt') await outcome.approval.onResolution?.('allow-once');
      else expect((await r.command('approve')).text).toContain('approval_timed_out');
      expect(r.stored()?.planMode).toMatchObject({ mode: 'plan', approval: 'timed_out' });
      expect(await r.callTool('exec', { command: 'rm -rf build' })).toHaveProperty('blocked');
    }
  });
});
