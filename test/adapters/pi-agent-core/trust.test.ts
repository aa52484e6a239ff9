import { Agent } from '@mariozechner/pi-agent-core';
import { fauxAssistantMessage, fauxText, fauxToolCall } from '@mariozechner/pi-ai';
import { describe, expect, it } from 'vitest';
import { createPlanfirstPi } from '../../../src/adapters/pi-agent-core/index.js';
import { PlanfirstError, resolveOptions, worstCaseModelCalls } from '../../../src/index.js';
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

describe('pi adapter: the run is bounded', () => {
  // A turn that only keeps the plan current (a status line and update_plan): no stall, no work.
  const bookkeeping = () =>
    fauxAssistantMessage(
      [
        fauxText('Plan updated.'),
        fauxToolCall('update_plan', { updates: [{ id: '1', status: 'completed' }] }),
      ],
      { stopReason: 'toolUse' },
    );
  const reading = (n: number) =>
    fauxAssistantMessage([fauxToolCall('read_file', { path: `f${n}.ts` })], {
      stopReason: 'toolUse',
    });

  it.each([
    ['in plan mode', { planMode: { enabled: true } }],
    ['in normal mode', { planMode: { enabled: false } }],
    ['with run.maxBookkeepingTurns 0', { run: { maxBookkeepingTurns: 0 } }],
    ['with run.maxBookkeepingTurns 5', { run: { maxBookkeepingTurns: 5, maxModelCalls: 40 } }],
  ] as const)(
    'a model that only keeps calling update_plan stops within worstCaseModelCalls (%s)',
    async (_name, options) => {
      const s = scenario({ options, responses: Array.from({ length: 60 }, bookkeeping) });
      await s.agent.prompt('Fix it.');
      const limit = resolveOptions(options).run.maxBookkeepingTurns;
      // One turn past the bookkeeping budget, and planfirst refuses the next model call.
      expect(s.requests).toHaveLength(limit + 1);
      expect(s.requests.length).toBeLessThanOrEqual(worstCaseModelCalls(options));
      expect(s.planfirst.outcome()).toEqual({
        status: 'budget_exhausted',
        message: `planfirst: the model only updated its plan for ${limit + 1} turns in a row without doing anything else (run.maxBookkeepingTurns).`,
        modelCalls: limit + 1,
      });
      expect(s.events.filter((e) => e.type === 'budget_exhausted')).toEqual([
        { type: 'budget_exhausted', modelCalls: limit + 1 },
      ]);
    },
  );

  it('a model that keeps working stops at run.maxModelCalls; a new prompt starts a fresh budget', async () => {
    const options = { planMode: { enabled: false }, run: { maxModelCalls: 4 } };
    const s = scenario({ options, responses: Array.from({ length: 20 }, (_, n) => reading(n)) });
    await s.agent.prompt('Read everything.');
    expect(s.requests).toHaveLength(4);
    expect(s.reads).toEqual(['f0.ts', 'f1.ts', 'f2.ts', 'f3.ts']);
    expect(s.planfirst.outcome()).toEqual({
      status: 'budget_exhausted',
      message: 'planfirst: the run reached its limit of 4 model calls (run.maxModelCalls).',
      modelCalls: 4,
    });
    await s.agent.prompt('Go on.');
    expect(s.requests).toHaveLength(8);
  });

  it('a bookkeeping turn between work turns does not count once work resets it', async () => {
    const options = { planMode: { enabled: false }, run: { maxBookkeepingTurns: 1 } };
    const s = scenario({
      options,
      responses: [bookkeeping(), reading(0), bookkeeping(), fauxAssistantMessage('Done.')],
    });
    await s.agent.prompt('Fix it.');
    expect(s.requests).toHaveLength(4);
    expect(s.planfirst.outcome()).toEqual({ status: 'completed' });
  });
});
