// The coding agents the hook speaks to, and how to tell them apart from one input document.

export const HookHosts = ['claude', 'codex', 'copilot', 'gemini', 'cursor', 'cline'] as const;
export type HookHost = (typeof HookHosts)[number];

export function isHookHost(value: unknown): value is HookHost {
  return typeof value === 'string' && (HookHosts as readonly string[]).includes(value);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Guesses the host from the input's shape, for `planfirst hook auto`. Each host has a field no
 * other sends; a document that matches none is undefined (the caller treats it as malformed).
 * Claude Code and Codex share a shape: Codex alone sends `turn_id` and `model` on tool and stop
 * events.
 */
export function detectHost(input: unknown): HookHost | undefined {
  if (!isObject(input)) return undefined;
  if (isObject(input.preToolUse) || typeof input.clineVersion === 'string') return 'cline';
  if ('toolArgs' in input && typeof input.toolName === 'string') return 'copilot';
  if (typeof input.conversation_id === 'string' || Array.isArray(input.workspace_roots))
    return 'cursor';
  const event = input.hook_event_name;
  if (event === 'BeforeTool' || event === 'AfterAgent' || event === 'BeforeAgent') return 'gemini';
  if (typeof event !== 'string') return undefined;
  // Claude Code sends `model` only on SessionStart, where both hosts read the same output.
  if (typeof input.turn_id === 'string' || typeof input.model === 'string') return 'codex';
  return 'claude';
}
