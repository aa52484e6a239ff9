import type { TurnSummary } from '../../src/index.js';

/** A turn that did nothing special: stop, no flags, no tools. Override what the case is about. */
export function turn(text: string, overrides: Partial<TurnSummary> = {}): TurnSummary {
  return {
    text,
    hasThinking: false,
    toolCalls: [],
    stopReason: 'stop',
    aborted: false,
    timedOut: false,
    toolError: false,
    sideEffects: false,
    userPrompt: 'Fix the bug.',
    previousAssistantText: null,
    ...overrides,
  };
}

export const read = (name = 'read') => ({ name, readOnly: true });
export const write = (name = 'edit') => ({ name, readOnly: false });
