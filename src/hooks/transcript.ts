// Reads what a Stop hook needs from the host's transcript (JSON lines): the user's last prompt
// and how many tool calls followed it. Claude Code writes `{type, message: {role, content}}`
// lines; Codex writes `{type: "response_item", payload: {type, role, content}}` lines.
// Anything unreadable yields unknowns, which never draw a retry.

export interface TranscriptFacts {
  userPrompt: string | null;
  toolCalls: number | undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The facts from a transcript's text (only its tail is needed). */
export function transcriptFacts(text: string): TranscriptFacts {
  let userPrompt: string | null = null;
  let toolCalls: number | undefined;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    const item = entryItem(entry);
    if (item === undefined) continue;
    if (item.prompt !== undefined) {
      userPrompt = item.prompt;
      toolCalls = 0;
    } else if (item.toolCalls > 0 && toolCalls !== undefined) toolCalls += item.toolCalls;
  }
  return { userPrompt, toolCalls };
}

function entryItem(entry: unknown): { prompt?: string; toolCalls: number } | undefined {
  if (!isObject(entry)) return undefined;
  // Codex rollout line.
  if (entry.type === 'response_item' && isObject(entry.payload)) {
    const p = entry.payload;
    if (
      p.type === 'function_call' ||
      p.type === 'local_shell_call' ||
      p.type === 'custom_tool_call'
    )
      return { toolCalls: 1 };
    if (p.type === 'message' && p.role === 'user') {
      const text = textOf(p.content, 'input_text');
      return text === undefined ? undefined : { prompt: text, toolCalls: 0 };
    }
    return undefined;
  }
  // Claude Code line.
  const message = entry.message;
  if (!isObject(message)) return undefined;
  if (entry.type === 'assistant' || message.role === 'assistant') {
    const content = Array.isArray(message.content) ? message.content : [];
    return { toolCalls: content.filter((b) => isObject(b) && b.type === 'tool_use').length };
  }
  if (entry.type === 'user' || message.role === 'user') {
    if (entry.isMeta === true) return undefined;
    const text = textOf(message.content, 'text');
    return text === undefined ? undefined : { prompt: text, toolCalls: 0 };
  }
  return undefined;
}

/** A user message's own text; a message of tool results only is not a prompt. */
function textOf(content: unknown, blockType: string): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const texts = content
    .filter((b): b is Record<string, unknown> => isObject(b) && b.type === blockType)
    .map((b) => (typeof b.text === 'string' ? b.text : ''));
  return texts.length === 0 ? undefined : texts.join('\n');
}
