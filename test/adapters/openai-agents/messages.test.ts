import type { AgentInputItem } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import {
  parseArguments,
  toNeutralMessages,
  withoutNulls,
} from '../../../src/adapters/openai-agents/messages.js';

describe('SDK items → planfirst neutral messages', () => {
  it('groups one response’s reasoning, text and calls into one assistant message', () => {
    const items: AgentInputItem[] = [
      { type: 'message', role: 'user', content: 'Fix a.ts' },
      { type: 'reasoning', content: [{ type: 'input_text', text: 'look first' }] },
      {
        type: 'message',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'Reading a.ts.' }],
      },
      {
        type: 'function_call',
        callId: 'c1',
        name: 'read_file',
        arguments: '{"path":"a.ts"}',
      },
      {
        type: 'function_call_result',
        callId: 'c1',
        name: 'read_file',
        status: 'completed',
        output: { type: 'text', text: 'const a = 1;' },
      },
      {
        type: 'message',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'Done.' }],
      },
    ];
    expect(toNeutralMessages(items)).toEqual([
      { role: 'user', content: 'Fix a.ts' },
      {
        role: 'assistant',
        stopReason: 'tool_use',
        content: [
          { type: 'thinking', thinking: 'look first' },
          { type: 'text', text: 'Reading a.ts.' },
          { type: 'tool_call', id: 'c1', name: 'read_file', input: { path: 'a.ts' } },
        ],
      },
      {
        role: 'tool',
        toolCallId: 'c1',
        toolName: 'read_file',
        content: 'const a = 1;',
        isError: false,
      },
      { role: 'assistant', stopReason: 'stop', content: [{ type: 'text', text: 'Done.' }] },
    ]);
  });

  it('marks results of calls the gate blocked as errors, and namespaces tool names', () => {
    const items: AgentInputItem[] = [
      { type: 'function_call', callId: 'w', name: 'write', namespace: 'fs', arguments: '{}' },
      {
        type: 'function_call_result',
        callId: 'w',
        name: 'write',
        namespace: 'fs',
        status: 'completed',
        output: 'blocked',
      },
    ];
    const [call, result] = toNeutralMessages(items, new Set(['w']));
    expect(call).toMatchObject({ content: [{ type: 'tool_call', name: 'fs.write' }] });
    expect(result).toMatchObject({ role: 'tool', toolName: 'fs.write', isError: true });
  });

  it('maps a truncated reply to stop reason length and a refusal to visible text', () => {
    const items: AgentInputItem[] = [
      {
        type: 'message',
        role: 'assistant',
        status: 'incomplete',
        content: [{ type: 'refusal', refusal: 'I cannot help with that.' }],
      },
    ];
    expect(toNeutralMessages(items)).toEqual([
      {
        role: 'assistant',
        stopReason: 'length',
        content: [{ type: 'text', text: 'I cannot help with that.' }],
      },
    ]);
  });

  it.each([
    ['{"a":1}', { a: 1 }],
    ['', {}],
    ['not json', 'not json'],
  ])('parses arguments %j', (text, value) => {
    expect(parseArguments(text)).toEqual(value);
  });

  it('drops strict mode’s nulls: deep for plan tools, top level only for host tools', () => {
    const input = { a: null, b: { c: null, d: 1 }, e: [{ f: null }] };
    expect(withoutNulls(input, true)).toEqual({ b: { d: 1 }, e: [{}] });
    expect(withoutNulls(input, false)).toEqual({ b: { c: null, d: 1 }, e: [{ f: null }] });
  });
});
