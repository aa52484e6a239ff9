import type { HookHost } from './hosts.js';
import { toolRow } from './tool-table.js';

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
  /** The shell command; for a call that runs several, the first (all are in `commands`). */
  command?: string;
  /** Every shell command of the call (Cline's `run_commands` runs a list); each is judged. */
  commands?: string[];
  /** The tool's input as the host sent it, for judging writes (plan file) in plan mode. */
  toolInput?: unknown;
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

/** Single-quotes one word for the shell analyzer (argv run without a shell). */
const quoteWord = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * The shell commands in a tool input: a string, an argv list, or (Cline's `run_commands`) a
 * list of strings and `{command, args}` entries. Undefined when the shape is not one of
 * those, which in plan mode is a deny.
 */
export function commandsOf(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) {
    if (value.length === 0) return undefined;
    const out: string[] = [];
    for (const item of value) {
      const commands =
        typeof item === 'string' ? [item] : isObject(item) ? structured(item) : undefined;
      if (commands === undefined) return undefined;
      out.push(...commands);
    }
    return out;
  }
  if (isObject(value)) {
    if ('commands' in value) return commandsOf(value.commands);
    if (typeof value.command === 'string' && !('args' in value)) return [value.command];
    if (Array.isArray(value.command)) return argvCommand(value.command);
    if (typeof value.cmd === 'string') return [value.cmd];
    return structured(value);
  }
  return undefined;
}

/** `{command, args}`: the program and its arguments, run without a shell. */
function structured(entry: Record<string, unknown>): string[] | undefined {
  const args = entry.args ?? [];
  if (typeof entry.command !== 'string' || !Array.isArray(args)) return undefined;
  if (!args.every((a) => typeof a === 'string')) return undefined;
  if (args.length === 0) return [entry.command];
  return [[entry.command, ...(args as string[])].map(quoteWord).join(' ')];
}

function argvCommand(argv: unknown[]): string[] | undefined {
  if (argv.length === 0 || !argv.every((a) => typeof a === 'string')) return undefined;
  return [(argv as string[]).map(quoteWord).join(' ')];
}

/**
 * Fills in what the host's tool table says about a tool call: the shell command(s) of a shell
 * tool, and the raw input for the judge. A shell tool whose command cannot be read is
 * malformed (a deny in plan mode), never a tool without a command.
 */
function toolCall(
  event: HookEvent,
  toolName: string,
  toolInput: unknown,
  shellField: (input: unknown) => unknown = (i) => (isObject(i) ? i.command : undefined),
): ParsedEvent {
  const base: HookEvent = { ...event, toolName, toolInput };
  const row = toolRow(event.host, toolName);
  if (row?.class !== 'shell') return { ok: true, event: base };
  const shell = /powershell/i.test(toolName) ? 'other' : 'bash';
  const commands = commandsOf(shellField(toolInput));
  if (commands === undefined || commands.length === 0)
    return { ok: false, reason: `the ${toolName} call has no command planfirst can read` };
  return { ok: true, event: { ...base, shell, command: commands[0] as string, commands } };
}

/** Events each host sends that run no tool: answered neutrally, never judged. */
const quietEvents: Record<HookHost, ReadonlySet<string>> = {
  claude: new Set([
    'PostToolUse',
    'PostToolUseFailure',
    'UserPromptSubmit',
    'Notification',
    'SubagentStart',
    'SubagentStop',
    'PreCompact',
    'SessionEnd',
  ]),
  codex: new Set([
    'PostToolUse',
    'UserPromptSubmit',
    'Notification',
    'SubagentStart',
    'SubagentStop',
    'PreCompact',
    'PostCompact',
    'SessionEnd',
    'StopFailure',
  ]),
  gemini: new Set([
    'AfterTool',
    'BeforeAgent',
    'BeforeModel',
    'AfterModel',
    'BeforeToolSelection',
    'PreCompress',
    'SessionEnd',
    'Notification',
  ]),
  copilot: new Set(),
  cursor: new Set([
    'afterFileEdit',
    'afterShellExecution',
    'afterMCPExecution',
    'afterAgentResponse',
    'afterAgentThought',
    'beforeSubmitPrompt',
    'postToolUse',
    'postToolUseFailure',
    'subagentStart',
    'subagentStop',
    'preCompact',
    'sessionStart',
    'sessionEnd',
    'stop',
    'beforeTabFileRead',
    'afterTabFileEdit',
  ]),
  cline: new Set([
    'PostToolUse',
    'tool_result',
    'TaskStart',
    'agent_start',
    'TaskResume',
    'agent_resume',
    'UserPromptSubmit',
    'prompt_submit',
    'TaskComplete',
    'agent_end',
    'TaskCancel',
    'agent_abort',
    'TaskError',
    'agent_error',
    'SessionShutdown',
    'session_shutdown',
    'PreCompact',
    'pre_compact',
  ]),
};

/** An event the hook does not judge: known ones are neutral, unknown ones unreadable. */
function otherEvent(event: HookEvent): ParsedEvent {
  if (quietEvents[event.host].has(event.eventName)) return { ok: true, event };
  return { ok: false, reason: `unknown event ${JSON.stringify(event.eventName)}` };
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
  const kind = Object.hasOwn(claudeKinds, eventName) ? claudeKinds[eventName] : 'other';
  const event = withOptional(
    { host, kind: kind ?? 'other', eventName },
    {
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
  if (kind === 'session-start') return { ok: true, event };
  if (kind !== 'pre-tool' && kind !== 'permission') return otherEvent(event);
  const toolName = str(input.tool_name);
  if (toolName === undefined) return { ok: false, reason: 'tool_name is missing' };
  if (!isObject(input.tool_input)) return { ok: false, reason: 'tool_input is missing' };
  return toolCall(event, toolName, input.tool_input);
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
  if (eventName !== 'BeforeTool') return otherEvent(base);
  const toolName = str(input.tool_name);
  if (toolName === undefined) return { ok: false, reason: 'tool_name is missing' };
  if (!isObject(input.tool_input)) return { ok: false, reason: 'tool_input is missing' };
  return toolCall({ ...base, kind: 'pre-tool' }, toolName, input.tool_input);
}

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
  if (!isObject(args)) return { ok: false, reason: 'toolArgs is not an object' };
  const event = withOptional(
    { host: 'copilot', kind: 'pre-tool', eventName: 'preToolUse' },
    { cwd: str(input.cwd) },
  );
  return toolCall(event, toolName, args);
}

function cursor(input: Record<string, unknown>): ParsedEvent {
  const eventName =
    str(input.hook_event_name) ?? (typeof input.command === 'string' ? 'beforeShellExecution' : '');
  if (eventName === '') return { ok: false, reason: 'hook_event_name is missing' };
  const roots = Array.isArray(input.workspace_roots) ? input.workspace_roots : [];
  const event = withOptional(
    { host: 'cursor', kind: 'pre-tool', eventName },
    { sessionId: str(input.conversation_id), cwd: str(input.cwd) ?? str(roots[0]) },
  );
  switch (eventName) {
    case 'beforeShellExecution':
      return toolCall(event, 'Shell', { command: input.command });
    case 'beforeReadFile':
      return toolCall(event, 'Read', { file_path: input.file_path });
    case 'beforeMCPExecution': {
      const name = str(input.tool_name);
      if (name === undefined) return { ok: false, reason: 'tool_name is missing' };
      return toolCall(event, `mcp__${name}`, input.tool_input);
    }
    case 'preToolUse': {
      const name = str(input.tool_name);
      if (name === undefined) return { ok: false, reason: 'tool_name is missing' };
      return toolCall(event, name, input.tool_input);
    }
    default:
      return otherEvent({ ...event, kind: 'other' });
  }
}

function cline(input: Record<string, unknown>): ParsedEvent {
  const eventName = str(input.hookName) ?? (isObject(input.preToolUse) ? 'PreToolUse' : undefined);
  if (eventName === undefined) return { ok: false, reason: 'hookName is missing' };
  const roots = Array.isArray(input.workspaceRoots) ? input.workspaceRoots : [];
  const event = withOptional(
    { host: 'cline', kind: 'other', eventName },
    { sessionId: str(input.taskId), cwd: str(roots[0]) },
  );
  if (eventName !== 'PreToolUse' && eventName !== 'tool_call') return otherEvent(event);
  // Cline CLI 3.x sends the raw input in `tool_call` and a copy with every value turned into a
  // string in `preToolUse.parameters`; the VS Code extension sends `preToolUse` only.
  const raw = isObject(input.tool_call) ? input.tool_call : undefined;
  const call = isObject(input.preToolUse) ? input.preToolUse : undefined;
  const toolName = str(raw?.name) ?? str(call?.toolName);
  if (toolName === undefined) return { ok: false, reason: 'the tool name is missing' };
  const toolInput = raw !== undefined && 'input' in raw ? raw.input : call?.parameters;
  if (toolInput === undefined) return { ok: false, reason: 'the tool input is missing' };
  if (toolName === 'use_mcp_tool' && isObject(toolInput))
    return toolCall(
      { ...event, kind: 'pre-tool' },
      `mcp__${String(toolInput.server_name)}__${String(toolInput.tool_name)}`,
      toolInput,
    );
  return toolCall({ ...event, kind: 'pre-tool' }, toolName, toolInput, clineCommands);
}

/** `run_commands` input; in `preToolUse.parameters` its list arrives as a JSON string. */
function clineCommands(toolInput: unknown): unknown {
  if (!isObject(toolInput)) return toolInput;
  if (!('commands' in toolInput)) return toolInput.command ?? toolInput.cmd;
  const commands = toolInput.commands;
  if (typeof commands !== 'string') return commands;
  try {
    return JSON.parse(commands);
  } catch {
    // A plain command string.
    return commands;
  }
}
