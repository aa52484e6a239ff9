import type { JsonValue } from './json.js';
import { type AssistantBlock, type AssistantMessage, stopReasonValues } from './messages.js';

// The driver validates every model response; zod's parse of a message with tool-call inputs
// was the largest cost of a turn. This copies a plainly valid message in one pass and returns
// exactly what assistantMessageSchema.parse would (unknown keys dropped, a fresh object the
// host can no longer mutate). Anything unusual returns undefined, and the caller falls back to
// the schema, which stays the judge and the source of error messages.

const stopReasons: ReadonlySet<unknown> = new Set(stopReasonValues);
const MAX_DEPTH = 64;

const isPlain = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** A validated copy of a model response, or undefined to let the schema decide. */
export function copyAssistantMessage(
  value: unknown,
  /** `anyCallId`: a tool-call id that is missing, empty or not a string is copied as `''`. */
  read: { anyCallId?: boolean } = {},
): AssistantMessage | undefined {
  if (!isPlain(value)) return undefined;
  // Each field read once: a getter must not show the check one value and the copy another.
  const { role, stopReason, content } = value;
  if (role !== 'assistant' || !stopReasons.has(stopReason) || !Array.isArray(content))
    return undefined;
  const blocks: AssistantBlock[] = [];
  for (let i = 0; i < content.length; i++) {
    const block = copyBlock(content[i], read.anyCallId === true);
    if (block === undefined) return undefined;
    blocks.push(block);
  }
  const message: AssistantMessage = {
    role: 'assistant',
    content: blocks,
    stopReason: stopReason as AssistantMessage['stopReason'],
  };
  if ('model' in value) {
    const model = value.model;
    if (typeof model !== 'string') return undefined;
    message.model = model;
  }
  return message;
}

function copyBlock(block: unknown, anyCallId: boolean): AssistantBlock | undefined {
  if (!isPlain(block)) return undefined;
  switch (block.type) {
    case 'text': {
      const text = block.text;
      return typeof text === 'string' ? { type: 'text', text } : undefined;
    }
    case 'thinking': {
      const thinking = block.thinking;
      return typeof thinking === 'string' ? { type: 'thinking', thinking } : undefined;
    }
    case 'tool_call': {
      const { name } = block;
      let id = block.id;
      if (anyCallId && typeof id !== 'string') id = '';
      if (typeof id !== 'string' || (id === '' && !anyCallId) || typeof name !== 'string')
        return undefined;
      if (!('input' in block)) return undefined;
      const input = copyJson(block.input, 0);
      return input === undefined ? undefined : { type: 'tool_call', id, name, input };
    }
    default:
      return undefined;
  }
}

function copyJson(value: unknown, depth: number): JsonValue | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : undefined;
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return null;
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    const out: JsonValue[] = [];
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) return undefined;
      const item = copyJson(value[i], depth + 1);
      if (item === undefined) return undefined;
      out.push(item);
    }
    return out;
  }
  if (!isPlain(value) || Object.getOwnPropertySymbols(value).length > 0) return undefined;
  const out: { [key: string]: JsonValue } = {};
  for (const key of Object.keys(value)) {
    // zod would assign this key and replace the copy's prototype; leave it to zod.
    if (key === '__proto__') return undefined;
    const item = copyJson(value[key], depth + 1);
    if (item === undefined) return undefined;
    out[key] = item;
  }
  return out;
}
