import { describe, expect, it } from 'vitest';
import { DECISION_TAG, renderPlan } from '../../../src/internal.js';
import { samplePlan } from '../../helpers.js';
import { recordPlugin, SESSION } from './recorder.js';

const promptBuild = (r: ReturnType<typeof recordPlugin>, runId = 'run-2') =>
  r.hook('before_prompt_build')({ prompt: 'next', messages: [] }, { ...SESSION, runId });

async function submitted(config: Record<string, unknown> = {}) {
  const r = recordPlugin({ startInPlanMode: true, ...config });
  const outcome = await r.callTool('exit_plan_mode', samplePlan);
  return { r, outcome };
}

describe('exit_plan_mode through the host’s approval prompt (chat channels)', () => {
  it('puts the plan up as pending and asks the host for approve/deny', async () => {
    const { r, outcome } = await submitted();
    if (!('approval' in outcome)) throw new Error('expected an approval request');
    const approval = outcome.approval;
    expect(approval.title).toBe(`Approve plan: ${samplePlan.title}`);
    const plan = r.stored()?.planMode.plan;
    if (!plan) throw new Error('expected a stored plan');
    expect(approval.description).toBe(renderPlan(plan, { format: 'text' }));
    expect(approval.allowedDecisions).toEqual(['allow-once', 'deny']);
    expect(approval.timeoutMs).toBe(600_000);
    expect(approval.timeoutReason).toContain('[PLAN_DECISION]: timed_out');
    expect(r.stored()?.planMode).toMatchObject({ approval: 'pending', approvalId: 'approval-1' });
  });

  it('fits the host’s limits: title ≤ 80 and description ≤ 512 characters', async () => {
    const long = {
      title: 'T'.repeat(200),
      steps: Array.from({ length: 40 }, (_, i) => ({ text: `step ${i} `.repeat(20) })),
    };
    const r = recordPlugin({ startInPlanMode: true });
    const outcome = await r.callTool('exit_plan_mode', long);
    if (!('approval' in outcome)) throw new Error('expected an approval request');
    expect(outcome.approval.title.length).toBe(80);
    expect(outcome.approval.description.length).toBeLessThanOrEqual(512);
    expect(outcome.approval.description).toMatch(/full plan: \/plan status\)$/);
  });

  it('allow-once approves; the tool then returns the approval message, delivered exactly once', async () => {
    const { r, outcome } = await submitted();
    if (!('approval' in outcome)) throw new Error('expected an approval request');
    await outcome.approval.onResolution?.('allow-once');
    expect(r.stored()?.planMode).toMatchObject({ mode: 'normal', approval: 'approved' });
    const result = await r.tool('exit_plan_mode').execute('call-1', samplePlan);
    expect(result.content[0]?.text).toContain('[PLAN_DECISION]: approved');
    expect(result.content[0]?.text).toContain(`<${DECISION_TAG} status="approved"`);
    expect(promptBuild(r)?.prependContext).toBeUndefined();
    expect(await r.callTool('exec', { command: 'rm -rf build' })).toEqual({ allowed: true });
  });

  it('deny rejects and stays in plan mode; the rejection reaches the next prompt exactly once', async () => {
    const { r, outcome } = await submitted();
    if (!('approval' in outcome)) throw new Error('expected an approval request');
    await outcome.approval.onResolution?.('deny');
    expect(r.stored()?.planMode).toMatchObject({
      mode: 'plan',
      approval: 'rejected',
      rejectionCount: 1,
    });
    expect(promptBuild(r)?.prependContext).toContain('[PLAN_DECISION]: rejected');
    expect(promptBuild(r, 'run-3')?.prependContext).toBeUndefined();
  });

  it('timeout marks the plan timed out; its message went out as the tool result, so it is not injected again', async () => {
    const { r, outcome } = await submitted();
    if (!('approval' in outcome)) throw new Error('expected an approval request');
    await outcome.approval.onResolution?.('timeout');
    expect(r.stored()?.planMode).toMatchObject({ mode: 'plan', approval: 'timed_out' });
    expect(promptBuild(r)?.prependContext).toBeUndefined();
  });

  it('cancelled (no approval route, aborted run, restart) leaves the plan pending for /plan approve', async () => {
    const { r, outcome } = await submitted();
    if (!('approval' in outcome)) throw new Error('expected an approval request');
    await outcome.approval.onResolution?.('cancelled');
    expect(r.stored()?.planMode).toMatchObject({ approval: 'pending', approvalId: 'approval-1' });
    expect(await r.command('approve approval-1')).toEqual({
      text: 'Plan approved; the agent starts on it.',
      continueAgent: true,
    });
  });

  it('a host decision that arrives after /plan decided changes nothing (bound to its approval id)', async () => {
    const { r, outcome } = await submitted();
    if (!('approval' in outcome)) throw new Error('expected an approval request');
    await r.command('reject too risky');
    const before = r.stored();
    await outcome.approval.onResolution?.('allow-once');
    expect(r.stored()).toEqual(before);
    expect(r.stored()?.planMode.approval).toBe('rejected');
  });

  it('a decision for a rotated id is stale: resubmitting a changed plan rotates the id', async () => {
    const { r, outcome } = await submitted();
    if (!('approval' in outcome)) throw new Error('expected an approval request');
    await r.callTool('exit_plan_mode', { ...samplePlan, title: 'Another plan' });
    expect(r.stored()?.planMode.approvalId).toBe('approval-2');
    await outcome.approval.onResolution?.('allow-once');
    expect(r.stored()?.planMode).toMatchObject({ approval: 'pending', approvalId: 'approval-2' });
  });

  it('an invalid plan asks for no approval and the tool reports the problem to the model', async () => {
    const r = recordPlugin({ startInPlanMode: true });
    const gate = await r.hook('before_tool_call')(
      { toolName: 'exit_plan_mode', params: { title: 'x', steps: [] } },
      { ...SESSION, toolName: 'exit_plan_mode' },
    );
    expect(gate).toBeUndefined();
    await expect(r.tool('exit_plan_mode').execute('c', { title: 'x', steps: [] })).rejects.toThrow(
      /steps/,
    );
    expect(r.stored()?.planMode.approval ?? 'none').toBe('none');
  });
});

describe('exit_plan_mode with the command surface', () => {
  it('submits the plan, posts it to the conversation with how to decide, and asks the host for nothing', async () => {
    const { r, outcome } = await submitted({ approvals: 'command' });
    if (!('result' in outcome)) throw new Error('expected a tool result');
    expect(outcome.result).toContain('submitted for approval (approval id approval-1)');
    expect(outcome.details).toEqual({ code: 'approval_requested', approvalId: 'approval-1' });
    expect(r.sent).toHaveLength(1);
    expect(r.sent[0]).toContain('/plan approve approval-1');
    expect(r.sent[0]).toContain(samplePlan.title);
  });
});
