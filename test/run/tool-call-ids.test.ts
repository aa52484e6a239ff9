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
