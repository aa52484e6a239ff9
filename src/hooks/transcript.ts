// Reads what a Stop hook needs from the host's transcript (JSON lines): the user's last prompt
// and how many tool calls followed it. Claude Code writes `{type, message: {role, content}}`
// lines; Codex writes `{type: "response_item", payload: {type, role, content}}` lines; Gemini
// CLI writes its chat recording: `{id, type: "user"|"gemini", content, toolCalls?}` lines, a
// message written again under the same id when it changes, and `{$rewindTo: id}` lines that
// drop that message and all after it. Anything unreadable yields unknowns.

export interface TranscriptFacts {
  userPrompt: string | null;
  toolCalls: number | undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The facts from a transcript's text (only its tail is needed). */
export function transcriptFacts(text: string): TranscriptFacts {
  const entries: unknown[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      entries.push(JSON.parse(line));
    } catch {
      // The tail may start inside a line.
    }
  }
  if (entries.some(isGeminiRecord)) return geminiFacts(entries);
  let userPrompt: string | null = null;
  let toolCalls: number | undefined;
  for (const entry of entries) {
    const item = entryItem(entry);
    if (item === undefined) continue;
    if (item.prompt !== undefined) {
      userPrompt = item.prompt;
      toolCalls = 0;
    } else if (item.toolCalls > 0 && toolCalls !== undefined) toolCalls += item.toolCalls;
  }
  return { userPrompt, toolCalls };
}

/** A Gemini CLI message record (Claude's and Codex's lines have no `id` beside a `type`). */
function isGeminiRecord(entry: unknown): entry is Record<string, unknown> {
  return (
    isObject(entry) &&
    typeof entry.id === 'string' &&
    (entry.type === 'user' || entry.type === 'gemini') &&
    'content' in entry &&
    !('message' in entry)
  );
}

function geminiFacts(entries: readonly unknown[]): TranscriptFacts {
  // Message id -> its latest record, in the order the messages were first written.
  const messages = new Map<string, Record<string, unknown>>();
  for (const entry of entries) {
    if (!isObject(entry)) continue;
    if (typeof entry.$rewindTo === 'string') {
      let found = false;
      for (const id of [...messages.keys()]) {
        if (id === entry.$rewindTo) found = true;
        if (found) messages.delete(id);
      }
      if (!found) messages.clear();
    } else if (isGeminiRecord(entry)) messages.set(entry.id as string, entry);
  }
  let userPrompt: string | null = null;
  let toolCalls: number | undefined;
  for (const record of messages.values()) {
    if (record.type === 'user') {
      const text = geminiText(record.content);
      if (text === undefined) continue;
      userPrompt = text;
      toolCalls = 0;
    } else if (toolCalls !== undefined && Array.isArray(record.toolCalls))
      toolCalls += record.toolCalls.length;
  }
  return { userPrompt, toolCalls };
}

/** A Gemini `PartListUnion`: a string, a part, or a list of them; the text parts joined. */
function geminiText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  const parts = Array.isArray(content) ? content : [content];
  const texts = parts
    .map((p) =>
      typeof p === 'string' ? p : isObject(p) && typeof p.text === 'string' ? p.text : undefined,
    )
    .filter((t): t is string => t !== undefined);
  return texts.length === 0 ? undefined : texts.join('\n');
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
