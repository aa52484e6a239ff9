import type { FinishReason, ModelMessage, ToolApprovalResponse, ToolModelMessage } from 'ai';
import type { AssistantBlock, AssistantMessage, JsonValue, StopReason } from '../../index.js';
import { isPlanfirstToolError } from './errors.js';

// The one place where AI SDK messages and content parts become planfirst's neutral types
// (src/messages.ts). Everything else in the adapter reads the SDK only through these.

const stopReasons: Record<FinishReason, StopReason> = {
  stop: 'stop',
  'tool-calls': 'tool_use',
  length: 'length',
  // A filtered reply is cut off like an error: it must never draw a retry.
  'content-filter': 'error',
  error: 'error',
  other: 'stop',
};

// planfirst's stop reason for an AI SDK finish reason.
function toStopReason(reason: FinishReason): StopReason {
  return stopReasons[reason] ?? 'stop';
}

/**
 * What planfirst reads of an AI SDK step (`StepResult` / `onStepFinish`'s event, for any tool
 * set): its content parts, finish reason and model.
 */
export interface StepView {
  readonly content: readonly { readonly type: string }[];
  readonly finishReason: FinishReason;
  readonly model: { readonly provider: string; readonly modelId: string };
}

// The fields of the content parts planfirst reads; read defensively, whatever the part type.
type PartFields = {
  type: string;
  text?: unknown;
  toolCallId?: unknown;
  toolName?: unknown;
  input?: unknown;
  error?: unknown;
};

/**
 * One AI SDK step (one model call) as a neutral assistant message: text, reasoning and tool
 * calls in order, the stop reason, and `provider/model`. This is what the resolver judges.
 */
export function toAssistantMessage(step: StepView): AssistantMessage {
  const content: AssistantBlock[] = [];
  for (const part of step.content as readonly PartFields[]) {
    const text = typeof part.text === 'string' ? part.text : '';
    if (part.type === 'text') content.push({ type: 'text', text });
    else if (part.type === 'reasoning') content.push({ type: 'thinking', thinking: text });
    else if (part.type === 'tool-call')
      content.push({
        type: 'tool_call',
        id: String(part.toolCallId),
        name: String(part.toolName),
        input: jsonInput(part.input),
      });
  }
  return {
    role: 'assistant',
    content,
    stopReason: toStopReason(step.finishReason),
    model: `${step.model.provider}/${step.model.modelId}`,
  };
}

/** Whether a host tool failed in this step (planfirst's own refusals are not failures). */
export function hasToolFailure(step: StepView): boolean {
  return (step.content as readonly PartFields[]).some(
    (part) => part.type === 'tool-error' && !isPlanfirstToolError(part.error),
  );
}

/**
 * The user prompt the current run answers (the last user message's text), the assistant text
 * just before it, and a key telling runs apart: the prompt's position and text, so a call that
 * resends the same conversation (a retry, an approval) continues the run a new message starts.
 */
export function promptContext(messages: readonly ModelMessage[]): {
  userPrompt: string | null;
  previousAssistantText: string | null;
  runKey: string | null;
} {
  let i = messages.length - 1;
  // An answer to ask_user continues the run that asked; it is not a new prompt.
  while (i >= 0 && (messages[i]?.role !== 'user' || isAnswerMessage(messages[i]))) i--;
  const user = messages[i];
  if (user === undefined) return { userPrompt: null, previousAssistantText: null, runKey: null };
  let j = i - 1;
  while (j >= 0 && messages[j]?.role !== 'assistant') j--;
  const assistant = messages[j];
  const userPrompt = messageText(user);
  return {
    userPrompt,
    previousAssistantText: assistant === undefined ? null : messageText(assistant),
    runKey: `${i}:${userPrompt}`,
  };
}

function isAnswerMessage(message: ModelMessage | undefined): boolean {
  return message !== undefined && typeof markOf(message)?.answer === 'string';
}

// The text parts of a user or assistant message, joined by blank lines.
function messageText(message: ModelMessage): string {
  if (typeof message.content === 'string') return message.content;
  const texts: string[] = [];
  for (const part of message.content)
    if (part.type === 'text' && typeof part.text === 'string') texts.push(part.text);
  return texts.join('\n\n');
}

// Tool inputs arrive parsed from JSON; anything JSON cannot carry becomes null.
function jsonInput(input: unknown): JsonValue {
  const text = JSON.stringify(input);
  return text === undefined ? null : (JSON.parse(text) as JsonValue);
}

/** An answered approval request: the host's response and the tool call it was issued for. */
export interface ApprovalAnswer {
  response: ToolApprovalResponse;
  /** Undefined when no request with the response's id is in the messages. */
  toolCall: { toolCallId: string; toolName: string; input: unknown } | undefined;
  /** Whether the same tool message already holds a result for the call (the SDK skips it). */
  answered: boolean;
}

type CallRef = { toolCallId: string; toolName: string; input: unknown };

/**
 * The approval responses the AI SDK acts on in its next call: those of the host's last tool
 * message (after the last assistant message). Each is paired with the tool call of its request,
 * read from the same assistant message as the request, so a tool call id the model repeated
 * elsewhere cannot pair an answer with another call.
 */
export function approvalAnswers(messages: readonly ModelMessage[]): ApprovalAnswer[] {
  const answerMessage = lastApprovalMessage(messages);
  if (answerMessage === undefined) return [];
  const requests = new Map<string, CallRef | undefined>();
  for (const message of messages) {
    if (message.role !== 'assistant' || typeof message.content === 'string') continue;
    const calls = new Map<string, CallRef>();
    for (const part of message.content)
      if (part.type === 'tool-call')
        calls.set(part.toolCallId, {
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          input: part.input,
        });
    for (const part of message.content)
      if (part.type === 'tool-approval-request')
        requests.set(part.approvalId, calls.get(part.toolCallId));
  }
  const answered = new Set<string>();
  for (const part of answerMessage.content)
    if (part.type === 'tool-result') answered.add(part.toolCallId);
  const answers: ApprovalAnswer[] = [];
  for (const part of answerMessage.content) {
    if (part.type !== 'tool-approval-response') continue;
    const toolCall = requests.get(part.approvalId);
    answers.push({
      response: part,
      toolCall,
      answered: toolCall !== undefined && answered.has(toolCall.toolCallId),
    });
  }
  return answers;
}

/** The host's tool message holding the approval responses the SDK acts on next, if any. */
export function lastApprovalMessage(
  messages: readonly ModelMessage[],
): ToolModelMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role !== 'tool') return undefined;
    if (message.content.some((part) => part.type === 'tool-approval-response')) return message;
  }
  return undefined;
}

/** The provider-options key planfirst marks its own message parts with. */
export const MARK = 'planfirst';

/** Marks planfirst puts on what it adds to the messages (read back by a later call). */
export interface Mark {
  /** A system or user message planfirst added for one model call only. */
  injected?: true;
  /** A denial planfirst wrote for an answer it did not apply, with the reason code. */
  refused?: string;
  /** The user's answer to ask_user (by question id): it continues the run that asked. */
  answer?: string;
}

/** planfirst's mark on a message or part, if any. */
export function markOf(item: { providerOptions?: unknown }): Mark | undefined {
  const options = item.providerOptions as Record<string, unknown> | undefined;
  const mark = options?.[MARK];
  return typeof mark === 'object' && mark !== null ? (mark as Mark) : undefined;
}
