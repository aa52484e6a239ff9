import { Agent, tool } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { describe, expect, it } from 'vitest';
import {
  revisedPlan,
  samplePlan,
  setup,
  strictPlanArguments,
  toolResultText,
  userTexts,
} from './helpers.js';

async function pausedOnPlan(model: ScriptedModel, options?: object) {
  const env = setup(model, options);
  const paused = await env.pf.run(env.agent, 'Fix src/a.ts');
  if (paused.status !== 'awaiting_approval') throw new Error(paused.status);
  return { ...env, paused, state: paused.result.state, approvalId: paused.approval.approvalId };
}

const planThenWrite = () =>
  new ScriptedModel([
    [functionCall('exit_plan_mode', strictPlanArguments(samplePlan), { callId: 'p1' })],
    [functionCall('write_file', { path: 'src/a.ts', content: 'fixed' }, { callId: 'w1' })],
    [assistantMessage('Done: src/a.ts is fixed.')],
  ]);

describe('exit_plan_mode approval through planfirst', () => {
  it('a decision for another approval id changes nothing, in the session or the run', async () => {
    const { pf, state, store } = await pausedOnPlan(planThenWrite());
    const before = store.get();
    expect(pf.approve(state, 'not-the-pending-id')).toMatchObject({
      applied: false,
      reason: 'stale_id',
    });
    expect(store.get()).toBe(before);
    expect(pf.pendingApproval(state)?.approvalId).toBe(before.planMode.approvalId);
  });

  it('an edited plan replaces the model’s: the edited plan is what the model executes', async () => {
    const env = await pausedOnPlan(planThenWrite());
    expect(env.pf.approve(env.state, env.approvalId, { plan: revisedPlan })).toEqual({
      applied: true,
      code: 'edited',
    });
    await env.pf.run(env.agent, env.state);
    const message = toolResultText(env.model().calls[1], 'p1');
    expect(message).toContain('[PLAN_DECISION]: edited');
    expect(message).toContain('"Run npm test"');
    expect(env.store.get().planMode.plan?.title).toBe(revisedPlan.title);
  });

  it('approve with then: stop ends plan mode but tells the model not to start yet', async () => {
    const model = new ScriptedModel([
      [functionCall('exit_plan_mode', strictPlanArguments(samplePlan), { callId: 'p1' })],
      [assistantMessage('Understood. I will wait for your go-ahead before starting.')],
    ]);
    const env = await pausedOnPlan(model);
    env.pf.approve(env.state, env.approvalId, { then: 'stop' });
    const done = await env.pf.run(env.agent, env.state);
    expect(done.status).toBe('completed');
    expect(toolResultText(model.calls[1], 'p1')).toContain('do not execute any step');
    expect(env.store.get().planMode.mode).toBe('normal');
  });

  it('a timeout keeps plan mode and the model is told so', async () => {
    const model = new ScriptedModel([
      [functionCall('exit_plan_mode', strictPlanArguments(samplePlan), { callId: 'p1' })],
      [assistantMessage('Nobody has decided yet; the plan above still waits for the user.')],
    ]);
    const env = await pausedOnPlan(model);
    expect(env.pf.decide(env.state, { action: 'timeout', approvalId: env.approvalId })).toEqual({
      applied: true,
      code: 'timed_out',
    });
    await env.pf.run(env.agent, env.state);
    expect(toolResultText(model.calls[1], 'p1')).toContain('[PLAN_DECISION]: timed_out');
    expect(env.store.get().planMode).toMatchObject({ mode: 'plan', approval: 'timed_out' });
  });

  it('two plans in one reply: the last goes to the user, the first is answered as replaced', async () => {
    const model = new ScriptedModel([
      [
        functionCall('exit_plan_mode', strictPlanArguments(samplePlan), { callId: 'p1' }),
        functionCall('exit_plan_mode', strictPlanArguments(revisedPlan), { callId: 'p2' }),
      ],
      [functionCall('write_file', { path: 'src/a.ts', content: 'fixed' }, { callId: 'w1' })],
      [assistantMessage('Done.')],
    ]);
    const env = await pausedOnPlan(model);
    expect(env.paused.approval).toMatchObject({ callId: 'p2', plan: { title: revisedPlan.title } });
    env.pf.approve(env.state, env.approvalId);
    await env.pf.run(env.agent, env.state);
    expect(toolResultText(model.calls[1], 'p1')).toMatch(/^This plan was replaced/);
    expect(toolResultText(model.calls[1], 'p2')).toContain('[PLAN_DECISION]: approved');
    expect(env.ws.written).toHaveLength(1);
  });

  it('a decision owed to the model goes in with the next user input if the run is not resumed', async () => {
    const model = new ScriptedModel([
      [functionCall('exit_plan_mode', strictPlanArguments(samplePlan), { callId: 'p1' })],
      [functionCall('write_file', { path: 'test/a.test.ts', content: 't' }, { callId: 'w1' })],
      [assistantMessage('Done: the failing test is in place.')],
    ]);
    const env = await pausedOnPlan(model);
    env.pf.approve(env.state, env.approvalId);
    expect((await env.pf.run(env.agent, 'Go ahead.')).status).toBe('completed');
    const [decision, prompt] = userTexts(model.calls[1]);
    expect(decision).toContain('[PLAN_DECISION]: approved');
    expect(prompt).toBe('Go ahead.');
  });

  it('your own tools’ approvals come back as interrupted, for you to resolve', async () => {
    const model = new ScriptedModel([
      [functionCall('deploy', {}, { callId: 'd1' })],
      [assistantMessage('Deployed.')],
    ]);
    const env = setup(model, {});
    const deploy = tool({
      name: 'deploy',
      description: 'Deploy.',
      parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
      needsApproval: true,
      execute: async () => 'deployed',
    });
    const agent = new Agent({ name: 'ops', tools: env.pf.wrapTools([deploy]), model });
    const paused = await env.pf.run(agent, 'Deploy it');
    if (paused.status !== 'interrupted') throw new Error(paused.status);
    const [item] = paused.result.interruptions;
    if (!item) throw new Error('no interruption');
    paused.result.state.approve(item);
    expect((await env.pf.run(agent, paused.result.state)).status).toBe('completed');
  });
});
