import { fauxAssistantMessage, fauxToolCall, validateToolArguments } from '@mariozechner/pi-ai';
import { describe, expect, it } from 'vitest';
import { piPlanToolParameters, toPiSchema } from '../../../src/adapters/pi-agent-core/schemas.js';
import { planModeTools, requestApproval, resolveApproval } from '../../../src/index.js';
import { planSession } from '../../helpers.js';
import { plan, scenario, toolResult } from './harness.js';

const names = ['enter_plan_mode', 'exit_plan_mode', 'update_plan'] as const;
const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

// pi's own validation: what its agent loop runs on every tool call before execute().
function piValidate(name: (typeof names)[number], args: Record<string, unknown>) {
  try {
    const tool = { name, description: '', parameters: piPlanToolParameters[name] };
    return {
      ok: true,
      args: validateToolArguments(tool, { type: 'toolCall', id: 'c', name, arguments: args }),
    };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

describe('pi adapter: plan-tool schemas', () => {
  it.each(names)('derives %s from planfirst’s schema without changing the JSON', (name) => {
    expect(json(piPlanToolParameters[name])).toEqual(json(planModeTools[name].parameters));
  });

  it('refuses schema shapes it cannot rebuild faithfully', () => {
    expect(() => toPiSchema({ type: 'null' })).toThrow(/unsupported schema/);
    expect(() => toPiSchema({ const: null })).toThrow(/unsupported/);
    expect(() => toPiSchema([])).toThrow(/JSON schema object/);
  });

  it.each([
    ['exit_plan_mode', plan, true],
    ['exit_plan_mode', { title: 'x', steps: [] }, false],
    ['exit_plan_mode', { title: 'x', steps: [{ text: 'a', status: 'done' }] }, false],
    ['exit_plan_mode', { title: 'x', steps: [{ text: 'a' }], extra: 1 }, false],
    ['exit_plan_mode', { steps: [{ text: 'a' }] }, false],
    ['enter_plan_mode', {}, true],
    ['enter_plan_mode', { reason: '' }, false],
    ['update_plan', { updates: [{ id: '1', status: 'completed' }] }, true],
    ['update_plan', { updates: [{ id: '1', status: 'finished' }] }, false],
  ] as const)('pi validates %s %j → %s', (name, args, ok) => {
    expect(piValidate(name, args).ok).toBe(ok);
  });

  it('lets pi coerce loose model output the way it does for its own schemas', () => {
    // A model sending a step id as a number: pi converts it for pi-built schemas only.
    const args = { updates: [{ id: 2, status: 'completed' }] };
    expect(piValidate('update_plan', args)).toEqual({
      ok: true,
      args: { updates: [{ id: '2', status: 'completed' }] },
    });
    const raw = {
      name: 'update_plan',
      description: '',
      parameters: planModeTools.update_plan.parameters,
    };
    expect(() =>
      validateToolArguments(raw, {
        type: 'toolCall',
        id: 'c',
        name: 'update_plan',
        arguments: args,
      }),
    ).toThrow(/must be string/);
  });

  it('rejects invalid plan-tool arguments inside the real agent loop, before execute', async () => {
    const s = scenario({
      options: { planMode: { enabled: true } },
      responses: [
        fauxAssistantMessage(
          fauxToolCall('exit_plan_mode', { title: 'x', steps: [] }, { id: 'e-1' }),
          {
            stopReason: 'toolUse',
          },
        ),
        fauxAssistantMessage('I need to list at least one step.'),
      ],
    });
    await s.agent.prompt('Plan the fix.');

    const result = toolResult(s.requests[1], 'e-1');
    expect(result?.isError).toBe(true);
    expect(result?.text).toContain('Validation failed for tool "exit_plan_mode"');
    expect(s.store.get().planMode.approval).toBe('none');
    expect(s.events.filter((e) => e.type === 'approval_requested')).toEqual([]);
  });

  it('accepts a step id sent as a number inside the real agent loop', async () => {
    let session = planSession();
    const requested = requestApproval(session, { plan, now: 1, approvalId: 'a-1' });
    if (!requested.applied) throw new Error(requested.message);
    session = resolveApproval(
      requested.state,
      { action: 'approve', approvalId: 'a-1' },
      { now: 2 },
    ).state;
    const s = scenario({
      session,
      responses: [
        fauxAssistantMessage(
          fauxToolCall('update_plan', { updates: [{ id: 1, status: 'completed' }] }, { id: 'u-1' }),
          { stopReason: 'toolUse' },
        ),
        fauxAssistantMessage('Step 1 is done; the test now fails as expected.'),
      ],
    });
    await s.agent.prompt('Go on.');

    expect(toolResult(s.requests[1], 'u-1')?.isError).toBe(false);
    expect(s.store.get().planMode.plan?.steps[0]?.status).toBe('completed');
  });
});
