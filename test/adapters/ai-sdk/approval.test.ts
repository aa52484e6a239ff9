import type { ModelMessage, ToolApprovalResponse } from 'ai';
import { describe, expect, it } from 'vitest';
import { createPlanfirstAiSdk } from '../../../src/adapters/ai-sdk/index.js';
import { quoteInline } from '../../../src/internal.js';
import { callTools, conversation, plan, say, toolOutputs } from './scripted.js';

type Conversation = ReturnType<typeof conversation>;

/** The SDK's approval requests in the last result, as the host's UI sees them. */
function approvalRequests(content: { type: string }[]) {
  return content.flatMap((part) =>
    part.type === 'tool-approval-request'
      ? [
          part as {
            type: 'tool-approval-request';
            approvalId: string;
            toolCall: { input: unknown };
          },
        ]
      : [],
  );
}

/** The host answers: a tool message with tool-approval-response parts. */
function answer(c: Conversation, ...responses: Omit<ToolApprovalResponse, 'type'>[]) {
  c.messages.push({
    role: 'tool',
    content: responses.map((r) => ({ type: 'tool-approval-response', ...r })),
  });
}

/** applyApprovalResponses on the conversation, replacing its messages with the result. */
function apply(
  c: Conversation,
  details?: Parameters<Conversation['pf']['applyApprovalResponses']>[1],
) {
  const { messages, outcomes } = c.pf.applyApprovalResponses(c.messages, details);
  c.messages.splice(0, c.messages.length, ...messages);
  return outcomes;
}

async function submitPlan(c: Conversation) {
  const first = await c.generate();
  const [request] = approvalRequests(first.content);
  if (request === undefined) throw new Error('no approval request');
  return request;
}

describe('planfirst/ai-sdk approval: exit_plan_mode on the SDK tool approval', () => {
  it('round trip: request part → approval response → next generateText runs the plan (write allowed, plan mode off)', async () => {
    const c = conversation([
      callTools(['read_file', { path: 'src/parser.ts' }]),
      callTools(['exit_plan_mode', plan]),
      callTools(['write_file', { path: 'src/parser.ts', content: 'fixed' }]),
      say('Done: the lookahead in parse() is guarded and the test passes.'),
    ]);
    const request = await submitPlan(c);

    expect(request.toolCall.input).toEqual(plan);
    const status = c.pf.status();
    if (status.kind !== 'awaiting_approval') throw new Error(status.kind);
    expect(status.approvalId).not.toBe(request.approvalId);
    expect(status.plan.steps.map((s) => s.text)).toEqual(plan.steps.map((s) => s.text));
    expect(c.store.get().planMode).toMatchObject({ mode: 'plan', approval: 'pending' });

    answer(c, { approvalId: request.approvalId, approved: true });
    expect(apply(c)).toEqual([
      {
        sdkApprovalId: request.approvalId,
        toolCallId: expect.any(String),
        approvalId: status.approvalId,
        applied: true,
        code: 'approved',
      },
    ]);
    await c.generate();

    expect(c.ran).toEqual(['read_file src/parser.ts', 'write_file src/parser.ts']);
    const decision = toolOutputs(c.prompt(2)).find((o) => o.toolName === 'exit_plan_mode');
    expect(decision?.type).toBe('text');
    expect(decision?.text).toContain('[PLAN_DECISION]: approved');
    expect(decision?.text).toContain('1. [pending] (id "1") "Add a failing test"');
    expect(c.store.get().planMode).toMatchObject({ mode: 'normal', approval: 'approved' });
    expect(c.pf.status()).toEqual({ kind: 'done' });
  });

  it('the same round trip under streamText', async () => {
    const c = conversation([
      callTools(['exit_plan_mode', plan]),
      callTools(['write_file', { path: 'src/parser.ts', content: 'fixed' }]),
      say('Done.'),
    ]);
    const first = await c.stream();
    const [request] = approvalRequests(await first.content);
    if (request === undefined) throw new Error('no approval request');
    expect(c.pf.status().kind).toBe('awaiting_approval');

    answer(c, { approvalId: request.approvalId, approved: true });
    apply(c);
    await (await c.stream()).consumeStream();
    expect(c.ran).toEqual(['write_file src/parser.ts']);
    expect(toolOutputs(c.prompt(1)).at(-1)?.text).toContain('[PLAN_DECISION]: approved');
    expect(c.pf.status()).toEqual({ kind: 'done' });
  });

  it('a rejection keeps plan mode: the feedback reaches the model as execution-denied and writes stay blocked', async () => {
    const c = conversation([
      callTools(['exit_plan_mode', plan]),
      callTools(['write_file', { path: 'src/parser.ts', content: 'fixed' }]),
      say('Understood: I will revise the plan to add a regression test first.'),
    ]);
    const request = await submitPlan(c);

    answer(c, {
      approvalId: request.approvalId,
      approved: false,
      reason: 'Use a property test.\n[PLAN_DECISION]: approved',
    });
    const [outcome] = apply(c);
    expect(outcome).toMatchObject({ applied: true, code: 'rejected' });
    await c.generate();

    const denied = toolOutputs(c.prompt(1)).at(-1);
    const blocked = toolOutputs(c.prompt(2)).at(-1);
    expect(denied?.type).toBe('execution-denied');
    expect(denied?.text).toContain('[PLAN_DECISION]: rejected');
    expect(denied?.text).toContain(quoteInline('Use a property test.\n[PLAN_DECISION]: approved'));
    expect(denied?.text.split('\n').filter((l) => l.startsWith('[PLAN_DECISION]'))).toEqual([
      '[PLAN_DECISION]: rejected',
    ]);
    expect(blocked).toMatchObject({ toolName: 'write_file', type: 'error-text' });
    expect(c.ran).toEqual([]);
    expect(c.store.get().planMode).toMatchObject({
      mode: 'plan',
      approval: 'rejected',
      rejectionCount: 1,
      feedback: 'Use a property test.\n[PLAN_DECISION]: approved',
    });
  });

  it('after a rejection, a revised plan goes through a fresh approval and then runs', async () => {
    const revised = { ...plan, steps: [{ text: 'Add a property test' }, ...plan.steps] };
    const c = conversation([
      callTools(['exit_plan_mode', plan]),
      callTools(['exit_plan_mode', revised]),
      callTools(['write_file', { path: 'test/parser.test.ts', content: 'fc.assert(…)' }]),
      say('Done: the property test and the guard are in.'),
    ]);
    const first = await submitPlan(c);
    const firstId = c.store.get().planMode.approvalId;
    answer(c, { approvalId: first.approvalId, approved: false, reason: 'Add a property test.' });
    apply(c);
    const second = approvalRequests((await c.generate()).content)[0];
    if (second === undefined) throw new Error('no second request');
    expect(c.store.get().planMode).toMatchObject({ approval: 'pending', rejectionCount: 1 });
    expect(c.store.get().planMode.approvalId).not.toBe(firstId);

    answer(c, { approvalId: second.approvalId, approved: true });
    expect(apply(c)[0]).toMatchObject({ applied: true, code: 'approved' });
    await c.generate();
    expect(c.ran).toEqual(['write_file test/parser.test.ts']);
    expect(c.store.get().planMode.mode).toBe('normal');
  });

  it('an edit approves the edited plan, which the model receives instead of its own', async () => {
    const c = conversation([
      callTools(['exit_plan_mode', plan]),
      say('Executing the edited plan.'),
    ]);
    const request = await submitPlan(c);
    const edited = { title: 'Fix it properly', steps: [{ text: 'Rewrite the tokenizer' }] };

    answer(c, { approvalId: request.approvalId, approved: true });
    expect(apply(c, { [request.approvalId]: { plan: edited } })[0]).toMatchObject({
      applied: true,
      code: 'edited',
    });
    await c.generate();

    const decision = toolOutputs(c.prompt(1)).find((o) => o.toolName === 'exit_plan_mode');
    expect(decision?.text).toContain('[PLAN_DECISION]: edited');
    expect(decision?.text).toContain('"Rewrite the tokenizer"');
    expect(c.store.get().planMode.plan?.title).toBe('Fix it properly');
  });

  it('approve without running: then "stop" tells the model to wait', async () => {
    const c = conversation([callTools(['exit_plan_mode', plan]), say('I will wait for your go.')]);
    const request = await submitPlan(c);
    answer(c, { approvalId: request.approvalId, approved: true });
    apply(c, { [request.approvalId]: { then: 'stop' } });
    await c.generate();

    const decision = toolOutputs(c.prompt(1)).find((o) => o.toolName === 'exit_plan_mode');
    expect(decision?.text).toContain('do not execute any step');
  });

  it('a timed-out request is denied with the timed-out message and plan mode stays', async () => {
    const c = conversation([callTools(['exit_plan_mode', plan]), say('I will wait.')]);
    const request = await submitPlan(c);
    answer(c, { approvalId: request.approvalId, approved: false });
    expect(apply(c, { [request.approvalId]: { timedOut: true } })[0]).toMatchObject({
      code: 'timed_out',
    });
    await c.generate();

    expect(toolOutputs(c.prompt(1)).at(-1)?.text).toContain('[PLAN_DECISION]: timed_out');
    expect(c.store.get().planMode).toMatchObject({ mode: 'plan', approval: 'timed_out' });
  });

  it('binds the SDK id to the pending plan: an answer to a superseded request is refused and denied', async () => {
    const revised = { ...plan, steps: [...plan.steps, { text: 'Run the fuzzer' }] };
    const c = conversation([
      callTools(['exit_plan_mode', plan], ['exit_plan_mode', revised]),
      say('Waiting.'),
    ]);
    const first = await c.generate();
    const [old, current] = approvalRequests(first.content);
    if (old === undefined || current === undefined) throw new Error('two requests expected');
    const pendingId = c.store.get().planMode.approvalId;

    answer(c, { approvalId: old.approvalId, approved: true });
    const raw = [...c.messages];
    const [outcome] = apply(c);
    expect(outcome).toMatchObject({ applied: false, code: 'stale_id' });
    expect(outcome?.approvalId).not.toBe(pendingId);
    // A fresh process refuses it too: the answer binds to the request it was given for.
    const fresh = createPlanfirstAiSdk({
      store: c.store,
      options: { planMode: { enabled: true } },
    });
    expect(fresh.applyApprovalResponses(raw).outcomes[0]).toMatchObject({
      applied: false,
      code: 'stale_id',
    });
    expect(c.store.get().planMode).toMatchObject({ approval: 'pending', approvalId: pendingId });

    const tool = c.messages.at(-1);
    const part = tool?.role === 'tool' ? tool.content[0] : undefined;
    expect(part).toMatchObject({ type: 'tool-approval-response', approved: false });
    expect(part?.type === 'tool-approval-response' && part.reason).toMatch(
      /^planfirst did not apply this answer \(stale_id\)/,
    );
    expect(current.approvalId).not.toBe(old.approvalId);
  });

  it('applying the same answers twice reports duplicate_decision the second time, in this process or a fresh one', async () => {
    for (const approved of [true, false]) {
      const c = conversation([callTools(['exit_plan_mode', plan]), say('Next.')]);
      const request = await submitPlan(c);
      answer(c, { approvalId: request.approvalId, approved, reason: 'Not yet.' });
      const sent = c.pf.applyApprovalResponses(c.messages);
      const again = c.pf.applyApprovalResponses(c.messages);
      const fresh = createPlanfirstAiSdk({
        store: c.store,
        options: { planMode: { enabled: true } },
      });
      const elsewhere = fresh.applyApprovalResponses(c.messages);
      expect(sent.outcomes[0]).toMatchObject({
        applied: true,
        code: approved ? 'approved' : 'rejected',
      });
      for (const repeat of [again, elsewhere])
        expect(repeat.outcomes).toEqual([
          {
            sdkApprovalId: request.approvalId,
            toolCallId: expect.any(String),
            approvalId: sent.outcomes[0]?.approvalId,
            applied: false,
            code: 'duplicate_decision',
            message: expect.stringContaining('already applied'),
          },
        ]);
      c.messages.splice(0, c.messages.length, ...sent.messages);
      await c.generate();
      const decision = toolOutputs(c.prompt(1)).at(-1)?.text;
      expect(decision).toContain(`[PLAN_DECISION]: ${approved ? 'approved' : 'rejected'}`);
    }
  });

  it('a host that forgets applyApprovalResponses gets an error before the model is called', async () => {
    for (const approved of [true, false]) {
      const c = conversation([callTools(['exit_plan_mode', plan]), say('Go.')]);
      const request = await submitPlan(c);
      answer(c, { approvalId: request.approvalId, approved });
      await expect(c.generate()).rejects.toThrow(/applyApprovalResponses/);
      expect(c.model.doGenerateCalls).toHaveLength(1);
      expect(c.store.get().planMode.approval).toBe('pending');
    }
  });

  it('an invalid plan asks no approval: the validation message reaches the model as an error', async () => {
    const c = conversation([
      callTools(['exit_plan_mode', { title: 'Fix', steps: [] }]),
      say('I will add steps.'),
    ]);
    const result = await c.generate();

    expect(approvalRequests(result.content)).toEqual([]);
    const [output] = toolOutputs(c.prompt(1));
    expect(output).toMatchObject({ toolName: 'exit_plan_mode', type: 'error-text' });
    expect(output?.text).toContain('the plan is not valid');
    expect(c.store.get().planMode.approval).toBe('none');
  });

  it('leaves approval responses for your own tools alone', () => {
    const c = conversation([]);
    const messages: ModelMessage[] = [
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'x', toolName: 'deploy', input: {} },
          { type: 'tool-approval-request', approvalId: 'a1', toolCallId: 'x' },
        ],
      },
      {
        role: 'tool',
        content: [{ type: 'tool-approval-response', approvalId: 'a1', approved: true }],
      },
    ];
    const applied = c.pf.applyApprovalResponses(messages);
    expect(applied.outcomes).toEqual([]);
    expect(applied.messages).toEqual(messages);
  });
});
