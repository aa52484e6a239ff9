import type { HookHost } from '../../src/index.js';

// Real-shaped input documents of each host, built the way each host documents them.

export const claudePreToolUse = (command: string, permissionMode = 'default') => ({
  session_id: 'abc123',
  transcript_path: '/home/u/.claude/projects/p/abc123.jsonl',
  cwd: '/home/u/project',
  permission_mode: permissionMode,
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command, description: 'run it' },
  tool_use_id: 'toolu_01',
});

export const claudePermissionRequest = (command: string, permissionMode = 'default') => ({
  session_id: 'abc123',
  transcript_path: '/home/u/.claude/projects/p/abc123.jsonl',
  cwd: '/home/u/project',
  permission_mode: permissionMode,
  hook_event_name: 'PermissionRequest',
  tool_name: 'Bash',
  tool_input: { command },
});

export const claudeStop = (last: string | null, active = false) => ({
  session_id: 'abc123',
  transcript_path: '/home/u/.claude/projects/p/abc123.jsonl',
  cwd: '/home/u/project',
  permission_mode: 'default',
  hook_event_name: 'Stop',
  stop_hook_active: active,
  last_assistant_message: last,
});

export const claudeSessionStart = (source: string) => ({
  session_id: 'abc123',
  transcript_path: '/home/u/.claude/projects/p/abc123.jsonl',
  cwd: '/home/u/project',
  hook_event_name: 'SessionStart',
  source,
  model: 'claude-sonnet-4-6',
});

/** The PreToolUse input schema (vendored) has no turn_id; `model` tells Codex apart. */
export const codexPreToolUse = (command: string, permissionMode = 'default') => ({
  session_id: 'th_1',
  transcript_path: null,
  cwd: '/home/u/project',
  model: 'gpt-5-codex',
  permission_mode: permissionMode,
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command },
  tool_use_id: 'call_1',
});

export const codexPermissionRequest = (command: string, permissionMode = 'default') => ({
  session_id: 'th_1',
  turn_id: 'turn_1',
  transcript_path: null,
  cwd: '/home/u/project',
  model: 'gpt-5-codex',
  permission_mode: permissionMode,
  hook_event_name: 'PermissionRequest',
  tool_name: 'Bash',
  tool_input: { command },
});

export const codexStop = (last: string | null, active = false) => ({
  session_id: 'th_1',
  turn_id: 'turn_1',
  transcript_path: null,
  cwd: '/home/u/project',
  model: 'gpt-5-codex',
  permission_mode: 'default',
  hook_event_name: 'Stop',
  stop_hook_active: active,
  last_assistant_message: last,
});

/** Copilot CLI sends toolArgs as a JSON string. */
export const copilotPreToolUse = (command: string, toolName = 'bash') => ({
  timestamp: 1704614600000,
  cwd: '/home/u/project',
  toolName,
  toolArgs: JSON.stringify({ command, description: 'run it' }),
});

export const geminiBeforeTool = (command: string) => ({
  session_id: 'g-1',
  transcript_path: '/home/u/.gemini/tmp/chats/g-1.json',
  cwd: '/home/u/project',
  hook_event_name: 'BeforeTool',
  timestamp: '2026-12-03T21:00:00.000Z',
  tool_name: 'run_shell_command',
  tool_input: { command, description: 'run it' },
});

export const geminiAfterAgent = (prompt: string, response: string, active = false) => ({
  session_id: 'g-1',
  transcript_path: '/home/u/.gemini/tmp/chats/g-1.json',
  cwd: '/home/u/project',
  hook_event_name: 'AfterAgent',
  timestamp: '2026-12-03T21:00:00.000Z',
  prompt,
  prompt_response: response,
  stop_hook_active: active,
});

export const cursorBeforeShell = (command: string) => ({
  conversation_id: 'conv-1',
  generation_id: 'gen-1',
  hook_event_name: 'beforeShellExecution',
  workspace_roots: ['/home/u/project'],
  command,
  cwd: '/home/u/project',
});

export const clinePreToolUse = (command: string, toolName = 'execute_command') => ({
  clineVersion: '3.36.0',
  hookName: 'PreToolUse',
  timestamp: '1733259600000',
  taskId: 'task-1',
  workspaceRoots: ['/home/u/project'],
  userId: 'u-1',
  preToolUse: { toolName, parameters: { command, requires_approval: 'false' } },
});

/**
 * Cline CLI 3.x (`cline` from npm): event `tool_call`, the raw input in `tool_call.input` and a
 * copy whose values are strings (lists as JSON) in `preToolUse.parameters`.
 */
export const clineToolCall = (
  name: string,
  input: unknown,
  parameters: Record<string, string> = {},
) => ({
  clineVersion: '',
  timestamp: '2026-12-03T21:00:00.000Z',
  taskId: 'task-1',
  workspaceRoots: ['/home/u/project'],
  userId: 'u',
  agent_id: 'agent-1',
  parent_agent_id: null,
  hookName: 'tool_call',
  iteration: 1,
  tool_call: { id: 'call-1', name, input },
  preToolUse: { toolName: name, parameters },
});

/** One pre-tool document per host for a tool name and input. */
export const toolDoc = (host: HookHost, tool: string, input: Record<string, unknown>) => {
  switch (host) {
    case 'claude':
      return { ...claudePreToolUse('x'), tool_name: tool, tool_input: input };
    case 'codex':
      return { ...codexPreToolUse('x'), tool_name: tool, tool_input: input };
    case 'gemini':
      return { ...geminiBeforeTool('x'), tool_name: tool, tool_input: input };
    case 'copilot':
      return { ...copilotPreToolUse('x'), toolName: tool, toolArgs: JSON.stringify(input) };
    case 'cursor':
      return {
        conversation_id: 'conv-1',
        hook_event_name: 'preToolUse',
        workspace_roots: ['/home/u/project'],
        cwd: '/home/u/project',
        tool_name: tool,
        tool_input: input,
      };
    case 'cline':
      return clineToolCall(tool, input);
  }
};
