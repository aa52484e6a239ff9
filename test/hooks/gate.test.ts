import { describe, expect, it } from 'vitest';
import { HookCodes, type HookHost, judgeHookEvent } from '../../src/index.js';
import * as f from './fixtures.js';

const { toolDoc } = f;

// planfirst's plan mode as the full default-deny gate: every tool of every host is judged by
// the host's tool table; reads pass, writes only for the plan file, everything else is denied.

const project = '/home/u/project';
const plan = {
  planMode: true,
  planFile: { path: '.planfirst/plan.md', projectDir: project },
} as const;

const verdict = (host: HookHost, tool: string, input: Record<string, unknown>, policy = {}) =>
  judgeHookEvent(host, toolDoc(host, tool, input), { ...plan, ...policy }).judgement;

describe('Cline CLI 3.x: event tool_call, run_commands with a list of commands', () => {
  const doc = (commands: unknown) =>
    f.clineToolCall('run_commands', { commands }, { commands: JSON.stringify(commands) });

  it('denies when any one command of the list writes', () => {
    const a = judgeHookEvent('cline', doc(['ls', 'echo pwned > MARKER']), { planMode: true });
    expect(JSON.parse(a.stdout).cancel).toBe(true);
    expect(a.judgement.code).toBe(HookCodes.notReadOnly);
    expect(a.judgement.reason).toContain('echo pwned > MARKER');
  });

  it('lets a list of read-only commands through', () => {
    const a = judgeHookEvent('cline', doc(['ls', 'git status']), { planMode: true });
    expect(JSON.parse(a.stdout)).toEqual({ cancel: false });
    expect(a.judgement.argv).toEqual([['ls'], ['git', 'status']]);
  });

  it('reads the list from preToolUse.parameters when tool_call is absent (a JSON string)', () => {
    const { tool_call: _drop, ...rest } = doc(['cat a', 'rm -rf src']);
    const a = judgeHookEvent('cline', rest, { planMode: true });
    expect(a.judgement.verdict).toBe('deny');
  });

  it('structured {command, args} entries are judged as the argv they run', () => {
    const a = judgeHookEvent('cline', doc([{ command: 'rm', args: ['-rf', 'src'] }]), {
      planMode: true,
    });
    expect(a.judgement.verdict).toBe('deny');
    const ok = judgeHookEvent('cline', doc([{ command: 'cat', args: ['a b'] }]), {
      planMode: true,
    });
    expect(ok.judgement.argv).toEqual([['cat', 'a b']]);
  });

  it('a command list it cannot read is a deny in plan mode, neutral outside', () => {
    const bad = doc([5]);
    expect(judgeHookEvent('cline', bad, { planMode: true }).judgement.verdict).toBe('deny');
    expect(judgeHookEvent('cline', bad).judgement.verdict).toBe('neutral');
  });

  it('an unknown event name is a deny in plan mode; a known quiet one is neutral', () => {
    const unknown = { ...f.clineToolCall('read_files', {}), hookName: 'tool_call_v2' };
    expect(JSON.parse(judgeHookEvent('cline', unknown, { planMode: true }).stdout).cancel).toBe(
      true,
    );
    const quiet = { ...f.clineToolCall('read_files', {}), hookName: 'tool_result' };
    expect(judgeHookEvent('cline', quiet, { planMode: true }).judgement.verdict).toBe('neutral');
  });

  it('keeps the VS Code extension shape', () => {
    const a = judgeHookEvent('cline', f.clinePreToolUse('rm x'), { planMode: true });
    expect(a.judgement.verdict).toBe('deny');
  });
});

describe('the full gate, per host', () => {
  const reads: [HookHost, string, Record<string, unknown>][] = [
    ['claude', 'Read', { file_path: `${project}/src/a.ts` }],
    ['codex', 'read_file', { file_path: 'src/a.ts' }],
    ['gemini', 'read_file', { file_path: 'src/a.ts' }],
    ['copilot', 'view', { path: 'src/a.ts' }],
    ['cursor', 'Read', { file_path: 'src/a.ts' }],
    ['cline', 'read_files', { files: [{ path: `${project}/src/a.ts` }] }],
  ];
  it.each(reads)('%s: %s passes', (host, tool, input) => {
    const j = verdict(host, tool, input);
    expect([j.verdict, j.code]).toEqual(['neutral', HookCodes.readOnlyTool]);
  });

  const writes: [HookHost, string, (path: string) => Record<string, unknown>][] = [
    ['claude', 'Write', (p) => ({ file_path: p, content: 'x' })],
    ['claude', 'Edit', (p) => ({ file_path: p, old_string: 'a', new_string: 'b' })],
    [
      'claude',
      'MultiEdit',
      (p) => ({ file_path: p, edits: [{ old_string: 'a', new_string: 'b' }] }),
    ],
    [
      'codex',
      'apply_patch',
      (p) => ({ command: `*** Begin Patch\n*** Add File: ${p}\n+x\n*** End Patch\n` }),
    ],
    ['gemini', 'write_file', (p) => ({ file_path: p, content: 'x' })],
    ['gemini', 'replace', (p) => ({ file_path: p, old_string: 'a', new_string: 'b' })],
    ['copilot', 'create', (p) => ({ path: p, file_text: 'x' })],
    ['copilot', 'edit', (p) => ({ path: p, old_str: 'a', new_str: 'b' })],
    ['cursor', 'Write', (p) => ({ file_path: p, contents: 'x' })],
    ['cline', 'write_to_file', (p) => ({ path: p, content: 'x' })],
    ['cline', 'editor', (p) => ({ path: p, old_text: null, new_text: 'x' })],
    [
      'cline',
      'apply_patch',
      (p) => ({ input: `*** Begin Patch\n*** Add File: ${p}\n+x\n*** End Patch\n` }),
    ],
  ];
  it.each(writes)('%s: %s may write the plan file and nothing else', (host, tool, input) => {
    const relative = host === 'codex' || host === 'cline' ? '.planfirst/plan.md' : undefined;
    const planPath = relative ?? `${project}/.planfirst/plan.md`;
    const ok = verdict(host, tool, input(tool === 'apply_patch' ? '.planfirst/plan.md' : planPath));
    expect([ok.verdict, ok.code]).toEqual(['neutral', HookCodes.planFileWrite]);
    for (const other of ['src/x.txt', `${project}/src/x.txt`, '/etc/passwd', '.planfirst/../x']) {
      const no = verdict(host, tool, input(other));
      expect([no.verdict, no.code]).toEqual(['deny', HookCodes.writeOutsidePlan]);
    }
  });

  it('an apply_patch header may name the plan file by its absolute path (Codex joins it to the working directory)', () => {
    const patch = (name: string) => `*** Begin Patch\n*** Add File: ${name}\n+x\n*** End Patch\n`;
    for (const [host, key] of [
      ['codex', 'command'],
      ['cline', 'input'],
    ] as const) {
      const ok = verdict(host, 'apply_patch', { [key]: patch(`${project}/.planfirst/plan.md`) });
      expect([ok.verdict, ok.code]).toEqual(['neutral', HookCodes.planFileWrite]);
      for (const other of [
        `${project}/.planfirst/plan.md.bak`,
        `${project}//.planfirst/plan.md`,
        `/other${project}/.planfirst/plan.md`,
        `${project}/sub/../.planfirst/plan.md`,
      ])
        expect(verdict(host, 'apply_patch', { [key]: patch(other) }).verdict).toBe('deny');
    }
    // A diff header is read with strip levels: the absolute spelling never counts there.
    const diff = `--- ${project}/.planfirst/plan.md\n+++ ${project}/.planfirst/plan.md\n@@ -1 +1 @@\n-a\n+b\n`;
    expect(verdict('codex', 'apply_patch', { command: diff }).verdict).toBe('deny');
  });

  it('a refused write names its target without any local path (relative to the project, or only as outside it)', () => {
    for (const [host, tool, input] of writes) {
      const inside = judgeHookEvent(host, toolDoc(host, tool, input(`${project}/src/x.txt`)), plan);
      expect(inside.judgement.verdict).toBe('deny');
      expect(inside.stdout + inside.stderr).not.toContain(project);
      const outside = judgeHookEvent(host, toolDoc(host, tool, input('/home/u/.ssh/config')), plan);
      expect(outside.judgement.verdict).toBe('deny');
      expect(outside.stdout + outside.stderr).not.toContain('/home/u');
    }
    const shown = verdict('gemini', 'write_file', {
      file_path: `${project}/src/x.txt`,
      content: 'x',
    });
    expect(shown.reason).toContain('"src/x.txt" in the project');
  });

  it('a relative target from a subdirectory is another file', () => {
    const doc = {
      ...toolDoc('claude', 'Write', { file_path: '.planfirst/plan.md', content: 'x' }),
      cwd: `${project}/sub`,
    };
    expect(judgeHookEvent('claude', doc, plan).judgement.verdict).toBe('deny');
  });

  it('a write with a field the rules do not know is denied', () => {
    const j = verdict('claude', 'Write', {
      file_path: `${project}/.planfirst/plan.md`,
      content: 'x',
      mode: '0755',
    });
    expect(j.verdict).toBe('deny');
  });

  const unknown: [HookHost, string][] = [
    ['claude', 'mcp__github__create_issue'],
    ['claude', 'SlashCommand'],
    ['codex', 'mcp__fs__write'],
    ['gemini', 'save_memory'],
    ['copilot', 'github-mcp-server-create_issue'],
    ['cursor', 'Delete'],
    ['cline', 'use_mcp_tool'],
  ];
  it.each(unknown)('%s: %s (unknown or MCP) is denied unless declared read-only', (host, tool) => {
    const input = tool === 'use_mcp_tool' ? { server_name: 'gh', tool_name: 'list' } : {};
    expect(verdict(host, tool, input).code).toBe(HookCodes.unknownTool);
    const declared = tool === 'use_mcp_tool' ? 'mcp__gh__*' : tool;
    expect(verdict(host, tool, input, { readOnlyTools: [declared] }).verdict).toBe('neutral');
  });

  it('readOnlyTools cannot turn a known write or shell tool into a read', () => {
    const j = verdict(
      'claude',
      'Write',
      { file_path: '/x', content: '' },
      { readOnlyTools: ['Write'] },
    );
    expect(j.verdict).toBe('deny');
  });

  it.each([
    ['codex', 'write_stdin', { session_id: 1, chars: 'q' }],
    ['copilot', 'write_bash', { sessionId: 'a', input: '!sh' }],
  ] as const)('%s: %s (typing into a process) is denied', (host, tool, input) => {
    expect(verdict(host, tool, input).code).toBe(HookCodes.interactiveInput);
  });

  it.each([
    ['claude', 'ExitPlanMode'],
    ['gemini', 'exit_plan_mode'],
  ] as const)('%s: %s is never approved', (host, tool) => {
    const a = judgeHookEvent(host, toolDoc(host, tool, { plan: 'p' }), plan);
    expect(a.judgement.verdict).toBe('neutral');
    expect(a.judgement.code).toBe(HookCodes.exitPlanTool);
  });

  it('Cursor: beforeMCPExecution is an MCP tool, beforeReadFile a read', () => {
    const mcp = {
      ...f.cursorBeforeShell('x'),
      hook_event_name: 'beforeMCPExecution',
      tool_name: 'db',
      tool_input: {},
    };
    expect(judgeHookEvent('cursor', mcp, plan).judgement.code).toBe(HookCodes.unknownTool);
    const read = {
      ...f.cursorBeforeShell('x'),
      hook_event_name: 'beforeReadFile',
      file_path: '/a',
    };
    expect(judgeHookEvent('cursor', read, plan).judgement.code).toBe(HookCodes.readOnlyTool);
  });

  it('outside plan mode non-shell tools stay neutral; the host plan mode gates only the shell', () => {
    expect(
      judgeHookEvent('claude', toolDoc('claude', 'Write', { file_path: '/x' })).judgement.verdict,
    ).toBe('neutral');
    const hostPlan = { ...toolDoc('claude', 'mcp__x__y', {}), permission_mode: 'plan' };
    expect(judgeHookEvent('claude', hostPlan).judgement.verdict).toBe('neutral');
  });
});
