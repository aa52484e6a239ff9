import type { z } from 'zod';
import { lazy } from '../lazy.js';
import {
  type AssistantMessage,
  assistantText,
  assistantToolCalls,
  stopReasonSchema,
  stopReasonValues,
  type ToolCallBlock,
} from '../messages.js';

/** One tool call of the turn, with the gate's verdict on whether it was read-only. */
export const turnToolCallSchema = lazy((z) =>
  z.object({ name: z.string(), readOnly: z.boolean() }),
);

/**
 * What classifyTurn() needs to know about one assistant turn. Validates input from
 * outside (a host's own summary, a stored fixture); classifyTurn() never throws on bad input.
 */
export const turnSummarySchema = lazy((z) =>
  z.object({
    /** The visible text (text blocks only). */
    text: z.string(),
    hasThinking: z.boolean(),
    toolCalls: z.array(turnToolCallSchema),
    stopReason: stopReasonSchema,
    aborted: z.boolean(),
    timedOut: z.boolean(),
    /** A tool call of this turn failed. */
    toolError: z.boolean(),
    /** Something outside the conversation changed (a message sent, a file written). */
    sideEffects: z.boolean(),
    /** The user message this run answers, if any. */
    userPrompt: z.string().nullable(),
    /** The assistant's previous visible text, for the contextual ACK ("yes" after an offer). */
    previousAssistantText: z.string().nullable(),
  }),
);

export type TurnSummary = z.infer<typeof turnSummarySchema>;
export type TurnToolCall = z.infer<typeof turnToolCallSchema>;

const stopReasons: ReadonlySet<unknown> = new Set(stopReasonValues);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const stringOrNull = (v: unknown) => v === null || typeof v === 'string';

// An index loop, not every(): every() skips the holes of a sparse array, which zod rejects.
function areToolCalls(calls: unknown[]): boolean {
  for (let i = 0; i < calls.length; i++) {
    const c = calls[i];
    if (!isObject(c) || typeof c.name !== 'string' || typeof c.readOnly !== 'boolean') return false;
  }
  return true;
}

/**
 * Exactly what `turnSummarySchema` accepts, without building a parse result: the driver
 * classifies every turn, and a full zod parse of a summary it just built cost more than the
 * classification. The schema stays the source of error messages.
 */
export function isTurnSummary(v: unknown): v is TurnSummary {
  return (
    isObject(v) &&
    typeof v.text === 'string' &&
    typeof v.hasThinking === 'boolean' &&
    Array.isArray(v.toolCalls) &&
    areToolCalls(v.toolCalls) &&
    stopReasons.has(v.stopReason) &&
    typeof v.aborted === 'boolean' &&
    typeof v.timedOut === 'boolean' &&
    typeof v.toolError === 'boolean' &&
    typeof v.sideEffects === 'boolean' &&
    stringOrNull(v.userPrompt) &&
    stringOrNull(v.previousAssistantText)
  );
}

/** The gate's read-only verdict per call: a function, or booleans in call order. */
export type ReadOnlyVerdicts =
  | ((call: ToolCallBlock, index: number) => boolean)
  | readonly boolean[];

/** The run context summarizeTurn() cannot read from the message itself. */
export interface SummarizeContext {
  readOnly: ReadOnlyVerdicts;
  userPrompt?: string | null;
  previousAssistantText?: string | null;
  /** Defaults to `stopReason === 'aborted'`. */
  aborted?: boolean;
  timedOut?: boolean;
  toolError?: boolean;
  sideEffects?: boolean;
}

/**
 * Builds a TurnSummary from a neutral AssistantMessage, so hosts and the driver describe turns
 * the same way. A call without a verdict counts as not read-only: an unknown call is treated
 * as action, which never draws a narration retry.
 */
export function summarizeTurn(message: AssistantMessage, context: SummarizeContext): TurnSummary {
  const calls = assistantToolCalls(message);
  return {
    text: assistantText(message),
    // Redacted thinking arrives as an empty block; its presence is what counts.
    hasThinking: message.content.some((block) => block.type === 'thinking'),
    toolCalls: calls.map((call, index) => ({
      name: call.name,
      readOnly: verdict(context.readOnly, call, index),
    })),
    stopReason: message.stopReason,
    aborted: context.aborted ?? message.stopReason === 'aborted',
    timedOut: context.timedOut ?? false,
    toolError: context.toolError ?? false,
    sideEffects: context.sideEffects ?? false,
    userPrompt: context.userPrompt ?? null,
    previousAssistantText: context.previousAssistantText ?? null,
  };
}

function verdict(readOnly: ReadOnlyVerdicts, call: ToolCallBlock, index: number): boolean {
  if (typeof readOnly === 'function') return readOnly(call, index) === true;
  return readOnly[index] === true;
}
