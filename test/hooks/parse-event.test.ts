import { describe, expect, it } from 'vitest';
import { parseHookEvent } from '../../src/hooks/event.js';
import type { HookHost } from '../../src/hooks/hosts.js';
import * as f from './fixtures.js';

// Each host's documents read into the event the judges see, field by field: the session, the
// working directory, the transcript, the tool and its shell commands, the Stop fields.

const shellLs = { shell: 'bash', command: 'ls', commands: ['ls'] };

const cases: [string, HookHost, unknown, unknown][] = [
  [
    'Claude PreToolUse',
    'claude',
    f.claudePreToolUse('ls'),
    {
      host: 'claude',
      kind: 'pre-tool',
      eventName: 'PreToolUse',
      permissionMode: 'default',
      sessionId: 'abc123',
      cwd: '/home/u/project',
      transcriptPath: '/home/u/.claude/projects/p/abc123.jsonl',
      toolName: 'Bash',
      toolInput: { command: 'ls', description: 'run it' },
      ...shellLs,
    },
  ],
  [
    'Claude Stop, continued',
    'claude',
    f.claudeStop('done', true),
    {
      host: 'claude',
      kind: 'stop',
      eventName: 'Stop',
      permissionMode: 'default',
      sessionId: 'abc123',
      cwd: '/home/u/project',
      transcriptPath: '/home/u/.claude/projects/p/abc123.jsonl',
      stopHookActive: true,
      lastAssistantMessage: 'done',
    },
  ],
  [
    'Claude SessionStart',
    'claude',
    f.claudeSessionStart('compact'),
    {
      host: 'claude',
      kind: 'session-start',
      eventName: 'SessionStart',
      sessionId: 'abc123',
      cwd: '/home/u/project',
      transcriptPath: '/home/u/.claude/projects/p/abc123.jsonl',
      source: 'compact',
    },
  ],
  [
    'Codex Stop without a message',
    'codex',
    f.codexStop(null),
    {
      host: 'codex',
      kind: 'stop',
      eventName: 'Stop',
      permissionMode: 'default',
      sessionId: 'th_1',
      cwd: '/home/u/project',
      stopHookActive: false,
      lastAssistantMessage: null,
    },
  ],
  [
    'Gemini BeforeTool',
    'gemini',
    f.geminiBeforeTool('ls'),
    {
      host: 'gemini',
      kind: 'pre-tool',
      eventName: 'BeforeTool',
      sessionId: 'g-1',
      cwd: '/home/u/project',
      transcriptPath: '/home/u/.gemini/tmp/chats/g-1.json',
      toolName: 'run_shell_command',
      toolInput: { command: 'ls', description: 'run it' },
      ...shellLs,
    },
  ],
  [
    'Gemini AfterAgent',
    'gemini',
    f.geminiAfterAgent('p', 'r'),
    {
      host: 'gemini',
      kind: 'stop',
      eventName: 'AfterAgent',
      sessionId: 'g-1',
      cwd: '/home/u/project',
      transcriptPath: '/home/u/.gemini/tmp/chats/g-1.json',
      stopHookActive: false,
      lastAssistantMessage: 'r',
      prompt: 'p',
    },
  ],
  [
    'Gemini SessionStart',
    'gemini',
    { hook_event_name: 'SessionStart', session_id: 'g', source: 'resume' },
    {
      host: 'gemini',
      kind: 'session-start',
      eventName: 'SessionStart',
      sessionId: 'g',
      source: 'resume',
    },
  ],
  [
    'Copilot, toolArgs as a JSON string',
    'copilot',
    f.copilotPreToolUse('ls'),
    {
      host: 'copilot',
      kind: 'pre-tool',
      eventName: 'preToolUse',
      cwd: '/home/u/project',
      toolName: 'bash',
      toolInput: { command: 'ls', description: 'run it' },
      ...shellLs,
    },
  ],
  [
    'Copilot, toolArgs as an object',
    'copilot',
    { toolName: 'bash', toolArgs: { command: 'ls' } },
    {
      host: 'copilot',
      kind: 'pre-tool',
      eventName: 'preToolUse',
      toolName: 'bash',
      toolInput: { command: 'ls' },
      ...shellLs,
    },
  ],
  [
    'Cursor beforeShellExecution',
    'cursor',
    f.cursorBeforeShell('ls'),
    {
      host: 'cursor',
      kind: 'pre-tool',
      eventName: 'beforeShellExecution',
      sessionId: 'conv-1',
      cwd: '/home/u/project',
      toolName: 'Shell',
      toolInput: { command: 'ls' },
      ...shellLs,
    },
  ],
  [
    'Cursor, a command without an event name, cwd from the workspace root',
    'cursor',
    { command: 'ls', workspace_roots: ['/w'] },
    {
      host: 'cursor',
      kind: 'pre-tool',
      eventName: 'beforeShellExecution',
      cwd: '/w',
      toolName: 'Shell',
      toolInput: { command: 'ls' },
      ...shellLs,
    },
  ],
  [
    'Cursor beforeReadFile',
    'cursor',
    { hook_event_name: 'beforeReadFile', file_path: '/a', conversation_id: 'c' },
    {
      host: 'cursor',
      kind: 'pre-tool',
      eventName: 'beforeReadFile',
      sessionId: 'c',
      toolName: 'Read',
      toolInput: { file_path: '/a' },
    },
  ],
  [
    'Cursor beforeMCPExecution',
    'cursor',
    { hook_event_name: 'beforeMCPExecution', tool_name: 'q', tool_input: { a: 1 } },
    {
      host: 'cursor',
      kind: 'pre-tool',
      eventName: 'beforeMCPExecution',
      toolName: 'mcp__q',
      toolInput: { a: 1 },
    },
  ],
  [
    'Cursor stop (not judged)',
    'cursor',
    { hook_event_name: 'stop' },
    { host: 'cursor', kind: 'other', eventName: 'stop' },
  ],
  [
    'Cline PreToolUse',
    'cline',
    f.clinePreToolUse('ls'),
    {
      host: 'cline',
      kind: 'pre-tool',
      eventName: 'PreToolUse',
      sessionId: 'task-1',
      cwd: '/home/u/project',
      toolName: 'execute_command',
      toolInput: { command: 'ls', requires_approval: 'false' },
      ...shellLs,
    },
  ],
  [
    'Cline CLI tool_call: the raw input wins over the stringified copy',
    'cline',
    f.clineToolCall('run_commands', { commands: ['ls'] }, { commands: '["ls"]' }),
    {
      host: 'cline',
      kind: 'pre-tool',
      eventName: 'tool_call',
      sessionId: 'task-1',
      cwd: '/home/u/project',
      toolName: 'run_commands',
      toolInput: { commands: ['ls'] },
      ...shellLs,
    },
  ],
  [
    'Cline use_mcp_tool',
    'cline',
    {
      hookName: 'PreToolUse',
      preToolUse: { toolName: 'use_mcp_tool', parameters: { server_name: 's', tool_name: 't' } },
    },
    {
      host: 'cline',
      kind: 'pre-tool',
      eventName: 'PreToolUse',
      toolName: 'mcp__s__t',
      toolInput: { server_name: 's', tool_name: 't' },
    },
  ],
  [
    'Cline TaskComplete (not judged)',
    'cline',
    { hookName: 'TaskComplete', taskId: 't' },
    { host: 'cline', kind: 'other', eventName: 'TaskComplete', sessionId: 't' },
  ],
  [
    'Cline without hookName: preToolUse names the event',
    'cline',
    { preToolUse: { toolName: 'read_file', parameters: { path: 'a' } } },
    {
      host: 'cline',
      kind: 'pre-tool',
      eventName: 'PreToolUse',
      toolName: 'read_file',
      toolInput: { path: 'a' },
    },
  ],
];

describe('parseHookEvent', () => {
  it.each(cases)('%s', (_l, host, doc, event) => {
    expect(parseHookEvent(host, doc)).toEqual({ ok: true, event });
  });
});
