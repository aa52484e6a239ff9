import { copyAssistantMessage } from '../assistant-copy.js';
import { lazy } from '../lazy.js';
import {
  type AssistantMessage,
  assistantMessageSchema,
  textBlockSchema,
  thinkingBlockSchema,
  toolCallBlockSchema,
} from '../messages.js';
import { toValidationIssues } from '../zod-issues.js';

// Providers and OpenAI-compatible servers do send tool calls with an empty, missing or repeated
// id. Results are matched to calls by id, so such a message could make one verdict or one
// result stand for several calls. The run loop therefore gives every call of a message an id
// of its own before anything is judged: the model's id where it is usable, else one of
// planfirst's. The conversation records the ids used, so every call gets exactly one result.

const modelToolCallSchema = lazy((z) =>
  toolCallBlockSchema.extend({
    id: z.unknown().transform((id) => (typeof id === 'string' ? id : '')),
  }),
);

/** A model response as a client may return it: any tool-call id (fixed by `withOwnCallIds`). */
const modelResponseSchema = lazy((z) =>
  assistantMessageSchema.extend({
    content: z.array(
      z.discriminatedUnion('type', [textBlockSchema, thinkingBlockSchema, modelToolCallSchema]),
    ),
  }),
);

/**
 * Reads what a model client returned. A client's object may be anything (a Proxy, a getter
 * that throws): reading it ends in a message or in undefined, never in an exception.
 */
export function readModelResponse(message: unknown): AssistantMessage | undefined {
  try {
    return (
      copyAssistantMessage(message, { anyCallId: true }) ??
      modelResponseSchema.safeParse(message).data
    );
    // Stryker disable next-line BlockStatement: an empty catch returns undefined all the same
  } catch {
    return undefined;
  }
}

/**
 * Why a model client's return value is not an assistant message, naming the first failing
 * fields (`content.0.type: …, got "tool_use"`), for the run's error text. Never throws.
 */
export function modelResponseProblem(message: unknown): string {
  try {
    const parsed = modelResponseSchema.safeParse(message);
    if (parsed.success) return 'it could not be copied as plain data';
    return toValidationIssues(parsed.error, message)
      .slice(0, 3)
      .map((issue) => `${issue.path}: ${issue.message}`)
      .join('; ');
  } catch {
    return 'it could not be read';
  }
}

/** The id planfirst gives the call at `position` of the message at `messageIndex`. */
export function ownCallId(messageIndex: number, position: number): string {
  return `planfirst-call-${messageIndex}-${position}`;
}

/**
 * The message with a distinct, non-empty id on every tool call: the first call to use an id
 * keeps it; a call whose id is empty, or repeats an earlier call's, gets `ownCallId` (with a
 * suffix should the model have used that id too). Returns the same object when nothing changes.
 */
export function withOwnCallIds(message: AssistantMessage, messageIndex: number): AssistantMessage {
  const taken = new Set<string>();
  // The clash check only saves a copy: the rewrite below keeps every usable id, so a message
  // without a clash comes out equal either way.
  // Stryker disable next-line BooleanLiteral: only saves a copy (see above)
  let clash = false;
  for (const block of message.content) {
    // Stryker disable next-line ConditionalExpression: only saves a copy (see above)
    if (block.type !== 'tool_call') continue;
    // Stryker disable next-line ConditionalExpression: only saves a copy (see above)
    if (block.id === '' || taken.has(block.id)) clash = true;
    taken.add(block.id);
  }
  // Stryker disable next-line ConditionalExpression: only saves a copy (see above)
  if (!clash) return message;
  const used = new Set<string>();
  let position = -1;
  const content = message.content.map((block) => {
    if (block.type !== 'tool_call') return block;
    position++;
    if (block.id !== '' && !used.has(block.id)) {
      used.add(block.id);
      return block;
    }
    let id = ownCallId(messageIndex, position);
    for (let n = 2; taken.has(id) || used.has(id); n++)
      id = `${ownCallId(messageIndex, position)}-${n}`;
    used.add(id);
    return { ...block, id };
  });
  return { ...message, content };
}
