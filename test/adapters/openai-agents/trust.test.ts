import { RunState } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { describe, expect, it } from 'vitest';
import { PlanfirstError, worstCaseModelCalls } from '../../../src/index.js';
import { revisedPlan, samplePlan, setup, strictPlanArguments } from './helpers.js';

// Regression tests for the adapter's trust guarantees: a decision executes once, a getter
// changes nothing, a stale run is refused with a stable code, and real model calls are capped.

const planThenWrite = (writes = 2) =>
  new ScriptedModel([
    [functionCall('exit_plan_mode', strictPlanArguments(samplePlan), { callId: 'p1' })],
    ...Array.from({ length: writes }, (_, i) => [
      [functionCall('write_file', { path: 'src/a.ts', content: 'fixed' }, { callId: `w${i}` })],
      [assistantMessage('Done.')],
    ]).flat(),
  ]);

async function paused(model: ScriptedModel) {
  const env = setup(model);
  const outcome = await env.pf.run(env.agent, 'Fix src/a.ts');
  if (outcome.status !== 'awaiting_approval') throw new Error(outcome.status);
  return { ...env, outcome, saved: outcome.result.state.toString() };
}

const staleRun = (error: unknown) => error instanceof PlanfirstError && error.code === 'stale_run';

describe('openai-agents: a decision executes once', () => {
  it('a duplicate resume of the README quick start (restore, approve, run twice) writes once', async () => {
    const env = await paused(planThenWrite());
    const first = await RunState.fromString(env.agent, env.saved);
    expect(env.pf.approve(first, env.outcome.approval.approvalId)).toEqual({
      applied: true,
      code: 'approved',
    });
    expect((await env.pf.run(env.agent, first)).status).toBe('completed');
    expect(env.ws.written).toHaveLength(1);

    const again = await RunState.fromString(env.agent, env.saved);
    expect(env.pf.approve(again, env.outcome.approval.approvalId)).toMatchObject({
      applied: false,
      reason: 'duplicate_decision',
    });
    await expect(env.pf.run(env.agent, again)).rejects.toSatisfy(staleRun);
    expect(env.ws.written).toHaveLength(1);
  });

  it('a run saved after the approval and resumed twice writes once', async () => {
    const env = await paused(planThenWrite());
    const state = await RunState.fromString(env.agent, env.saved);
    env.pf.approve(state, env.outcome.approval.approvalId);
    const approved = state.toString();
    const one = await RunState.fromString(env.agent, approved);
    const two = await RunState.fromString(env.agent, approved);
    expect((await env.pf.run(env.agent, one)).status).toBe('completed');
    await expect(env.pf.run(env.agent, two)).rejects.toSatisfy(staleRun);
    expect(env.ws.written).toHaveLength(1);
  });

  it('a run resumed without a decision is refused, and nothing runs', async () => {
    const env = await paused(planThenWrite());
    await expect(env.pf.run(env.agent, env.outcome.result.state)).rejects.toSatisfy(staleRun);
    expect(env.ws.written).toEqual([]);
    expect(env.store.get().planMode.approval).toBe('pending');
  });
});

describe('openai-agents: pendingApproval is a pure getter; stale runs are refused', () => {
  it('pendingApproval on a restored run of a timed-out plan changes nothing, and a late approval is refused', async () => {
    const env = await paused(planThenWrite());
    const id = env.outcome.approval.approvalId;
    expect(env.pf.decide(env.outcome.result.state, { action: 'timeout', approvalId: id })).toEqual({
      applied: true,
      code: 'timed_out',
    });
    const before = env.store.get();
    const restored = await RunState.fromString(env.agent, env.saved);
    expect(env.pf.pendingApproval(restored)).toBeUndefined();
    expect(env.store.get()).toBe(before);
    expect(env.pf.approve(restored, id)).toMatchObject({
      applied: false,
      reason: 'approval_timed_out',
    });
    expect(env.store.get()).toBe(before);
    await expect(env.pf.run(env.agent, restored)).rejects.toSatisfy(staleRun);
    expect(env.ws.written).toEqual([]);
  });

  it('a stale run of a rejected plan never replaces the pending revised plan', async () => {
    const model = new ScriptedModel([
      [functionCall('exit_plan_mode', strictPlanArguments(samplePlan), { callId: 'p1' })],
      [functionCall('exit_plan_mode', strictPlanArguments(revisedPlan), { callId: 'p2' })],
    ]);
    const env = await paused(model);
    const rejected = env.outcome.result.state;
    env.pf.reject(rejected, env.outcome.approval.approvalId, 'Test first.');
    const rejectedSaved = rejected.toString();
    const revised = await env.pf.run(env.agent, rejected);
    if (revised.status !== 'awaiting_approval') throw new Error(revised.status);
    const pending = env.store.get();

    const stale = await RunState.fromString(env.agent, env.saved);
    expect(env.pf.pendingApproval(stale)).toBeUndefined();
    expect(env.pf.approve(stale, revised.approval.approvalId)).toMatchObject({
      applied: false,
      reason: 'no_matching_interruption',
    });
    expect(env.store.get()).toBe(pending);
    const staleRejected = await RunState.fromString(env.agent, rejectedSaved);
    await expect(env.pf.run(env.agent, staleRejected)).rejects.toSatisfy(staleRun);
    expect(env.store.get().planMode).toMatchObject({
      approval: 'pending',
      approvalId: revised.approval.approvalId,
    });
    expect(env.pf.pendingApproval(revised.result.state)?.approvalId).toBe(
      revised.approval.approvalId,
    );
  });
});

describe('openai-agents: real model calls are capped', () => {
  it('a model that only updates its plan stops within worstCaseModelCalls and maxModelCalls', async () => {
    const update = { updates: [{ id: '1', status: 'completed' }], add: null };
    const model = new ScriptedModel(
      Array.from({ length: 200 }, (_, i) => [
        functionCall('update_plan', update, { callId: `u${i}` }),
      ]),
    );
    const options = { planMode: { enabled: true } };
    const env = setup(model, options);
    const outcome = await env.pf.run(env.agent, 'Fix src/a.ts');
    expect(outcome.status).toBe('budget_exhausted');
    expect(model.calls.length).toBeLessThanOrEqual(worstCaseModelCalls(options));
    expect(outcome.modelCalls).toBe(model.calls.length);
  });

  it('a model that keeps calling tools is stopped at run.maxModelCalls real model calls', async () => {
    const model = new ScriptedModel(
      Array.from({ length: 200 }, (_, i) => [
        functionCall('read_file', { path: 'src/a.ts' }, { callId: `r${i}` }),
      ]),
    );
    const env = setup(model, { planMode: { enabled: true }, run: { maxModelCalls: 7 } });
    const outcome = await env.pf.run(env.agent, 'Fix src/a.ts', {
      runOptions: { maxTurns: 100 },
    });
    expect(outcome).toMatchObject({ status: 'budget_exhausted', modelCalls: 7 });
    expect(model.calls).toHaveLength(7);
  });
});
