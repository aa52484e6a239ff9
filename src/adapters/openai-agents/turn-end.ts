import {
  type AssistantMessage,
  type Message,
  type ResolveResult,
  resolveIncompleteTurn,
  summarizeTurn,
  type TurnSummary,
} from '../../index.js';
import type { AdapterContext } from './context.js';
import { isReadOnlyCall } from './gate.js';
import { assistantMessages } from './messages.js';

/** What a run segment is judged against: the user's request and where it came from. */
export interface TurnContext {
  userPrompt?: string;
  previousAssistantText?: string;
  /** The model id, for `incompleteTurn.appliesTo`. */
  model?: string;
}

const emptyTurn: AssistantMessage = { role: 'assistant', content: [], stopReason: 'stop' };

function summarize(ctx: AdapterContext, turn: AssistantMessage, context: TurnContext): TurnSummary {
  return summarizeTurn(turn, {
    readOnly: (call) => isReadOnlyCall(ctx, call),
    userPrompt: context.userPrompt ?? null,
    previousAssistantText: context.previousAssistantText ?? null,
  });
}

/**
 * Judges what one SDK run added to the conversation. The SDK already carried on after every
 * turn with tool calls, so those are never retried (their acting resets the counters, their
 * mutation counts for the budgeter); the turn that ended the run (`final`: no interruption) goes to
 * `resolveIncompleteTurn`, whose verdict — continue, retry with an instruction, or blocked —
 * comes back. A run that produced no assistant message at all ended on an empty turn.
 */
export function resolveRunEnd(
  ctx: AdapterContext,
  messages: readonly Message[],
  final: boolean,
  context: TurnContext,
): ResolveResult | undefined {
  const turns = assistantMessages(messages);
  const last = final ? (turns.at(-1) ?? emptyTurn) : undefined;
  const earlier = final ? turns.slice(0, -1) : turns;
  const model = context.model === undefined ? {} : { model: context.model };
  let session = ctx.store.get();
  // Turns the SDK carried on from are work: never retried, but their acting resets the
  // counters and their mutation counts for the budgeter, as in planfirst's own driver.
  for (const turn of earlier)
    session = resolveIncompleteTurn(session, summarize(ctx, turn, context), ctx.options, {
      ...model,
      loopContinues: true,
    }).state;
  if (last === undefined) {
    ctx.store.set(session);
    return undefined;
  }
  const resolved = resolveIncompleteTurn(
    session,
    summarize(ctx, last, context),
    ctx.options,
    model,
  );
  ctx.store.set(resolved.state);
  return resolved;
}
