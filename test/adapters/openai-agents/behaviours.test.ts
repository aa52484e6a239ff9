import { RunState } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { describe, expect, it } from 'vitest';
import { parseSession } from '../../../src/index.js';
import {
  revisedPlan,
  samplePlan,
  setup,
  strictPlanArguments,
  toolResultText,
  userTexts,
} from './helpers.js';

describe('planfirst/openai-agents on the real Runner with a scripted model', () => {
  it('runs a read-only tool in plan mode', async () => {
    const model = new ScriptedModel([
      [functionCall('read_file', { path: 'src/a.ts' }, { callId: 'r1' })],
      [assistantMessage('a.ts exports a constant; the fix is small.')],
    ]);
    const { pf, agent } = setup(model);
    const outcome = await pf.run(agent, 'What does src/a.ts export?');
    expect(outcome.status).toBe('completed');
    expect(toolResultText(model.calls[1], 'r1')).toBe('export const a = 1;\n');
  });

  it('blocks a write in plan mode and the model reads planfirst’s gate message', async () => {
    const model = new ScriptedModel([
      [functionCall('write_file', { path: 'src/a.ts', content: 'x' }, { callId: 'w1' })],
      [functionCall('exit_plan_mode', strictPlanArguments(samplePlan), { callId: 'p1' })],
    ]);
    const { pf, agent, ws } = setup(model);
    const outcome = await pf.run(agent, 'Fix src/a.ts');
    if (outcome.status !== 'awaiting_approval') throw new Error(outcome.status);
    expect(ws.written).toEqual([]);
    const seen = toolResultText(model.calls[1], 'w1');
    expect(seen).toBe(
      'Plan mode is active, so `write_file` is blocked: it is not known to be read-only. Investigate with read-only tools, then call exit_plan_mode with your plan; once the user approves it, plan mode ends and you can make changes.',
    );
    expect(outcome.result.toolInputGuardrailResults[0]?.output.outputInfo).toEqual({
      callId: 'w1',
      code: 'not_read_only',
    });
  });

  it('exit_plan_mode pauses for approval; once approved the model executes and the write runs', async () => {
    const model = new ScriptedModel([
      [functionCall('exit_plan_mode', strictPlanArguments(samplePlan), { callId: 'p1' })],
      [functionCall('write_file', { path: 'src/a.ts', content: 'fixed' }, { callId: 'w1' })],
      [assistantMessage('Done: src/a.ts is fixed and the test passes.')],
    ]);
    const { pf, agent, ws, store } = setup(model);
    const paused = await pf.run(agent, 'Fix src/a.ts');
    if (paused.status !== 'awaiting_approval') throw new Error(paused.status);
    expect(paused.approval.plan.steps.map((s) => s.text)).toEqual([
      'Add a failing test',
      'Guard parse()',
    ]);
    expect(store.get().planMode).toMatchObject({
      mode: 'plan',
      approval: 'pending',
      approvalId: paused.approval.approvalId,
    });

    expect(pf.approve(paused.result.state, paused.approval.approvalId)).toEqual({
      applied: true,
      code: 'approved',
    });
    const done = await pf.run(agent, paused.result.state);
    expect(done.status).toBe('completed');
    expect(store.get().planMode.mode).toBe('normal');
    expect(ws.written).toEqual([{ path: 'src/a.ts', content: 'fixed' }]);
    const approvedMessage = toolResultText(model.calls[1], 'p1');
    expect(approvedMessage).toContain('[PLAN_DECISION]: approved');
    expect(approvedMessage).toContain('execute the plan now');
    expect(toolResultText(model.calls[2], 'w1')).toBe('wrote src/a.ts');
  });

  it('retries a planning-only turn with the escalating instruction, which reaches the model', async () => {
    const model = new ScriptedModel([
      [assistantMessage("I'll update src/a.ts to export the new value.")],
      [assistantMessage('I will now make the change to src/a.ts.')],
      [functionCall('write_file', { path: 'src/a.ts', content: 'b' }, { callId: 'w1' })],
      [assistantMessage('Updated src/a.ts.')],
    ]);
    const { pf, agent, ws } = setup(model, {});
    const outcome = await pf.run(agent, 'Change src/a.ts to export b');
    expect(outcome.status).toBe('completed');
    expect(outcome.retries.map((r) => [r.kind, r.tier, r.attempt, r.limit])).toEqual([
      ['planning-only', 'standard', 1, 3],
      ['planning-only', 'firm', 2, 3],
    ]);
    expect(userTexts(model.calls[1]).at(-1)).toBe(outcome.retries[0]?.text);
    expect(userTexts(model.calls[2]).at(-1)).toBe(outcome.retries[1]?.text);
    expect(outcome.retries[1]?.text).toContain('retry 2 of 3');
    expect(ws.written).toHaveLength(1);
  });

  it('a rejection keeps plan mode: the feedback reaches the model and writes stay blocked', async () => {
    const model = new ScriptedModel([
      [functionCall('exit_plan_mode', strictPlanArguments(samplePlan), { callId: 'p1' })],
      [functionCall('write_file', { path: 'src/a.ts', content: 'x' }, { callId: 'w1' })],
      [functionCall('exit_plan_mode', strictPlanArguments(revisedPlan), { callId: 'p2' })],
    ]);
    const { pf, agent, ws, store } = setup(model);
    const paused = await pf.run(agent, 'Fix src/a.ts');
    if (paused.status !== 'awaiting_approval') throw new Error(paused.status);
    expect(
      pf.reject(paused.result.state, paused.approval.approvalId, 'Write the test first.'),
    ).toEqual({ applied: true, code: 'rejected' });

    const after = await pf.run(agent, paused.result.state);
    if (after.status !== 'awaiting_approval') throw new Error(after.status);
    expect(after.approval.approvalId).not.toBe(paused.approval.approvalId);
    const rejection = toolResultText(model.calls[1], 'p1');
    expect(rejection).toContain('[PLAN_DECISION]: rejected');
    expect(rejection).toContain('"Write the test first."');
    expect(toolResultText(model.calls[2], 'w1')).toContain('Plan mode is active');
    expect(ws.written).toEqual([]);
    expect(store.get().planMode).toMatchObject({
      mode: 'plan',
      approval: 'pending',
      rejectionCount: 1,
    });
  });

  it('survives a RunState JSON round trip across the approval interruption', async () => {
    // Process 1 pauses on exit_plan_mode and persists the SDK's RunState and planfirst's session.
    const first = setup(
      new ScriptedModel([
        [functionCall('exit_plan_mode', strictPlanArguments(samplePlan), { callId: 'p1' })],
      ]),
    );
    const paused = await first.pf.run(first.agent, 'Fix src/a.ts');
    if (paused.status !== 'awaiting_approval') throw new Error(paused.status);
    const savedRun = paused.result.state.toString();
    const savedSession = JSON.stringify(first.store.get());

    // Process 2: a fresh agent and adapter restore both from JSON, approve, and resume.
    const model = new ScriptedModel([
      [functionCall('write_file', { path: 'src/a.ts', content: 'fixed' }, { callId: 'w1' })],
      [assistantMessage('Done: src/a.ts is fixed.')],
    ]);
    const second = setup(model);
    second.store.set(parseSession(JSON.parse(savedSession)));
    const restored = await RunState.fromString(second.agent, savedRun);
    expect(second.pf.pendingApproval(restored)).toEqual(paused.approval);
    expect(second.pf.approve(restored, paused.approval.approvalId)).toEqual({
      applied: true,
      code: 'approved',
    });
    const done = await second.pf.run(second.agent, restored);
    expect(done.status).toBe('completed');
    expect(second.ws.written).toEqual([{ path: 'src/a.ts', content: 'fixed' }]);
    expect(toolResultText(model.calls[0], 'p1')).toContain('[PLAN_DECISION]: approved');
    expect(second.store.get().planMode).toMatchObject({ mode: 'normal', approval: 'approved' });
    model.assertComplete();
  });
});
