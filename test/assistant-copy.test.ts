import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyAssistantMessage } from '../src/assistant-copy.js';
import { assistantMessageSchema } from '../src/messages.js';

// The fast copy must never accept what the schema rejects, and what it accepts must be exactly
// the schema's output: same keys, same values, a fresh object.
const w = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });
const block = fc.oneof(
  w(3, fc.record({ type: fc.constant('text'), text: fc.string() })),
  w(2, fc.record({ type: fc.constant('thinking'), thinking: fc.string() })),
  w(
    4,
    fc.record({
      type: fc.constant('tool_call'),
      id: fc.string(),
      name: fc.string(),
      input: fc.oneof(w(4, fc.jsonValue()), w(1, fc.anything())),
    }),
  ),
  w(1, fc.record({ type: fc.string(), text: fc.anything() }, { requiredKeys: [] })),
  w(1, fc.anything()),
);
const message = fc.record(
  {
    role: fc.oneof(w(9, fc.constant('assistant')), w(1, fc.anything())),
    content: fc.oneof(w(9, fc.array(block, { maxLength: 3 })), w(1, fc.anything())),
    stopReason: fc.oneof(
      w(9, fc.constantFrom('stop', 'tool_use', 'length', 'error', 'aborted')),
      w(1, fc.string()),
    ),
    model: fc.oneof(w(3, fc.string()), w(1, fc.anything())),
    extra: fc.anything(),
  },
  { requiredKeys: ['role', 'content', 'stopReason'] },
);

describe('copyAssistantMessage', () => {
  it('accepts only what the schema accepts, and returns what the schema returns', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(w(9, message), w(1, fc.anything())), (value) => {
        const fast = copyAssistantMessage(value);
        if (fast === undefined) return;
        accepted++;
        const parsed = assistantMessageSchema.safeParse(value);
        expect(parsed.success).toBe(true);
        expect(fast).toStrictEqual(parsed.data);
        expect(fast).not.toBe(value);
      }),
      { numRuns: 20000 },
    );
    // The generator reaches the fast path often enough for the comparison to mean something.
    expect(accepted).toBeGreaterThan(2000);
  });

  it('takes the fast path for ordinary model output', () => {
    const ordinary = {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Reading.' },
        {
          type: 'tool_call',
          id: 'c1',
          name: 'read_file',
          input: { path: 'a', n: [1, null, true] },
        },
      ],
      stopReason: 'tool_use',
      model: 'openai/gpt-5',
      providerMetadata: { x: 1 },
    };
    expect(copyAssistantMessage(ordinary)).toStrictEqual(assistantMessageSchema.parse(ordinary));
  });

  it('leaves odd input to the schema', () => {
    const evil = JSON.parse(
      '{"role":"assistant","stopReason":"stop","content":[{"type":"tool_call","id":"c","name":"n","input":{"__proto__":{"x":1}}}]}',
    );
    expect(copyAssistantMessage(evil)).toBeUndefined();
    expect(
      copyAssistantMessage({
        role: 'assistant',
        content: [],
        stopReason: 'stop',
        model: undefined,
      }),
    ).toBeUndefined();
    expect(
      copyAssistantMessage({ role: 'assistant', content: [1], stopReason: 'stop' }),
    ).toBeUndefined();
  });
});
