import type { HookHost } from './hosts.js';

// One input document, whatever the host, as the few facts the hook judges. Parsing never
// throws: a document that is not the host's shape is `{ ok: false }` with the reason.

/** What happened: a tool is about to run, a permission dialog would open, a turn ends, … */
export type HookEventKind = 'pre-tool' | 'permission' | 'stop' | 'session-start' | 'other';

export interface HookEvent {
  host: HookHost;
  kind: HookEventKind;
  /** The host's own name of the event (`PreToolUse`, `beforeShellExecution`, …). */
  eventName: string;
  toolName?: string;
  /**
   * `bash` when the tool runs a POSIX shell command (then `command` is set), `other` for a shell
   * planfirst cannot judge (PowerShell), undefined for a tool that runs no shell.
   */
  shell?: 'bash' | 'other';
  command?: string;
  /** Claude Code and Codex: `default`, `plan`, `acceptEdits`, … */
  permissionMode?: string;
  sessionId?: string;
  cwd?: string;
  transcriptPath?: string;
  /** Stop: a stop hook already made the agent continue in this turn. */
  stopHookActive?: boolean;
  /** Stop: the agent's final text (null when the host sent none). */
  lastAssistantMessage?: string | null;
  /** Stop (Gemini CLI): the user's prompt of this turn. */
  prompt?: string;
  /** SessionStart: `startup`, `resume`, `clear`, `compact`. */
  source?: string;
}

export type ParsedEvent = { ok: true; event: HookEvent } | { ok: false; reason: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Tools that leave a plan mode: approving them is the user's call, never a hook's. */
export function isExitPlanTool(name: string | undefined): boolean {
  return name !== undefined && /^exit_?plan_?mode$/i.test(name);
}

/** Reads one host's input document. */
export function parseHookEvent(host: HookHost, input: unknown): ParsedEvent {
  if (!isObject(input)) return { ok: false, reason: 'the input is not a JSON object' };
  switch (host) {
    case 'claude':
    case 'codex':
      return claudeLike(host, input);
    case 'gemini':
      return gemini(input);
    case 'copilot':
      return copilot(input);
    case 'cursor':
      return cursor(input);
    case 'cline':
      return cline(input);
  }
}

/** Copies the optional fields that are present, so absent ones stay absent. */
function withOptional(
  event: HookEvent,
  fields: { [K in keyof HookEvent]?: HookEvent[K] | undefined },
): HookEvent {
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) (event as unknown as Record<string, unknown>)[key] = value;
  return event;
}

function shellCommand(
  event: HookEvent,
  shell: 'bash' | 'other' | undefined,
  toolInput: unknown,
  field = 'command',
): ParsedEvent {
  if (shell === undefined) return { ok: true, event };
  const command = isObject(toolInput) ? toolInput[field] : undefined;
  if (typeof command !== 'string')
    return { ok: false, reason: `the ${event.toolName ?? 'shell'} call has no ${field} string` };
  return { ok: true, event: { ...event, shell, command } };
}

const claudeKinds: Record<string, HookEventKind> = {
  PreToolUse: 'pre-tool',
  PermissionRequest: 'permission',
  Stop: 'stop',
  SessionStart: 'session-start',
};

function claudeLike(host: 'claude' | 'codex', input: Record<string, unknown>): ParsedEvent {
  const eventName = str(input.hook_event_name);
  if (eventName === undefined) return { ok: false, reason: 'hook_event_name is missing' };
  const kind = claudeKinds[eventName] ?? 'other';
  const toolName = str(input.tool_name);
  const event = withOptional(
    { host, kind, eventName },
    {
      toolName,
      permissionMode: str(input.permission_mode),
      sessionId: str(input.session_id),
      cwd: str(input.cwd),
      transcriptPath: str(input.transcript_path),
      source: str(input.source),
    },
  );
  if (kind === 'stop') {
    const last = input.last_assistant_message;
    return {
      ok: true,
      event: {
        ...event,
        stopHookActive: input.stop_hook_active === true,
        lastAssistantMessage: typeof last === 'string' ? last : null,
      },
    };
  }
  if (kind !== 'pre-tool' && kind !== 'permission') return { ok: true, event };
  if (toolName === undefined) return { ok: false, reason: 'tool_name is missing' };
  return shellCommand(event, toolName === 'Bash' ? 'bash' : undefined, input.tool_input);
}

function gemini(input: Record<string, unknown>): ParsedEvent {
  const eventName = str(input.hook_event_name);
  if (eventName === undefined) return { ok: false, reason: 'hook_event_name is missing' };
  const base = withOptional(
    { host: 'gemini', kind: 'other', eventName },
    {
      sessionId: str(input.session_id),
      cwd: str(input.cwd),
      transcriptPath: str(input.transcript_path),
      source: str(input.source),
    },
  );
  if (eventName === 'AfterAgent') {
    const response = input.prompt_response;
    return {
      ok: true,
      event: withOptional(
        {
          ...base,
          kind: 'stop',
          stopHookActive: input.stop_hook_active === true,
          lastAssistantMessage: typeof response === 'string' ? response : null,
        },
        { prompt: str(input.prompt) },
      ),
    };
  }
  if (eventName === 'SessionStart') return { ok: true, event: { ...base, kind: 'session-start' } };
  if (eventName !== 'BeforeTool') return { ok: true, event: base };
  const toolName = str(input.tool_name);
  if (toolName === undefined) return { ok: false, reason: 'tool_name is missing' };
  const event: HookEvent = { ...base, kind: 'pre-tool', toolName };
  return shellCommand(
    event,
    toolName === 'run_shell_command' ? 'bash' : undefined,
    input.tool_input,
  );
}

const copilotShells: Record<string, 'bash' | 'other'> = {
  bash: 'bash',
  shell: 'bash',
  powershell: 'other',
};

function copilot(input: Record<string, unknown>): ParsedEvent {
  const toolName = str(input.toolName);
  if (toolName === undefined) return { ok: false, reason: 'toolName is missing' };
  // The CLI sends toolArgs as a JSON string, the SDK as an object.
  let args: unknown = input.toolArgs;
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args);
    } catch {
      return { ok: false, reason: 'toolArgs is not valid JSON' };
    }
  }
  const event = withOptional(
    { host: 'copilot', kind: 'pre-tool', eventName: 'preToolUse', toolName },
    { cwd: str(input.cwd) },
  );
  return shellCommand(
    event,
    Object.hasOwn(copilotShells, toolName) ? copilotShells[toolName] : undefined,
    args,
  );
}

function cursor(input: Record<string, unknown>): ParsedEvent {
  const eventName = str(input.hook_event_name) ?? 'beforeShellExecution';
  const roots = Array.isArray(input.workspace_roots) ? input.workspace_roots : [];
  const event = withOptional(
    { host: 'cursor', kind: 'other', eventName },
    { sessionId: str(input.conversation_id), cwd: str(input.cwd) ?? str(roots[0]) },
  );
  if (eventName !== 'beforeShellExecution') return { ok: true, event };
  return shellCommand({ ...event, kind: 'pre-tool', toolName: 'shell' }, 'bash', input);
}

function cline(input: Record<string, unknown>): ParsedEvent {
  const eventName = str(input.hookName) ?? (isObject(input.preToolUse) ? 'PreToolUse' : undefined);
  if (eventName === undefined) return { ok: false, reason: 'hookName is missing' };
  const roots = Array.isArray(input.workspaceRoots) ? input.workspaceRoots : [];
  const event = withOptional(
    { host: 'cline', kind: 'other', eventName },
    { sessionId: str(input.taskId), cwd: str(roots[0]) },
  );
  if (eventName !== 'PreToolUse') return { ok: true, event };
  const call = input.preToolUse;
  if (!isObject(call)) return { ok: false, reason: 'preToolUse is missing' };
  const toolName = str(call.toolName);
  if (toolName === undefined) return { ok: false, reason: 'preToolUse.toolName is missing' };
  return shellCommand(
    { ...event, kind: 'pre-tool', toolName },
    toolName === 'execute_command' ? 'bash' : undefined,
    call.parameters,
  );
}
