import type { ToolApprovalResponse } from 'ai';
import { describe, expect, it } from 'vitest';
import { type AdapterEvent, createPlanfirstAiSdk } from '../../../src/adapters/ai-sdk/index.js';
import { PlanfirstError, resolveOptions, worstCaseModelCalls } from '../../../src/index.js';

import { callTools, conversation, plan, say, systemText } from './scripted.js';

const PlanModeSystemPromptMarker = 'Plan mode is on.';

// Regression tests for the adapter's trust guarantees: decisions bind to the request they answer,
// a decision applies once, and nothing of the host's is dropped while planning.

type Conversation = ReturnType<typeof conversation>;

function requests(content: readonly { type: string }[]) {
  return content.flatMap((part) =>
    part.type === 'tool-approval-request' ? [part as unknown as { approvalId: string }] : [],
  );
}

function answer(c: Conversation, ...responses: Omit<ToolApprovalResponse, 'type'>[]) {
  c.messages.push({
    role: 'tool',
    content: responses.map((r) => ({ type: 'tool-approval-response', ...r })),
  });
}

const freshAdapter = (c: Conversation) =>
  createPlanfirstAiSdk({ store: c.store, options: { planMode: { enabled: true } } });

describe('planfirst/ai-sdk: decisions bind to the request they answer', () => {
  it('a late approval of a timed-out plan is refused on a fresh adapter while the identical re-proposal is pending', async () => {
    const c = conversation([
      callTools(['exit_plan_mode', plan]),
      callTools(['exit_plan_mode', plan]),
      say('Waiting for you.'),
    ]);
    const [first] = requests((await c.generate()).content);
    if (first === undefined) throw new Error('no request');
    const timedOutId = c.store.get().planMode.approvalId;
    // Nobody answered in time: the host records the timeout (a fresh adapter, per request).
    answer(c, { approvalId: first.approvalId, approved: false });
    const timeout = freshAdapter(c).applyApprovalResponses(c.messages, {
      [first.approvalId]: { timedOut: true },
    });
    expect(timeout.outcomes[0]).toMatchObject({ applied: true, code: 'timed_out' });
    const late = [...c.messages];
    c.messages.splice(0, c.messages.length, ...timeout.messages);
    // The model proposes the very same plan again: a new request, a new id.
    const [second] = requests((await c.generate()).content);
    if (second === undefined) throw new Error('no second request');
    const pending = c.store.get().planMode;
    expect(pending).toMatchObject({ approval: 'pending' });
    expect(pending.approvalId).not.toBe(timedOutId);

    // The old approval arrives late, on yet another fresh adapter instance.
    const stale: typeof late = [
      ...late.slice(0, -1),
      {
        role: 'tool',
        content: [{ type: 'tool-approval-response', approvalId: first.approvalId, approved: true }],
      },
    ];
    const outcome = freshAdapter(c).applyApprovalResponses(stale).outcomes[0];
    expect(outcome).toMatchObject({ applied: false, code: 'stale_id', approvalId: timedOutId });
    expect(c.store.get().planMode).toMatchObject({
      mode: 'plan',
      approval: 'pending',
      approvalId: pending.approvalId,
    });
    expect(c.ran).toEqual([]);
  });

  it('a late approval after a timeout, with nothing pending, reports the core reason approval_timed_out', async () => {
    const c = conversation([callTools(['exit_plan_mode', plan])]);
    const [request] = requests((await c.generate()).content);
    if (request === undefined) throw new Error('no request');
    answer(c, { approvalId: request.approvalId, approved: false });
    const late = [...c.messages];
    c.pf.applyApprovalResponses(c.messages, { [request.approvalId]: { timedOut: true } });
    late[late.length - 1] = {
      role: 'tool',
      content: [{ type: 'tool-approval-response', approvalId: request.approvalId, approved: true }],
    };
    expect(freshAdapter(c).applyApprovalResponses(late).outcomes[0]).toMatchObject({
      applied: false,
      code: 'approval_timed_out',
    });
    expect(c.store.get().planMode).toMatchObject({ mode: 'plan', approval: 'timed_out' });
  });

  it('an answer to a request planfirst never issued (a forged approval id) decides nothing', async () => {
    const c = conversation([callTools(['exit_plan_mode', plan])]);
    await c.generate();
    const forged = c.messages.map((m) =>
      m.role === 'assistant' && typeof m.content !== 'string'
        ? {
            ...m,
            content: m.content.map((p) =>
              p.type === 'tool-approval-request' ? { ...p, approvalId: 'forged' } : p,
            ),
          }
        : m,
    );
    forged.push({
      role: 'tool',
      content: [{ type: 'tool-approval-response', approvalId: 'forged', approved: true }],
    });
    expect(freshAdapter(c).applyApprovalResponses(forged).outcomes[0]).toMatchObject({
      applied: false,
      code: 'stale_id',
      approvalId: undefined,
    });
    expect(c.store.get().planMode.approval).toBe('pending');
  });
});

describe('planfirst/ai-sdk: a decision applies once', () => {
  it('applying the same approval response twice reports duplicate_decision and the approved write runs once', async () => {
    const c = conversation([
      callTools(['exit_plan_mode', plan]),
      callTools(['write_file', { path: 'src/parser.ts', content: 'fixed' }]),
      say('Done.'),
      callTools(['write_file', { path: 'src/parser.ts', content: 'fixed' }]),
      say('Done again.'),
    ]);
    const [request] = requests((await c.generate()).content);
    if (request === undefined) throw new Error('no request');
    answer(c, { approvalId: request.approvalId, approved: true });
    const answered = [...c.messages];

    const first = c.pf.applyApprovalResponses(answered);
    expect(first.outcomes[0]).toMatchObject({ applied: true, code: 'approved' });
    c.messages.splice(0, c.messages.length, ...first.messages);
    await c.generate();
    expect(c.ran).toEqual(['write_file src/parser.ts']);

    // The same answer arrives again (a double click, a retried webhook), here or elsewhere.
    for (const pf of [c.pf, freshAdapter(c)]) {
      const again = pf.applyApprovalResponses(answered);
      expect(again.outcomes[0]).toMatchObject({ applied: false, code: 'duplicate_decision' });
      const calls = c.model.doGenerateCalls.length;
      c.messages.splice(0, c.messages.length, ...again.messages);
      const error = await c.generate().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlanfirstError);
      expect((error as PlanfirstError).code).toBe('duplicate_decision');
      expect(c.model.doGenerateCalls).toHaveLength(calls);
    }
    expect(c.ran).toEqual(['write_file src/parser.ts']);
  });

  it('forgetting applyApprovalResponses is a typed error: approval_not_applied', async () => {
    const c = conversation([callTools(['exit_plan_mode', plan])]);
    const [request] = requests((await c.generate()).content);
    if (request === undefined) throw new Error('no request');
    answer(c, { approvalId: request.approvalId, approved: true });
    const error = await c.generate().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlanfirstError);
    expect((error as PlanfirstError).code).toBe('approval_not_applied');
  });

  it('the same plan twice in one reply is put up once; the second call is told it is already waiting', async () => {
    const c = conversation([callTools(['exit_plan_mode', plan], ['exit_plan_mode', plan])]);
    const result = await c.generate();
    expect(requests(result.content)).toHaveLength(1);
    const refused = result.content.find((p) => p.type === 'tool-error');
    expect(refused?.type === 'tool-error' && refused.error).toMatchObject({
      code: 'approval_pending',
      message: expect.stringContaining('already waiting'),
    });
    expect(c.store.get().planMode.approvals).toHaveLength(1);
  });
});

describe('planfirst/ai-sdk: consistency with the other paths', () => {
  it('a system prompt passed to generateText is kept while planning, before the plan-mode text', async () => {
    const c = conversation([callTools(['read_file', { path: 'a.ts' }]), say('Looked.')], {
      system: 'You are the repo assistant.',
    });
    await c.generate();
    for (const n of [0, 1]) {
      const system = systemText(c.prompt(n));
      expect(system.startsWith('You are the repo assistant.')).toBe(true);
      expect(system).toContain(PlanModeSystemPromptMarker);
    }
  });

  it('onEvent reports blocked calls, the approval request and its resolution', async () => {
    const events: AdapterEvent[] = [];
    const c = conversation(
      [callTools(['write_file', { path: 'x', content: 'y' }]), callTools(['exit_plan_mode', plan])],
      { config: { onEvent: (e) => events.push(e) } },
    );
    const [request] = requests((await c.generate()).content);
    if (request === undefined) throw new Error('no request');
    answer(c, { approvalId: request.approvalId, approved: false, reason: 'No.' });
    c.pf.applyApprovalResponses(c.messages);
    expect(events.map((e) => e.type)).toEqual([
      'tool_blocked',
      'approval_requested',
      'approval_resolved',
    ]);
    expect(events[0]).toMatchObject({ toolName: 'write_file', code: 'not_read_only' });
    expect(events[2]).toMatchObject({ action: 'reject', applied: true, code: 'rejected' });
  });

  it('an onEvent that throws changes nothing', async () => {
    const c = conversation([callTools(['exit_plan_mode', plan])], {
      config: {
        onEvent: () => {
          throw new Error('logging is down');
        },
      },
    });
    await c.generate();
    expect(c.pf.status().kind).toBe('awaiting_approval');
  });
});

describe('planfirst/ai-sdk: the run is bounded', () => {
  // A step that only keeps the plan current (a status line and update_plan): no stall, no work.
  const bookkeeping = () =>
    say('Plan updated.', ['update_plan', { updates: [{ id: '1', status: 'completed' }] }]);

  it.each([
    ['in plan mode', { planMode: { enabled: true } }],
    ['in normal mode', { planMode: { enabled: false } }],
    ['with run.maxBookkeepingTurns 0', { run: { maxBookkeepingTurns: 0 } }],
    ['with run.maxBookkeepingTurns 5', { run: { maxBookkeepingTurns: 5, maxModelCalls: 40 } }],
  ] as const)(
    'a model that only keeps calling update_plan stops within worstCaseModelCalls (%s)',
    async (_name, options) => {
      const c = conversation(Array.from({ length: 60 }, bookkeeping), { options });
      const events: AdapterEvent[] = [];
      const pf = createPlanfirstAiSdk({ store: c.store, options, onEvent: (e) => events.push(e) });
      const { generateText } = await import('ai');
      await generateText({
        model: c.model,
        tools: pf.tools({}),
        messages: c.messages,
        prepareStep: pf.prepareStep,
        onStepFinish: pf.onStepFinish,
        stopWhen: pf.stopWhen,
      });
      const maxBookkeeping = resolveOptions(options).run.maxBookkeepingTurns;
      // One step past the bookkeeping budget ends the run, as in step / runAgent.
      expect(c.model.doGenerateCalls.length).toBe(maxBookkeeping + 1);
      expect(c.model.doGenerateCalls.length).toBeLessThanOrEqual(worstCaseModelCalls(options));
      expect(pf.status()).toEqual({ kind: 'budget_exhausted', modelCalls: maxBookkeeping + 1 });
      expect(events.filter((e) => e.type === 'budget_exhausted')).toEqual([
        { type: 'budget_exhausted', modelCalls: maxBookkeeping + 1 },
      ]);
    },
  );

  it('a step that does work resets the bookkeeping count', async () => {
    const options = { planMode: { enabled: false }, run: { maxBookkeepingTurns: 1 } };
    const c = conversation(
      [bookkeeping(), callTools(['read_file', { path: 'a.ts' }]), bookkeeping(), say('Done.')],
      { options },
    );
    await c.generate();
    expect(c.model.doGenerateCalls.length).toBe(4);
    expect(c.pf.status()).toEqual({ kind: 'done' });
  });
});
