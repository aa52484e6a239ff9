import type { AgentMessage } from '@mariozechner/pi-agent-core';
import type {
  AssistantMessage as PiAssistantMessage,
  ToolResultMessage as PiToolResultMessage,
} from '@mariozechner/pi-ai';
import { isPlanToolName, summarizeTurn, type TurnSummary } from '../../index.js';
import type { AdapterContext } from './context.js';
import {
  assistantVisibleText,
  isPiAssistant,
  isPiToolResult,
  isPiUser,
  toNeutralAssistant,
} from './messages.js';

// pi runs one model call per turn and calls the model again after every tool batch, so a
// narration stall can only show when pi is about to stop: the turn after which it stops is the
// one judged, as in planfirst's own driver. The turns before it in the attempt (every assistant
// message since the last user message) were work pi carried on from: they only reset the retry
// counters when they acted and record mutation for the budgeter.

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
 * The turns of the attempt that ends with `final`, each summarised on its own as the driver
 * does: `earlier` are the turns pi carried on from (their tool results went back to the
 * model), `final` the one after which it stops, which is the one judged. A tool really failed
 * only when neither the gate blocked it nor a plan tool refused it (those are the model's to
 * fix, not a fault).
 */
export function summarizeAttempt(
  transcript: readonly AgentMessage[],
  final: PiAssistantMessage,
  ctx: AdapterContext,
): { earlier: TurnSummary[]; final: TurnSummary; model: string } {
  const attempt = attemptMessages(transcript);
  const results = attempt.filter(isPiToolResult);
  const summarize = (m: PiAssistantMessage): TurnSummary => {
    const message = toNeutralAssistant(m);
    const ids = new Set(
      m.content.flatMap((block) => (block.type === 'toolCall' ? [block.id] : [])),
    );
    const toolError = results.some(
      (r) =>
        ids.has(r.toolCallId) &&
        r.isError &&
        !ctx.verdicts.get(r.toolCallId)?.blocked &&
        !isPlanToolName(r.toolName),
    );
    return summarizeTurn(message, {
      readOnly: (call) => ctx.verdicts.get(call.id)?.readOnly === true,
      userPrompt: ctx.run.userPrompt,
      previousAssistantText: ctx.run.previousAssistantText,
      toolError,
    });
  };
  const earlier = attempt
    .filter(isPiAssistant)
    .filter((m) => m !== final)
    .map(summarize);
  const last = summarize(final);
  // A tool that really failed anywhere in the attempt means the ending is never retried.
  const toolError = last.toolError || earlier.some((t) => t.toolError);
  return { earlier, final: { ...last, toolError }, model: toNeutralAssistant(final).model ?? '' };
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
