import { describe, expect, it } from 'vitest';
import {
  type AssistantMessage,
  classifyTurn,
  summarizeTurn,
  turnSummarySchema,
} from '../../src/index.js';

const message: AssistantMessage = {
  role: 'assistant',
  stopReason: 'tool_use',
  content: [
    { type: 'thinking', thinking: '' },
    { type: 'text', text: 'Reading the config.' },
    { type: 'tool_call', id: '1', name: 'read', input: { path: 'a' } },
    { type: 'text', text: "Next I'll patch it." },
    { type: 'tool_call', id: '2', name: 'edit', input: { path: 'a' } },
  ],
};

describe('summarizeTurn', () => {
  it('builds a valid summary from a neutral message and the gate verdicts', () => {
    const summary = summarizeTurn(message, { readOnly: [true, false], userPrompt: 'fix it' });
    expect(turnSummarySchema.parse(summary)).toEqual(summary);
    expect(summary).toEqual({
      text: "Reading the config.\n\nNext I'll patch it.",
      hasThinking: true,
      toolCalls: [
        { name: 'read', readOnly: true },
        { name: 'edit', readOnly: false },
      ],
      stopReason: 'tool_use',
      aborted: false,
      timedOut: false,
      toolError: false,
      sideEffects: false,
      userPrompt: 'fix it',
      previousAssistantText: null,
    });
  });
  it('takes the verdicts from a function', () => {
    const summary = summarizeTurn(message, { readOnly: (call) => call.name === 'read' });
    expect(summary.toolCalls.map((c) => c.readOnly)).toEqual([true, false]);
  });
  it('counts a call without a verdict as not read-only (action, never a narration retry)', () => {
    const summary = summarizeTurn(message, { readOnly: [true] });
    expect(summary.toolCalls[1]?.readOnly).toBe(false);
  });
  it('marks an aborted stop reason as aborted unless the host says otherwise', () => {
    const aborted = { ...message, stopReason: 'aborted' as const };
    expect(summarizeTurn(aborted, { readOnly: [] }).aborted).toBe(true);
    expect(summarizeTurn(message, { readOnly: [], sideEffects: true }).sideEffects).toBe(true);
  });
  it('feeds classifyTurn directly', () => {
    const summary = summarizeTurn(message, { readOnly: [true, false] });
    expect(classifyTurn(summary, { planMode: false }).kind).toBe('acted');
  });
});
