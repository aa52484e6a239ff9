import type { AgentInputItem, FunctionCallItem, UserMessageItem } from '@openai/agents';
import type {
  AssistantBlock,
  AssistantMessage,
  JsonValue,
  Message,
  StopReason,
} from '../../index.js';

// The one place where the Agents SDK's items meet planfirst's neutral message types. Every
// other file of the adapter reads SDK items through these functions.

/**
 * The name planfirst knows a function call by: `namespace.name` for tools grouped with
 * `toolNamespace`, the bare name otherwise. The gate and the turn summaries must agree on it.
 */
export function callName(call: Pick<FunctionCallItem, 'name' | 'namespace'>): string {
  return call.namespace ? `${call.namespace}.${call.name}` : call.name;
}

/**
 * A call's arguments as JSON. Arguments that are not valid JSON stay the raw string, which the
 * gate treats as malformed input (blocked in plan mode unless the tool is read-only).
 */
export function parseArguments(text: string | undefined): JsonValue {
  if (text === undefined || text === '') return {};
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

/**
 * Strict function calling makes every optional field required and nullable, and the model
 * sends `null` for the fields it leaves out; the SDK strips those before `execute` runs. This
 * does the same for the gate and the plan binding, which read the raw call: `deep` for
 * planfirst's own schemas (no field of theirs is nullable), top level only for host tools.
 */
export function withoutNulls(value: JsonValue, deep: boolean): JsonValue {
  if (Array.isArray(value)) return deep ? value.map((v) => withoutNulls(v, deep)) : value;
  if (value === null || typeof value !== 'object') return value;
  const out: { [key: string]: JsonValue } = {};
  for (const [key, child] of Object.entries(value)) {
    if (child === null) continue;
    out[key] = deep ? withoutNulls(child, deep) : child;
  }
  return out;
}

/** A user message item carrying planfirst's text (a retry instruction) into the next run. */
export function userItem(text: string): UserMessageItem {
  return { type: 'message', role: 'user', content: text };
}

/** The text of a user message item, or undefined for any other item. */
export function userText(item: AgentInputItem): string | undefined {
  if (!('role' in item) || item.role !== 'user') return undefined;
  if (typeof item.content === 'string') return item.content;
  return item.content
    .map((part) => (part.type === 'input_text' ? part.text : ''))
    .filter((text) => text !== '')
    .join('\n');
}

function toolOutputText(output: unknown): string {
  if (typeof output === 'string') return output;
  const parts = Array.isArray(output) ? output : [output];
  return parts
    .map((part) => {
      const p = part as { type?: unknown; text?: unknown };
      return (p.type === 'text' || p.type === 'input_text') && typeof p.text === 'string'
        ? p.text
        : '';
    })
    .join('');
}

/** The assistant-side blocks of one item, or undefined when the item is not the model's. */
function assistantBlocks(item: AgentInputItem): AssistantBlock[] | undefined {
  switch (item.type) {
    case 'reasoning': {
      const parts = [...item.content, ...(item.rawContent ?? [])];
      return [{ type: 'thinking', thinking: parts.map((p) => p.text).join('\n') }];
    }
    case 'function_call':
      return [
        {
          type: 'tool_call',
          id: item.callId,
          name: callName(item),
          input: parseArguments(item.arguments),
        },
      ];
    case 'hosted_tool_call':
      return [
        {
          type: 'tool_call',
          id: item.id ?? item.name,
          name: item.name,
          input: parseArguments(item.arguments),
        },
      ];
    case 'computer_call':
    case 'shell_call':
    case 'apply_patch_call':
      // Not gateable by planfirst (see the README); they count as action, never as reads.
      return [{ type: 'tool_call', id: item.callId, name: item.type, input: {} }];
    default:
      break;
  }
  if ('role' in item && item.role === 'assistant')
    return item.content.flatMap((part): AssistantBlock[] => {
      if (part.type === 'output_text') return [{ type: 'text', text: part.text }];
      if (part.type === 'refusal') return [{ type: 'text', text: part.refusal }];
      return [];
    });
  return undefined;
}

function isIncomplete(item: AgentInputItem): boolean {
  return 'role' in item && item.role === 'assistant' && item.status === 'incomplete';
}

/**
 * The SDK's items as planfirst's neutral messages. Consecutive model items (reasoning, text,
 * calls of one response) form one assistant message; a function call's result becomes a tool
 * message, an error when the gate blocked that call (`blockedCallIds`). System messages,
 * handoffs and provider-specific items carry nothing planfirst judges and are left out.
 */
export function toNeutralMessages(
  items: readonly AgentInputItem[],
  blockedCallIds: ReadonlySet<string> = new Set(),
): Message[] {
  const messages: Message[] = [];
  let blocks: AssistantBlock[] = [];
  let incomplete = false;
  const flush = () => {
    if (blocks.length === 0 && !incomplete) return;
    const stopReason: StopReason = incomplete
      ? 'length'
      : blocks.some((b) => b.type === 'tool_call')
        ? 'tool_use'
        : 'stop';
    messages.push({ role: 'assistant', content: blocks, stopReason });
    blocks = [];
    incomplete = false;
  };
  for (const item of items) {
    const own = assistantBlocks(item);
    if (own !== undefined) {
      blocks.push(...own);
      incomplete ||= isIncomplete(item);
      continue;
    }
    const text = userText(item);
    if (text !== undefined) {
      flush();
      messages.push({ role: 'user', content: text });
    } else if (item.type === 'function_call_result') {
      flush();
      messages.push({
        role: 'tool',
        toolCallId: item.callId,
        toolName: callName(item),
        content: toolOutputText(item.output),
        isError: blockedCallIds.has(item.callId),
      });
    }
  }
  flush();
  return messages;
}

/** The assistant messages among neutral messages, in order. */
export function assistantMessages(messages: readonly Message[]): AssistantMessage[] {
  return messages.filter((m): m is AssistantMessage => m.role === 'assistant');
}
