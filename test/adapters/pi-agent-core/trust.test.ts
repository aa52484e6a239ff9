import { Agent } from '@mariozechner/pi-agent-core';
import { fauxAssistantMessage, fauxToolCall } from '@mariozechner/pi-ai';
import { describe, expect, it } from 'vitest';
import { createPlanfirstPi } from '../../../src/adapters/pi-agent-core/index.js';
import { PlanfirstError } from '../../../src/index.js';
import { plan, scenario } from './harness.js';

// Regression tests: one approvals-callback shape with runAgent, typed errors, a decision
// applied once.

const planning = { planMode: { enabled: true } };
const submit = () =>
  fauxAssistantMessage(fauxToolCall('exit_plan_mode', plan), { stopReason: 'toolUse' });

describe('pi adapter: consistency with runAgent and the other adapters', () => {
  it('the approvals handler takes (request, { signal }), the shape runAgent uses', async () => {
    let seen: AbortSignal | undefined;
    const s = scenario({
      options: planning,
      approvals: async (request, { signal }) => {
        seen = signal;
        return { action: 'approve', approvalId: request.approvalId, then: 'stop' };
      },
      responses: [submit(), fauxAssistantMessage('Waiting for your go.')],
    });
    await s.agent.prompt('Fix it.');
    expect(seen).toBeInstanceOf(AbortSignal);
    expect(seen?.aborted).toBe(false);
    expect(s.store.get().planMode).toMatchObject({ mode: 'normal', approval: 'approved' });
  });

  it('a decision applied twice reports duplicate_decision and injects nothing the second time', async () => {
    const s = scenario({
      options: planning,
      responses: [submit(), fauxAssistantMessage('Waiting for your go.')],
    });
    await s.agent.prompt('Fix it.');
    const pending = s.planfirst.pendingApproval();
    if (pending === undefined) throw new Error('no plan');
    const decision = { action: 'approve', approvalId: pending.approvalId, then: 'stop' } as const;
    expect(await s.planfirst.resolveApproval(decision)).toMatchObject({ applied: true });
    const requests = s.requests.length;
    expect(await s.planfirst.resolveApproval(decision)).toMatchObject({
      applied: false,
      reason: 'duplicate_decision',
    });
    expect(s.requests).toHaveLength(requests);
    const injected = s.events.filter((e) => e.type === 'decision_injected');
    expect(injected).toHaveLength(1);
  });

  it('attaching one adapter to a second agent is a typed error', () => {
    const s = scenario({ options: planning });
    const error = (() => {
      try {
        s.planfirst.attach(new Agent());
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(PlanfirstError);
    expect((error as PlanfirstError).code).toBe('invalid_adapter_use');
  });

  it('a throwing onEvent changes nothing', async () => {
    const s = scenario({ options: planning, responses: [submit()] });
    const agent = new Agent({
      initialState: { model: s.faux.getModel(), systemPrompt: 'You code.', tools: [] },
    });
    const planfirst = createPlanfirstPi({
      store: s.store,
      options: planning,
      onEvent: () => {
        throw new Error('logging is down');
      },
    });
    planfirst.attach(agent);
    await agent.prompt('Fix it.');
    expect(planfirst.outcome().status).toBe('awaiting_approval');
    expect(s.store.get().planMode.approval).toBe('pending');
  });
});
