import type { JsonValue } from '../json.js';
import type {
  AssistantMessage,
  Message,
  TextBlock,
  ThinkingBlock,
  ToolCallBlock,
} from '../messages.js';
import type { ModelClient } from '../run/driver.js';
import type { ModelRequest } from '../run/types.js';

/** One scripted model turn: the reply, and optionally what the request must look like. */
export interface ScriptedTurn {
  /** The assistant message to return, or a function of the request. Omit with `fail`. */
  reply?: AssistantMessage | ((request: ModelRequest) => AssistantMessage);
  /** Throw this error instead of replying (a crashing model client). */
  fail?: string;
  /** Every string must appear in the request's last message or its system text. */
  expectIncludes?: readonly string[];
  /** Any further check; throw to fail the call. */
  expect?: (request: ModelRequest) => void;
}

export type ScriptEntry = AssistantMessage | ScriptedTurn;

export interface ScriptedModel extends ModelClient {
  /** Every request received, in order. */
  readonly requests: ModelRequest[];
  /** Entries not replayed yet. */
  remaining(): number;
}

function isMessage(entry: ScriptEntry): entry is AssistantMessage {
  return (entry as AssistantMessage).role === 'assistant';
}

function describeLast(messages: readonly Message[]): string {
  const last = messages.at(-1);
  if (last === undefined) return '';
  return typeof last.content === 'string' ? last.content : JSON.stringify(last.content);
}

/**
 * A model client that replays assistant turns from a script — for hosts' own tests, the QA
 * scenarios and the demo. It records every request and, when asked, checks what it was sent.
 * A call past the end of the script throws, so a test notices an unexpected extra call.
 */
export function scriptedModel(script: readonly ScriptEntry[]): ScriptedModel {
  const requests: ModelRequest[] = [];
  let index = 0;
  const model = async (request: ModelRequest): Promise<AssistantMessage> => {
    requests.push(request);
    const entry = script[index];
    const turn = index;
    index++;
    if (entry === undefined)
      throw new Error(
        `scripted model: no turn left for call ${turn + 1} (script has ${script.length})`,
      );
    if (isMessage(entry)) return withIds(entry, turn);
    const seen = `${request.system.join('\n')}\n${describeLast(request.messages)}`;
    for (const needle of entry.expectIncludes ?? [])
      if (!seen.includes(needle))
        throw new Error(
          `scripted model: call ${turn + 1} expected the request to include ${JSON.stringify(needle)}`,
        );
    entry.expect?.(request);
    if (entry.fail !== undefined) throw new Error(entry.fail);
    if (entry.reply === undefined) throw new Error(`scripted model: turn ${turn + 1} has no reply`);
    return withIds(typeof entry.reply === 'function' ? entry.reply(request) : entry.reply, turn);
  };
  return Object.assign(model, { requests, remaining: () => script.length - index });
}

// Tool calls written without an id get one that is unique across the script.
function withIds(message: AssistantMessage, turn: number): AssistantMessage {
  let n = 0;
  return {
    ...message,
    content: message.content.map((block) => {
      n++;
      return block.type === 'tool_call' && block.id === ''
        ? { ...block, id: `call-${turn + 1}-${n}` }
        : block;
    }),
  };
}

/** A tool call block (the scripted model fills in an id when none is given). */
export function toolCall(name: string, input: JsonValue = {}, id = ''): ToolCallBlock {
  return { type: 'tool_call', id, name, input };
}

/** A thinking block. */
export function thinking(text: string): ThinkingBlock {
  return { type: 'thinking', thinking: text };
}

/**
 * An assistant message from text and blocks: strings become text blocks; the stop reason is
 * `tool_use` when there are tool calls, else `stop`.
 */
export function assistant(
  ...parts: readonly (string | TextBlock | ThinkingBlock | ToolCallBlock)[]
): AssistantMessage {
  const content = parts.map((p) =>
    typeof p === 'string' ? { type: 'text' as const, text: p } : p,
  );
  return {
    role: 'assistant',
    content,
    stopReason: content.some((b) => b.type === 'tool_call') ? 'tool_use' : 'stop',
  };
}
