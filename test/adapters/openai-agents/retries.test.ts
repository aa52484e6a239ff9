import { MemorySession, Runner } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { describe, expect, it } from 'vitest';
import { planModeSystemPrompt } from '../../../src/index.js';
import { samplePlan, setup, strictPlanArguments, toolResultText, userTexts } from './helpers.js';

const narrate = (n: number) =>
  Array.from({ length: n }, (_, i) => [assistantMessage(`I'll fix src/a.ts now (${i}).`)]);

describe('turns without tool calls', () => {
  it('a model that keeps narrating is retried up to the limit, then the run is blocked', async () => {
    const model = new ScriptedModel(narrate(4));
    const { pf, agent } = setup(model, {});
    const outcome = await pf.run(agent, 'Fix the bug in src/a.ts', { runner: new Runner() });
    expect(model.calls).toHaveLength(4);
    expect(outcome.retries.map((r) => r.tier)).toEqual(['standard', 'firm', 'final']);
    expect(outcome).toMatchObject({
      status: 'blocked',
      message:
        'The agent stopped: it kept describing what it would do without doing it. Nothing was changed. Send a more specific instruction, or say "continue" to try again.',
    });
    for (const [i, retry] of outcome.retries.entries())
      expect(userTexts(model.calls[i + 1]).at(-1)).toBe(retry.text);
  });

  it('never makes more model calls than run.maxModelCalls', async () => {
    const model = new ScriptedModel(narrate(2));
    const { pf, agent } = setup(model, { run: { maxModelCalls: 2 } });
    const outcome = await pf.run(agent, 'Fix the bug in src/a.ts');
    expect(model.calls).toHaveLength(2);
    expect(outcome).toMatchObject({
      status: 'budget_exhausted',
      modelCalls: 2,
      message: 'The agent stopped: the run reached its limit of 2 model calls (run.maxModelCalls).',
    });
  });

  it('counts a write made earlier in the run: the blocked message says changes were made', async () => {
    const model = new ScriptedModel([
      [functionCall('write_file', { path: 'src/a.ts', content: 'half' }, { callId: 'w1' })],
      ...narrate(4),
    ]);
    const { pf, agent, store } = setup(model, { autoContinue: { enabled: true } });
    const outcome = await pf.run(agent, 'Fix the bug in src/a.ts');
    expect(store.get().autoContinue.mutated).toBe(true);
    expect(outcome.status).toBe('blocked');
    if (outcome.status === 'blocked') expect(outcome.message).toContain('already made changes');
  });

  it('in plan mode an acknowledgement-only reply is retried with an instruction naming exit_plan_mode', async () => {
    const model = new ScriptedModel([
      [assistantMessage("Sure, I'll take a look.")],
      [functionCall('read_file', { path: 'src/a.ts' }, { callId: 'r1' })],
      [functionCall('exit_plan_mode', strictPlanArguments(samplePlan), { callId: 'p1' })],
    ]);
    const { pf, agent } = setup(model);
    const outcome = await pf.run(agent, 'Fix the bug in src/a.ts');
    expect(outcome.status).toBe('awaiting_approval');
    expect(outcome.retries.map((r) => r.kind)).toEqual(['plan-ack-only']);
    expect(userTexts(model.calls[1]).at(-1)).toContain('call exit_plan_mode');
    expect(toolResultText(model.calls[2], 'r1')).toBe('export const a = 1;\n');
  });

  it('with an SDK session the retry sends only the instruction (the session holds the history)', async () => {
    const model = new ScriptedModel([
      [assistantMessage("I'll update src/a.ts.")],
      [functionCall('write_file', { path: 'src/a.ts', content: 'b' }, { callId: 'w1' })],
      [assistantMessage('Updated src/a.ts.')],
    ]);
    const { pf, agent } = setup(model, {});
    const session = new MemorySession();
    const outcome = await pf.run(agent, 'Change src/a.ts', { runOptions: { session } });
    expect(outcome.status).toBe('completed');
    const texts = userTexts(model.calls[1]);
    expect(texts).toEqual(['Change src/a.ts', outcome.retries[0]?.text]);
  });
});

describe('the plan-mode system prompt', () => {
  it('is in the instructions while planning and gone once the plan is approved', async () => {
    const model = new ScriptedModel([
      [functionCall('exit_plan_mode', strictPlanArguments(samplePlan), { callId: 'p1' })],
      [functionCall('write_file', { path: 'src/a.ts', content: 'fixed' }, { callId: 'w1' })],
      [assistantMessage('Done.')],
    ]);
    const { pf, agent, store } = setup(model);
    const planning = planModeSystemPrompt(store.get());
    const paused = await pf.run(agent, 'Fix src/a.ts');
    if (paused.status !== 'awaiting_approval') throw new Error(paused.status);
    pf.approve(paused.result.state, paused.approval.approvalId);
    await pf.run(agent, paused.result.state);
    expect(model.calls[0]?.request.systemInstructions).toBe(
      `You are a careful coding agent.\n\n${planning}`,
    );
    expect(model.calls[1]?.request.systemInstructions).toBe('You are a careful coding agent.');
  });
});
