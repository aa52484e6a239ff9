import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { describe, expect, it } from 'vitest';
import { samplePlan, setup, strictPlanArguments, toolResultText } from './helpers.js';

function schemaKeys(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) schemaKeys(v, found);
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) {
      found.add(k);
      schemaKeys(v, found);
    }
  return found;
}

function objects(value: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const v of value) objects(v, out);
  else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (record.type === 'object') out.push(record);
    for (const v of Object.values(record)) objects(v, out);
  }
  return out;
}

describe('the plan tools as strict function tools', () => {
  it('are sent strict, closed, every field required, without string-length keywords', async () => {
    const model = new ScriptedModel([
      [assistantMessage('Here is what I found: nothing to change.')],
    ]);
    const { pf, agent } = setup(model);
    await pf.run(agent, 'Look around');
    const sent = model.calls[0]?.request.tools.filter((t) => t.type === 'function') ?? [];
    expect(sent.map((t) => t.name)).toEqual([
      'read_file',
      'write_file',
      'exit_plan_mode',
      'update_plan',
      'ask_user',
    ]);
    for (const t of sent.slice(2)) {
      if (t.type !== 'function') throw new Error('not a function tool');
      expect(t.strict).toBe(true);
      expect(schemaKeys(t.parameters).has('minLength')).toBe(false);
      expect(schemaKeys(t.parameters).has('maxLength')).toBe(false);
      expect(schemaKeys(t.parameters).has('const')).toBe(false);
      for (const o of objects(t.parameters)) {
        expect(o.additionalProperties).toBe(false);
        expect(o.required).toEqual(Object.keys(o.properties as object));
      }
    }
  });

  it('offers enter_plan_mode only when the options let the model enter', () => {
    const names = (options: object) =>
      setup(new ScriptedModel(), options).pf.planTools.map((t) => t.name);
    expect(names({})).toEqual(['exit_plan_mode', 'update_plan', 'ask_user']);
    expect(names({ planMode: { allowModelEnter: true } })).toEqual([
      'enter_plan_mode',
      'exit_plan_mode',
      'update_plan',
      'ask_user',
    ]);
  });

  it('an invalid plan does not pause the run: the model reads planfirst’s validation error', async () => {
    const model = new ScriptedModel([
      [
        functionCall(
          'exit_plan_mode',
          { ...strictPlanArguments(samplePlan), steps: [] },
          { callId: 'p1' },
        ),
      ],
      [functionCall('exit_plan_mode', strictPlanArguments(samplePlan), { callId: 'p2' })],
    ]);
    const { pf, agent } = setup(model);
    const outcome = await pf.run(agent, 'Fix src/a.ts');
    expect(outcome.status).toBe('awaiting_approval');
    expect(toolResultText(model.calls[1], 'p1')).toContain('the plan is not valid');
  });

  it('the model enters plan mode itself and tracks steps with update_plan after approval', async () => {
    const model = new ScriptedModel([
      [functionCall('enter_plan_mode', { reason: 'A risky refactor.' }, { callId: 'e1' })],
      [functionCall('write_file', { path: 'src/a.ts', content: 'x' }, { callId: 'w0' })],
      [functionCall('exit_plan_mode', strictPlanArguments(samplePlan), { callId: 'p1' })],
      [
        functionCall(
          'update_plan',
          { updates: [{ id: '1', status: 'completed' }], add: null, explanation: null },
          { callId: 'u1' },
        ),
      ],
      [assistantMessage('Step 1 is done; the test is in place and fails as expected.')],
    ]);
    const options = { planMode: { allowModelEnter: true } };
    const { pf, agent, ws, store } = setup(model, options);
    const paused = await pf.run(agent, 'Refactor the parser');
    if (paused.status !== 'awaiting_approval') throw new Error(paused.status);
    expect(toolResultText(model.calls[1], 'e1')).toMatch(/^Plan mode is on\./);
    expect(toolResultText(model.calls[2], 'w0')).toContain('Plan mode is active');
    expect(ws.written).toEqual([]);
    pf.approve(paused.result.state, paused.approval.approvalId);
    const done = await pf.run(agent, paused.result.state);
    expect(done.status).toBe('completed');
    expect(toolResultText(model.calls[4], 'u1')).toMatch(/^Plan updated\./);
    expect(store.get().planMode.plan?.steps.map((s) => s.status)).toEqual(['completed', 'pending']);
  });
});
