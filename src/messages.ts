import type { z } from 'zod';
import { jsonValueSchema } from './json.js';
import { lazy } from './lazy.js';

// The neutral conversation format. Adapters map their host's messages onto these; the core
// never sees a host type. Zod schemas double as the validators parseSession() uses.

export const textBlockSchema = lazy((z) => z.object({ type: z.literal('text'), text: z.string() }));
export const thinkingBlockSchema = lazy((z) =>
  z.object({ type: z.literal('thinking'), thinking: z.string() }),
);
export const toolCallBlockSchema = lazy((z) =>
  z.object({
    type: z.literal('tool_call'),
    id: z.string().min(1),
    name: z.string(),
    input: jsonValueSchema,
  }),
);

/** Why a model call ended, as a plain list (no schema needed to check one). */
export const stopReasonValues = ['stop', 'tool_use', 'length', 'error', 'aborted'] as const;
export const stopReasonSchema = lazy((z) => z.enum(stopReasonValues));

export const userMessageSchema = lazy((z) =>
  z.object({
    role: z.literal('user'),
    content: z.string(),
    /** 'planfirst' marks text the library injected (retry instructions, plan decisions). */
    source: z.enum(['host', 'planfirst']).optional(),
    kind: z.string().optional(),
  }),
);

export const assistantMessageSchema = lazy((z) =>
  z.object({
    role: z.literal('assistant'),
    content: z.array(
      z.discriminatedUnion('type', [textBlockSchema, thinkingBlockSchema, toolCallBlockSchema]),
    ),
    stopReason: stopReasonSchema,
    /** `provider/model` or a bare model id, when the host knows it. */
    model: z.string().optional(),
  }),
);

export const toolResultMessageSchema = lazy((z) =>
  z.object({
    role: z.literal('tool'),
    toolCallId: z.string().min(1),
    toolName: z.string(),
    content: z.string(),
    isError: z.boolean(),
  }),
);

export const messageSchema = lazy((z) =>
  z.discriminatedUnion('role', [
    userMessageSchema,
    assistantMessageSchema,
    toolResultMessageSchema,
  ]),
);

export type TextBlock = z.infer<typeof textBlockSchema>;
export type ThinkingBlock = z.infer<typeof thinkingBlockSchema>;
export type ToolCallBlock = z.infer<typeof toolCallBlockSchema>;
export type StopReason = z.infer<typeof stopReasonSchema>;
export type UserMessage = z.infer<typeof userMessageSchema>;
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;
export type ToolResultMessage = z.infer<typeof toolResultMessageSchema>;
export type Message = z.infer<typeof messageSchema>;
export type AssistantBlock = AssistantMessage['content'][number];

/** The visible text of an assistant message: its text blocks joined by blank lines. */
export function assistantText(message: AssistantMessage): string {
  return message.content
    .filter((b): b is TextBlock => b.type === 'text')
    .map((b) => b.text)
    .join('\n\n');
}

/** The tool calls of an assistant message, in order. */
export function assistantToolCalls(message: AssistantMessage): ToolCallBlock[] {
  return message.content.filter((b): b is ToolCallBlock => b.type === 'tool_call');
}
