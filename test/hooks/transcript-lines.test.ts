import { describe, expect, it } from 'vitest';
import { transcriptFacts } from '../../src/internal.js';

// Claude Code and Codex transcript lines: the last prompt, and the tool calls after it (unknown
// until a prompt is seen).

const lines = (...entries: unknown[]) => entries.map((e) => JSON.stringify(e)).join('\n');
const claudeUser = (content: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'user',
  message: { role: 'user', content },
  ...extra,
});
const claudeTools = (n: number) => ({
  type: 'assistant',
  message: {
    role: 'assistant',
    content: [
      { type: 'text', text: 'x' },
      ...Array.from({ length: n }, (_, i) => ({ type: 'tool_use', id: `t${i}` })),
    ],
  },
});
const codex = (payload: unknown) => ({ type: 'response_item', payload });

describe('transcriptFacts, Claude Code and Codex lines', () => {
  it('counts every tool_use block of every assistant message after the prompt', () => {
    expect(transcriptFacts(lines(claudeUser('Fix it'), claudeTools(2), claudeTools(1)))).toEqual({
      userPrompt: 'Fix it',
      toolCalls: 3,
    });
  });

  it('tool calls before any prompt are unknown, not counted', () => {
    expect(transcriptFacts(lines(claudeTools(2)))).toEqual({
      userPrompt: null,
      toolCalls: undefined,
    });
  });

  it('a meta user line is not a prompt; a prompt of text blocks is joined', () => {
    expect(
      transcriptFacts(
        lines(claudeUser('Fix it'), claudeUser('<command>', { isMeta: true }), claudeTools(1)),
      ),
    ).toEqual({ userPrompt: 'Fix it', toolCalls: 1 });
    expect(
      transcriptFacts(
        lines(
          claudeUser([
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ]),
        ),
      ).userPrompt,
    ).toBe('a\nb');
  });

  it('Codex: function, local shell and custom tool calls count; other payloads do not', () => {
    const prompt = codex({
      type: 'message',
      role: 'user',
      content: [{ type: 'input_text', text: 'Add tests' }],
    });
    expect(
      transcriptFacts(
        lines(
          prompt,
          codex({ type: 'function_call' }),
          codex({ type: 'local_shell_call' }),
          codex({ type: 'custom_tool_call' }),
          codex({ type: 'reasoning' }),
          codex({ type: 'message', role: 'assistant', content: [] }),
        ),
      ),
    ).toEqual({ userPrompt: 'Add tests', toolCalls: 3 });
  });

  it('a Codex user message with no input text is not a prompt', () => {
    const first = codex({
      type: 'message',
      role: 'user',
      content: [{ type: 'input_text', text: 'A' }],
    });
    const empty = codex({ type: 'message', role: 'user', content: [{ type: 'input_image' }] });
    expect(transcriptFacts(lines(first, codex({ type: 'function_call' }), empty))).toEqual({
      userPrompt: 'A',
      toolCalls: 1,
    });
  });
});
