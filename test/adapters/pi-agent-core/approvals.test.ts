import { Agent, type AgentMessage } from '@mariozechner/pi-agent-core';
import { fauxAssistantMessage, fauxToolCall } from '@mariozechner/pi-ai';
import { describe, expect, it } from 'vitest';
import { createPlanfirstPi } from '../../../src/adapters/pi-agent-core/index.js';
import { memorySessionStore, parseSession } from '../../../src/index.js';
import { hostTools, lastUserText, plan, type Request, scenario, script } from './harness.js';

const planning = { planMode: { enabled: true } };
const submit = () =>
  fauxAssistantMessage(fauxToolCall('exit_plan_mode', plan), { stopReason: 'toolUse' });
const write = () =>
  fauxAssistantMessage(fauxToolCall('write_file', { path: 'src/parse.ts', content: 'ok' }), {
    stopReason: 'toolUse',
  });

describe('pi adapter: parked approvals', () => {
  it('parks without a handler and resumes after a JSON round trip of session and transcript', async () => {
    const first = scenario({ options: planning, responses: [submit()] });
    await first.agent.prompt('Fix the crash in parse().');

    const outcome = first.planfirst.outcome();
    expect(outcome.status).toBe('awaiting_approval');
    const pending = first.planfirst.pendingApproval();
    expect(pending?.plan.title).toBe(plan.title);
    expect(outcome).toEqual({ status: 'awaiting_approval', ...pending });
    expect(first.requests).toHaveLength(1);

    // The host stores both as JSON, and the process ends.
    const savedSession = JSON.stringify(first.store.get());
    const savedTranscript = JSON.stringify(first.agent.state.messages);

    // Later, elsewhere: a new store, agent and adapter from the stored JSON.
    const store = memorySessionStore(parseSession(savedSession));
    const log = { reads: [] as string[], writes: [] as string[], commands: [] as string[] };
    const agent = new Agent({
      initialState: {
        model: first.faux.getModel(),
        systemPrompt: 'You are a coding agent.',
        tools: hostTools(log),
        messages: JSON.parse(savedTranscript) as AgentMessage[],
      },
    });
    // A minute after the request (1_000): well within the approval deadline.
    const planfirst = createPlanfirstPi({ store, options: planning, now: () => 61_000 });
    planfirst.attach(agent);
    const requests: Request[] = [];
    script({ faux: first.faux, requests }, [write(), fauxAssistantMessage('Done.')]);

    const result = await planfirst.resolveApproval({
      action: 'approve',
      approvalId: pending?.approvalId ?? '',
    });

    expect(result).toMatchObject({ applied: true, code: 'approved' });
    expect(result.applied && result.decisionMessage?.kind).toBe('plan_approved');
    expect(lastUserText(requests[0])).toContain('[PLAN_DECISION]: approved');
    expect(requests[0]?.systemPrompt).toBe('You are a coding agent.');
    expect(log.writes).toEqual(['src/parse.ts']);
    expect(planfirst.outcome()).toEqual({ status: 'completed' });
    expect(store.get().planMode).toMatchObject({ mode: 'normal', approval: 'approved' });
  });

  it('ignores a stale decision without calling the model', async () => {
    const s = scenario({ options: planning, responses: [submit()] });
    await s.agent.prompt('Fix it.');
    const before = s.store.get();

    const result = await s.planfirst.resolveApproval({ action: 'approve', approvalId: 'other' });

    expect(result).toMatchObject({ applied: false, reason: 'stale_id' });
    expect(s.store.get()).toBe(before);
    expect(s.requests).toHaveLength(1);
  });

  it('sends a rejection to a parked run, which revises in plan mode', async () => {
    const s = scenario({ options: planning, responses: [submit()] });
    await s.agent.prompt('Fix it.');
    const approvalId = s.planfirst.pendingApproval()?.approvalId ?? '';
    script(s, [fauxAssistantMessage('What should the regression test cover?')]);

    const result = await s.planfirst.resolveApproval({
      action: 'reject',
      approvalId,
      feedback: 'Too vague.',
    });

    expect(result).toMatchObject({ applied: true, code: 'rejected' });
    expect(lastUserText(s.requests[1])).toContain('"Too vague."');
    expect(s.requests[1]?.systemPrompt).toContain('Plan mode is on.');
    expect(s.store.get().planMode).toMatchObject({ mode: 'plan', approval: 'rejected' });
    expect(s.planfirst.outcome()).toEqual({ status: 'completed' });
  });

  it('never takes chat text as an approval while a plan is pending', async () => {
    const s = scenario({ options: planning, responses: [submit()] });
    await s.agent.prompt('Fix it.');
    script(s, [write(), fauxAssistantMessage('The plan is waiting for your decision.')]);

    await s.agent.prompt('ok go');

    expect(s.writes).toEqual([]);
    expect(s.store.get().planMode).toMatchObject({ mode: 'plan', approval: 'pending' });
    expect(s.planfirst.outcome().status).toBe('awaiting_approval');
  });
});

describe('pi adapter: approval handlers', () => {
  it('turns a handler that outlives approvalTimeoutMs into a timeout the model hears about', async () => {
    const s = scenario({
      options: { planMode: { enabled: true, approvalTimeoutMs: 20 } },
      approvals: () => new Promise(() => {}),
      responses: [submit(), fauxAssistantMessage('I will wait for you to review the plan.')],
    });
    await s.agent.prompt('Fix it.');

    expect(lastUserText(s.requests[1])).toContain('[PLAN_DECISION]: timed_out');
    expect(s.store.get().planMode).toMatchObject({ mode: 'plan', approval: 'timed_out' });
    expect(s.events).toContainEqual(
      expect.objectContaining({ type: 'approval_resolved', action: 'timeout', applied: true }),
    );
  });

  it('parks the plan when the handler throws', async () => {
    const s = scenario({
      options: planning,
      approvals: async () => {
        throw new Error('UI offline');
      },
      responses: [submit()],
    });
    await s.agent.prompt('Fix it.');

    expect(s.planfirst.outcome().status).toBe('awaiting_approval');
    expect(s.events).toContainEqual(expect.objectContaining({ type: 'approval_failed' }));
    expect(s.store.get().planMode.approval).toBe('pending');
  });

  it('parks the plan when the agent is aborted while the handler waits', async () => {
    let signalSeen: AbortSignal | undefined;
    const s = scenario({
      options: planning,
      approvals: (_request, signal) => {
        signalSeen = signal;
        s.agent.abort();
        return new Promise(() => {});
      },
      responses: [submit()],
    });
    await s.agent.prompt('Fix it.');

    expect(signalSeen?.aborted).toBe(true);
    expect(s.planfirst.outcome().status).toBe('awaiting_approval');
    expect(s.store.get().planMode.approval).toBe('pending');
  });

  it('approves without executing when the decision says then: stop', async () => {
    const s = scenario({
      options: planning,
      approvals: async () => ({ action: 'approve', then: 'stop' }),
      responses: [submit(), fauxAssistantMessage('Understood; tell me when to start.')],
    });
    await s.agent.prompt('Fix it.');

    expect(lastUserText(s.requests[1])).toContain('do not execute any step');
    expect(s.store.get().planMode).toMatchObject({ mode: 'normal', afterApproval: 'stop' });
    expect(s.writes).toEqual([]);
  });

  it('applies an edited plan from the handler', async () => {
    const edited = { title: 'Edited by the user', steps: [{ text: 'Only add the test' }] };
    const s = scenario({
      options: planning,
      approvals: async () => ({ action: 'edit', plan: edited }),
      responses: [submit(), fauxAssistantMessage('Adding the test as edited.')],
    });
    await s.agent.prompt('Fix it.');

    expect(lastUserText(s.requests[1])).toContain('[PLAN_DECISION]: edited');
    expect(lastUserText(s.requests[1])).toContain('Only add the test');
    expect(s.store.get().planMode.plan?.title).toBe('Edited by the user');
  });

  it('keeps the plan pending when the handler answers with an invalid edit', async () => {
    const s = scenario({
      options: planning,
      approvals: async () => ({ action: 'edit', plan: { title: 'No steps', steps: [] } }),
      responses: [submit()],
    });
    await s.agent.prompt('Fix it.');

    expect(s.planfirst.outcome().status).toBe('awaiting_approval');
    expect(s.events).toContainEqual(
      expect.objectContaining({ type: 'approval_resolved', applied: false, code: 'invalid_plan' }),
    );
    expect(s.requests).toHaveLength(1);
  });
});
