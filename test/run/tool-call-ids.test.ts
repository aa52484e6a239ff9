import { describe, expect, it } from 'vitest';
import {
  type AssistantMessage,
  createSession,
  parseSession,
  type RunEvent,
  runAgent,
  step,
  type ToolCallBlock,
} from '../../src/index.js';
import { assistant, scriptedModel } from '../../src/testing/index.js';
import { definitions, recordingTools } from './fixtures.js';

const options = { planMode: { enabled: true } };

function withIds(ids: (string | undefined | null | number)[]): AssistantMessage {
  const calls = [
    { name: 'read_file', input: { path: 'a.ts' } },
    { name: 'write_file', input: { path: 'a.ts', content: 'x' } },
    { name: 'bash', input: { command: 'rm -rf build' } },
  ];
  return {
    role: 'assistant',
    stopReason: 'tool_use',
    content: calls.map((c, i) => {
      const id = ids[i];
      return {
        type: 'tool_call',
        ...(id === undefined ? {} : { id }),
        name: c.name,
        input: c.input,
      } as ToolCallBlock;
    }),
  };
}

describe('tool-call ids never decide what runs', () => {
  for (const [label, ids] of [
    ['repeated', ['same', 'same', 'same']],
    ['empty', ['', '', '']],
    ['missing', [undefined, undefined, undefined]],
    ['null or numeric', [null, 7, 7]],
    ['mixed', ['same', '', 'same']],
  ] as const) {
    it(`gates every call of a message with ${label} ids on its own, in plan mode`, async () => {
      const tools = recordingTools();
      const events: RunEvent[] = [];
      const result = await runAgent(
        {
          model: scriptedModel([withIds([...ids]), assistant('Looked around.')]),
          tools,
          options,
          onEvent: (e) => events.push(e),
        },
        createSession(options),
        { message: 'clean up' },
      );
      expect(tools.executed.map((c) => c.name)).toEqual(['read_file']);
      expect(events.filter((e) => e.type === 'tool_blocked').map((e) => e.name)).toEqual([
        'write_file',
        'bash',
      ]);
      const session = parseSession(JSON.parse(JSON.stringify(result.session)));
      const call = session.messages.find((m) => m.role === 'assistant') as AssistantMessage;
      const callIds = call.content.flatMap((b) => (b.type === 'tool_call' ? [b.id] : []));
      expect(new Set(callIds).size).toBe(3);
      const results = session.messages.flatMap((m) => (m.role === 'tool' ? [m] : []));
      expect(results.map((r) => [r.toolCallId, r.toolName, r.isError])).toEqual([
        [callIds[0], 'read_file', false],
        [callIds[1], 'write_file', true],
        [callIds[2], 'bash', true],
      ]);
    });
  }

  it('executes every call of a message with repeated ids in normal mode, each once', async () => {
    const tools = recordingTools();
    await runAgent(
      {
        model: scriptedModel([withIds(['same', 'same', 'same']), assistant('Done.')]),
        tools,
        options: {},
      },
      createSession(),
      { message: 'clean up' },
    );
    expect(tools.executed.map((c) => c.name)).toEqual(['read_file', 'write_file', 'bash']);
    expect(new Set(tools.executed.map((c) => c.id)).size).toBe(3);
  });

  it('keeps unique non-empty ids as the model sent them', () => {
    const r = step(
      step(createSession(), { type: 'user_message', content: 'go', now: 1 }, { tools: definitions })
        .session,
      { type: 'model_response', message: withIds(['a', 'b', 'c']), now: 2 },
      { tools: definitions },
    );
    expect(r.effect.type === 'execute_tools' && r.effect.calls.map((c) => c.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});

describe('a message with many tool calls', () => {
  it('answers each of 10 000 calls once, in order, whatever their ids', () => {
    const n = 10_000;
    const message: AssistantMessage = {
      role: 'assistant',
      stopReason: 'tool_use',
      content: Array.from({ length: n }, (_, i) => ({
        type: 'tool_call' as const,
        id: i % 2 === 0 ? 'dup' : `c${i}`,
        name: i % 3 === 0 ? 'write_file' : 'read_file',
        input: { path: `f${i}` },
      })),
    };
    const context = { tools: definitions, options };
    let r = step(createSession(options), { type: 'user_message', content: 'go', now: 1 }, context);
    r = step(r.session, { type: 'model_response', message, now: 2 }, context);
    if (r.effect.type !== 'execute_tools') throw new Error(r.effect.type);
    const handed = r.effect.calls;
    expect(handed.every((c) => c.name === 'read_file')).toBe(true);
    const results = handed.map((c) => ({
      toolCallId: c.id,
      content: `ok ${c.id}`,
      isError: false,
    }));
    r = step(r.session, { type: 'tool_results', results, now: 3 }, context);
    const tool = r.session.messages.flatMap((m) => (m.role === 'tool' ? [m] : []));
    expect(tool).toHaveLength(n);
    expect(new Set(tool.map((t) => t.toolCallId)).size).toBe(n);
    expect(tool.filter((t) => !t.isError)).toHaveLength(handed.length);
  });
});

describe('the ids planfirst gives', () => {
  // After the user's message the model's reply is message 1; positions count tool calls only.
  function handedIds(message: unknown): string[] {
    const context = { tools: definitions };
    const started = step(createSession(), { type: 'user_message', message: 'go', now: 1 }, context);
    const r = step(
      started.session,
      { type: 'model_response', message: message as AssistantMessage, now: 2 },
      context,
    );
    if (r.effect.type !== 'execute_tools') throw new Error(r.effect.type);
    return r.effect.calls.map((c) => c.id);
  }
  const read = (id: unknown) => ({
    type: 'tool_call',
    id,
    name: 'read_file',
    input: { path: 'a' },
  });

  it('are planfirst-call-<message>-<position>: the first use of an id keeps it, a taken one gets a suffix', () => {
    const message = {
      role: 'assistant',
      stopReason: 'tool_use',
      content: [
        { type: 'text', text: 'Reading.' },
        { type: 'thinking', thinking: 'which files' },
        read('same'),
        read(''),
        read('same'),
        read('planfirst-call-1-2'),
      ],
    };
    expect(handedIds(message)).toEqual([
      'same',
      'planfirst-call-1-1',
      'planfirst-call-1-2-2',
      'planfirst-call-1-2',
    ]);
  });

  it('are given the same way when the response is not plain data (a class instance)', () => {
    class Block {
      constructor(
        readonly type: string,
        readonly id: unknown,
        readonly name: string,
        readonly input: unknown,
      ) {}
    }
    class Response {
      readonly role = 'assistant';
      readonly stopReason = 'tool_use';
      constructor(readonly content: unknown[]) {}
    }
    const message = new Response([
      { type: 'text', text: 'Reading.' },
      new Block('tool_call', 7, 'read_file', { path: 'a' }),
      new Block('tool_call', 'kept', 'read_file', { path: 'b' }),
      new Block('tool_call', undefined, 'read_file', { path: 'c' }),
    ]);
    expect(handedIds(message)).toEqual(['planfirst-call-1-0', 'kept', 'planfirst-call-1-2']);
  });
});

describe('why a model response cannot be read', () => {
  function errorText(message: unknown): string {
    const started = step(createSession(), { type: 'user_message', message: 'go', now: 1 }, {});
    const r = step(
      started.session,
      { type: 'model_response', message: message as AssistantMessage, now: 2 },
      {},
    );
    if (r.effect.type !== 'finish') throw new Error(r.effect.type);
    expect(r.effect.outcome.status).toBe('error');
    return r.effect.outcome.text ?? '';
  }

  it('names the first three failing fields, no more', () => {
    const text = errorText({
      role: 'assistant',
      stopReason: 'tool_use',
      content: [1, 2, 3, 4, 5].map(() => ({ type: 'tool_use' })),
    });
    expect(text).toContain('content.0.type:');
    expect(text).toContain('content.2.type:');
    expect(text).not.toContain('content.3');
    expect(text.match(/content\.\d\.type:/g)).toHaveLength(3);
  });

  it('says it could not be read when every field access throws', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('no');
        },
        getPrototypeOf() {
          throw new Error('no');
        },
      },
    );
    expect(errorText(hostile)).toContain('(it could not be read)');
  });

  it('says it could not be copied when it reads as a message only the second time', () => {
    let reads = 0;
    const flaky = {
      role: 'assistant',
      stopReason: 'stop',
      get content() {
        reads++;
        if (reads === 1) throw new Error('first read');
        return [{ type: 'text', text: 'hi' }];
      },
    };
    expect(errorText(flaky)).toContain('(it could not be copied as plain data)');
  });
});
