import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  createSession,
  memoryVersionedStore,
  type RunEvent,
  runAgent,
  runStored,
  type SessionState,
  step,
  type ToolCallBlock,
} from '../../src/index.js';
import { assistant, scriptedModel, toolCall } from '../../src/testing/index.js';
import { definitions } from './fixtures.js';

const calls = () =>
  assistant(
    toolCall('read_file', { path: 'a' }, 'a'),
    toolCall('read_file', { path: 'b' }, 'b'),
    toolCall('read_file', { path: 'c' }, 'c'),
  );

/**
 * Tools where `a` finishes at once, `b` aborts the run and then finishes anyway (it ignores the
 * signal), and `c` honours the signal (throws once it fired).
 */
function abortingTools(controller: AbortController) {
  const executed: string[] = [];
  return {
    executed,
    definitions,
    execute: async (call: ToolCallBlock, { signal }: { signal: AbortSignal }) => {
      executed.push(call.id);
      if (call.id === 'b') {
        controller.abort();
        await new Promise((r) => setTimeout(r, 1));
        return 'b finished regardless';
      }
      if (call.id === 'c' && signal.aborted) throw new Error('aborted');
      return `${call.id} done`;
    },
  };
}

function toolMessages(session: SessionState) {
  return session.messages.flatMap((m) =>
    m.role === 'tool' ? [[m.toolCallId, m.content, m.isError] as const] : [],
  );
}

const aborted = 'Aborted before this tool ran to completion.';

describe('an abort keeps the results in hand', () => {
  for (const parallel of [false, true]) {
    it(`runAgent keeps completed results and reports them (${parallel ? 'parallel' : 'sequential'})`, async () => {
      const controller = new AbortController();
      const tools = abortingTools(controller);
      const events: RunEvent[] = [];
      const options = { run: { parallelToolCalls: parallel } };
      const result = await runAgent(
        {
          model: scriptedModel([calls()]),
          tools,
          options,
          signal: controller.signal,
          onEvent: (e) => events.push(e),
        },
        createSession(options),
        { message: 'read' },
      );
      expect(result.status).toBe('aborted');
      expect(toolMessages(result.session)).toEqual([
        ['a', 'a done', false],
        ['b', 'b finished regardless', false],
        ['c', aborted, true],
      ]);
      expect(events.filter((e) => e.type === 'tool_executed').map((e) => e.toolCallId)).toEqual([
        'a',
        'b',
      ]);
      expect(events.some((e) => e.type === 'model_called' && e.call === 2)).toBe(false);
    });

    it(`runStored keeps completed results and reports them (${parallel ? 'parallel' : 'sequential'})`, async () => {
      const controller = new AbortController();
      const tools = abortingTools(controller);
      const events: RunEvent[] = [];
      const store = memoryVersionedStore();
      const out = await runStored(
        {
          store,
          model: scriptedModel([calls()]),
          tools,
          options: { run: { parallelToolCalls: parallel } },
          signal: controller.signal,
          onEvent: (e) => events.push(e),
        },
        's',
        { message: 'read' },
      );
      if (out.outcome !== 'ran') throw new Error(out.outcome);
      expect(out.result.status).toBe('aborted');
      const saved = await store.load('s');
      expect(toolMessages(saved?.record.session as SessionState)).toEqual([
        ['a', 'a done', false],
        ['b', 'b finished regardless', false],
        ['c', aborted, true],
      ]);
      expect(saved?.record.intents).toBeUndefined();
      expect(events.filter((e) => e.type === 'tool_executed').map((e) => e.toolCallId)).toEqual([
        'a',
        'b',
      ]);
      expect(events.filter((e) => e.type === 'model_called')).toHaveLength(1);
    });
  }

  it('step: an abort with results records them and aborts only the rest', () => {
    const context = { tools: definitions };
    let r = step(createSession(), { type: 'user_message', content: 'go', now: 1 }, context);
    r = step(r.session, { type: 'model_response', message: calls(), now: 2 }, context);
    r = step(
      r.session,
      { type: 'abort', results: [{ toolCallId: 'b', content: 'b ok', isError: false }], now: 3 },
      context,
    );
    expect(r.effect).toEqual({ type: 'finish', outcome: { status: 'aborted' } });
    expect(toolMessages(r.session)).toEqual([
      ['a', aborted, true],
      ['b', 'b ok', false],
      ['c', aborted, true],
    ]);
    expect(r.events.map((e) => e.type)).toEqual(['tool_executed', 'run_finished']);
  });
});

describe('an abort from inside onEvent is honoured at once', () => {
  it('runAgent: the model is not called after onEvent aborts on model_called', async () => {
    const controller = new AbortController();
    let modelCalls = 0;
    const result = await runAgent(
      {
        model: async () => {
          modelCalls++;
          return assistant('hi');
        },
        tools: { definitions, execute: async () => 'ok' },
        signal: controller.signal,
        onEvent: (e) => {
          if (e.type === 'model_called') controller.abort();
        },
      },
      createSession(),
      { message: 'hello' },
    );
    expect(modelCalls).toBe(0);
    expect(result.status).toBe('aborted');
  });

  it('runAgent: the approvals handler is not called after onEvent aborts on approval_requested', async () => {
    const controller = new AbortController();
    let asked = 0;
    const options = { planMode: { enabled: true } };
    const result = await runAgent(
      {
        model: scriptedModel([
          assistant(toolCall('exit_plan_mode', { title: 'P', steps: [{ text: 's' }] })),
        ]),
        tools: { definitions, execute: async () => 'ok' },
        options,
        approvals: async () => {
          asked++;
          return new Promise(() => undefined);
        },
        signal: controller.signal,
        onEvent: (e) => {
          if (e.type === 'approval_requested') controller.abort();
        },
      },
      createSession(options),
      { message: 'plan it' },
    );
    expect(asked).toBe(0);
    expect(result).toMatchObject({ status: 'aborted', reason: 'aborted_while_awaiting_approval' });
  });

  it('runStored: the model is not called after onEvent aborts on model_called', async () => {
    const controller = new AbortController();
    let modelCalls = 0;
    const out = await runStored(
      {
        store: memoryVersionedStore(),
        model: async () => {
          modelCalls++;
          return assistant('hi');
        },
        tools: { definitions, execute: async () => 'ok' },
        signal: controller.signal,
        onEvent: (e) => {
          if (e.type === 'model_called') controller.abort();
        },
      },
      's',
      { message: 'hello' },
    );
    expect(modelCalls).toBe(0);
    expect(out.outcome === 'ran' && out.result.status).toBe('aborted');
  });

  it('leaves no abort listener on the host signal, however many approvals and calls', async () => {
    const controller = new AbortController();
    const options = { planMode: { enabled: true } };
    const plan = (n: number) =>
      assistant(toolCall('exit_plan_mode', { title: `P${n}`, steps: [{ text: 's' }] }));
    let session = createSession(options);
    for (let n = 0; n < 15; n++) {
      const result = await runAgent(
        {
          model: scriptedModel([plan(n), assistant('Revised later.')]),
          tools: { definitions, execute: async () => 'ok' },
          options,
          approvals: async (request) => ({
            action: 'reject',
            approvalId: request.approvalId,
            feedback: 'no',
          }),
          signal: controller.signal,
        },
        session,
        { message: `plan ${n}` },
      );
      session = result.session;
    }
    const store = memoryVersionedStore();
    for (let n = 0; n < 15; n++)
      await runStored(
        {
          store,
          model: scriptedModel([assistant(toolCall('read_file', {}, `r${n}`)), assistant('ok')]),
          tools: { definitions, execute: async () => 'ok' },
          signal: controller.signal,
        },
        's',
        { message: `read ${n}` },
      );
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
