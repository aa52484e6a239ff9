import type { AgentMessage } from '@mariozechner/pi-agent-core';
import type {
  AssistantMessage as PiAssistantMessage,
  StopReason as PiStopReason,
  ToolResultMessage as PiToolResultMessage,
  UserMessage as PiUserMessage,
} from '@mariozechner/pi-ai';
import type {
  AssistantBlock,
  AssistantMessage,
  JsonValue,
  StopReason,
  ToolCallBlock,
} from '../../index.js';

// The one place where pi's message shapes meet planfirst's neutral ones. Everything else in
// this adapter reads pi messages through these functions.

const stopReasons: Record<PiStopReason, StopReason> = {
  stop: 'stop',
  length: 'length',
  toolUse: 'tool_use',
  error: 'error',
  aborted: 'aborted',
};

/**
 * A pi assistant message as planfirst's neutral AssistantMessage, so the core's turn summary
 * and classifier can read it. Images and unknown blocks carry no signal and are dropped.
 */
export function toNeutralAssistant(message: PiAssistantMessage): AssistantMessage {
  const content: AssistantBlock[] = [];
  for (const block of message.content) {
    if (block.type === 'text') content.push({ type: 'text', text: block.text });
    else if (block.type === 'thinking')
      content.push({ type: 'thinking', thinking: block.thinking });
    else if (block.type === 'toolCall') content.push(toNeutralToolCall(block));
  }
  return {
    role: 'assistant',
    content,
    stopReason: stopReasons[message.stopReason] ?? 'error',
    model: `${message.provider}/${message.model}`,
  };
}

/**
 * A pi tool call block as a neutral one. Arguments become plain JSON (pi types them loosely),
 * so nothing non-serialisable reaches planfirst.
 */
export function toNeutralToolCall(call: {
  id: string;
  name: string;
  arguments: unknown;
}): ToolCallBlock {
  return { type: 'tool_call', id: call.id, name: call.name, input: toJson(call.arguments) };
}

function toJson(value: unknown): JsonValue {
  try {
    return JSON.parse(JSON.stringify(value ?? null)) as JsonValue;
  } catch {
    return null;
  }
}

/**
 * Narrows a transcript entry to pi's assistant message. Apps may add custom message roles to
 * pi's transcript, so every reader checks the role instead of assuming one.
 */
export function isPiAssistant(message: AgentMessage): message is PiAssistantMessage {
  return (message as { role?: unknown }).role === 'assistant';
}

/**
 * Narrows a transcript entry to pi's user message: a user message starts a new attempt and,
 * unless planfirst sent it, a new run.
 */
export function isPiUser(message: AgentMessage): message is PiUserMessage {
  return (message as { role?: unknown }).role === 'user';
}

/**
 * The text a user message carries, for the classifier's view of the prompt. Images are left
 * out: they carry no cue the classifier reads.
 */
export function userText(message: PiUserMessage): string {
  if (typeof message.content === 'string') return message.content;
  return message.content
    .filter((block) => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
}

/**
 * The visible text of a pi assistant message (text blocks, joined by blank lines), as
 * planfirst's own assistantText() joins neutral ones.
 */
export function assistantVisibleText(message: PiAssistantMessage): string {
  return message.content
    .filter((block) => block.type === 'text')
    .map((block) => block.text)
    .join('\n\n');
}

/**
 * A user message planfirst sends into the conversation (a retry, a plan decision). pi has no
 * system-message role mid-conversation, so injected text travels as the user's turn.
 */
export function piUserMessage(text: string, timestamp: number): PiUserMessage {
  return { role: 'user', content: [{ type: 'text', text }], timestamp };
}

/**
 * Narrows a transcript entry to pi's tool result message, whose error flag tells a real tool
 * failure (never retried) from a clean result.
 */
export function isPiToolResult(message: AgentMessage): message is PiToolResultMessage {
  return (message as { role?: unknown }).role === 'toolResult';
}
