import type { AgentMessage } from '@mariozechner/pi-agent-core';
import type {
  AssistantMessage as PiAssistantMessage,
  ToolResultMessage as PiToolResultMessage,
} from '@mariozechner/pi-ai';
import {
  type AssistantMessage,
  isPlanToolName,
  summarizeTurn,
  type TurnSummary,
} from '../../index.js';
import type { AdapterContext } from './context.js';
import {
  assistantVisibleText,
  isPiAssistant,
  isPiToolResult,
  isPiUser,
  toNeutralAssistant,
  toNeutralToolCall,
} from './messages.js';

// pi runs one model call per turn and calls the model again after every tool batch, so a
// narration stall can only show when pi is about to stop. planfirst's "turn" is therefore the
// attempt: every assistant message since the last user message, ending with the one after
// which pi would stop.

/**
 * True when pi will not call the model again after this turn on its own: no tool calls, an
 * error or abort, or a tool batch whose every result asked to terminate.
 */
export function endsAttempt(
  message: PiAssistantMessage,
  toolResults: readonly PiToolResultMessage[],
  terminated: ReadonlySet<string>,
): boolean {
  if (message.stopReason === 'error' || message.stopReason === 'aborted') return true;
  if (!message.content.some((block) => block.type === 'toolCall')) return true;
  return toolResults.length > 0 && toolResults.every((r) => terminated.has(r.toolCallId));
}

/**
 * The attempt that ends with `final` as one TurnSummary: the final message's text, thinking
 * and stop reason, every tool call of the attempt with the gate's verdict, and whether a tool
 * really failed (a gate block or a refused plan-tool call is the model's to fix, not a fault).
 */
export function summarizeAttempt(
  transcript: readonly AgentMessage[],
  final: PiAssistantMessage,
  ctx: AdapterContext,
): { turn: TurnSummary; model: string } {
  const attempt = attemptMessages(transcript);
  const assistants = attempt.filter(isPiAssistant);
  if (!assistants.includes(final)) assistants.push(final);
  const calls = assistants.flatMap((m) =>
    m.content.flatMap((block) => (block.type === 'toolCall' ? [toNeutralToolCall(block)] : [])),
  );
  const last = toNeutralAssistant(final);
  const message: AssistantMessage = {
    ...last,
    content: [...last.content.filter((block) => block.type !== 'tool_call'), ...calls],
  };
  const toolError = attempt
    .filter(isPiToolResult)
    .some(
      (r) => r.isError && !ctx.verdicts.get(r.toolCallId)?.blocked && !isPlanToolName(r.toolName),
    );
  const turn = summarizeTurn(message, {
    readOnly: (call) => ctx.verdicts.get(call.id)?.readOnly === true,
    userPrompt: ctx.run.userPrompt,
    previousAssistantText: ctx.run.previousAssistantText,
    toolError,
  });
  return { turn, model: last.model ?? '' };
}

function attemptMessages(transcript: readonly AgentMessage[]): AgentMessage[] {
  let start = transcript.length;
  while (start > 0) {
    const previous = transcript[start - 1];
    if (previous === undefined || isPiUser(previous)) break;
    start--;
  }
  return transcript.slice(start);
}

/**
 * The visible text of the last assistant message before index `before`, if any: the ACK
 * fast-path and the classifier read it to tell "yes" after an offer from a bare "yes".
 */
export function previousAssistantText(
  transcript: readonly AgentMessage[],
  before: number,
): string | null {
  for (let i = before - 1; i >= 0; i--) {
    const message = transcript[i];
    if (message !== undefined && isPiAssistant(message)) return assistantVisibleText(message);
  }
  return null;
}
