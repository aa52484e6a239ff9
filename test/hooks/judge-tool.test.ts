import { describe, expect, it } from 'vitest';
import type { HookEvent } from '../../src/hooks/event.js';
import { judgeToolEvent } from '../../src/hooks/judge-tool.js';
import { judgeToolCall } from '../../src/hooks/judge-tool-call.js';
import { inPlanMode } from '../../src/hooks/plan-mode-flag.js';
import { HookCodes, judgeHookEvent } from '../../src/internal.js';
import * as f from './fixtures.js';

// The tool judge's answers with their exact reasons: the model reads them, so the tool's name,
// the plan file and the read-only alternative must be in them.

const alternative =
  'While planning, investigate with read-only commands (cat, grep, rg, ls, find, git log, git diff …) and put this step in your plan for approval.';
const planDeny = (reason: string) => `planfirst plan mode: ${reason} ${alternative}`;
const inPlan = { planMode: true };

const claudeTool = (tool_name: string, tool_input: Record<string, unknown> = {}) => ({
  ...f.claudePreToolUse('ls'),
  tool_name,
  tool_input,
});

describe('inPlanMode', () => {
  it('the policy or the host permission mode; no event is not plan mode', () => {
    expect(inPlanMode(undefined, {})).toBe(false);
    expect(inPlanMode(undefined, inPlan)).toBe(true);
    expect(
      inPlanMode({ host: 'claude', kind: 'stop', eventName: 'Stop', permissionMode: 'plan' }, {}),
    ).toBe(true);
  });
});

describe('plan mode: every tool by its host table, with the tool named in the reason', () => {
  it('an unknown tool is denied, naming it and readOnlyTools', () => {
    expect(judgeHookEvent('claude', claudeTool('mcp__db__query'), inPlan).judgement).toEqual({
      verdict: 'deny',
      code: HookCodes.unknownTool,
      reason: planDeny(
        'mcp__db__query is not a tool planfirst knows to be read-only (list it in readOnlyTools in .planfirst/hook.json if it is).',
      ),
      planMode: true,
    });
  });

  it('a read tool passes, neutral, naming it', () => {
    expect(judgeHookEvent('claude', claudeTool('Read'), inPlan).judgement).toEqual({
      verdict: 'neutral',
      code: HookCodes.readOnlyTool,
      reason: 'Read only reads',
      planMode: true,
    });
  });

  it('interactive input is denied, naming the tool', () => {
    const input = { ...f.codexPreToolUse('ls'), tool_name: 'write_stdin', tool_input: {} };
    expect(judgeHookEvent('codex', input, inPlan).judgement).toEqual({
      verdict: 'deny',
      code: HookCodes.interactiveInput,
      reason: planDeny('write_stdin types into a running process, which can run anything.'),
      planMode: true,
    });
  });

  it('a write of the plan file passes, one elsewhere is denied naming the plan file', () => {
    const policy = { planMode: true, planFile: { path: 'PLAN.md', projectDir: '/home/u/project' } };
    const ok = judgeHookEvent(
      'claude',
      claudeTool('Write', { file_path: '/home/u/project/PLAN.md', content: 'x' }),
      policy,
    );
    expect([ok.judgement.verdict, ok.judgement.code, ok.judgement.reason]).toEqual([
      'neutral',
      HookCodes.planFileWrite,
      'Write writes only the plan file',
    ]);
    const other = judgeHookEvent(
      'claude',
      claudeTool('Write', { file_path: '/home/u/project/src/a.ts', content: 'x' }),
      policy,
    );
    expect([other.judgement.verdict, other.judgement.code]).toEqual([
      'deny',
      HookCodes.writeOutsidePlan,
    ]);
    expect(other.judgement.reason).toMatch(
      /^planfirst plan mode: Write may only write the plan file PLAN\.md while planning: .+\. While planning, investigate/,
    );
  });

  it('without the plan-file rules loaded, a write is denied (never an error), naming why', () => {
    const event: HookEvent = {
      host: 'claude',
      kind: 'pre-tool',
      eventName: 'PreToolUse',
      toolName: 'Write',
      toolInput: { file_path: '/p/PLAN.md', content: 'x' },
    };
    expect(judgeToolEvent(event, inPlan)).toEqual({
      verdict: 'deny',
      code: HookCodes.writeOutsidePlan,
      reason: planDeny(
        'Write may only write the plan file the plan file while planning: the plan-file rules are not loaded.',
      ),
      planMode: true,
    });
  });

  it('a tool that leaves plan mode is never approved, whatever host names it', () => {
    const expected = {
      verdict: 'neutral',
      code: HookCodes.exitPlanTool,
      reason: 'leaving plan mode is the user’s decision',
      planMode: true,
    };
    expect(judgeHookEvent('claude', claudeTool('ExitPlanMode'), inPlan).judgement).toEqual(
      expected,
    );
    // Not in Cursor's tool table: the name alone says it.
    const cursor = { hook_event_name: 'preToolUse', tool_name: 'ExitPlanMode', tool_input: {} };
    expect(judgeHookEvent('cursor', cursor, inPlan).judgement).toEqual(expected);
  });

  it('a tool event without a tool name is "this tool"', () => {
    const event: HookEvent = { host: 'claude', kind: 'pre-tool', eventName: 'PreToolUse' };
    expect(judgeToolEvent(event, inPlan).reason).toBe(
      planDeny(
        'this tool is not a tool planfirst knows to be read-only (list it in readOnlyTools in .planfirst/hook.json if it is).',
      ),
    );
  });
});

describe('outside plan mode', () => {
  it('a tool that is not a shell is neutral, not_shell', () => {
    expect(judgeHookEvent('claude', claudeTool('Write', { file_path: 'a' }), {}).judgement).toEqual(
      {
        verdict: 'neutral',
        code: HookCodes.notShell,
        reason: 'not a shell command',
        planMode: false,
      },
    );
  });

  it('a command that is not read-only is neutral, with the analyzer’s facts', () => {
    const a = judgeHookEvent('claude', f.claudePreToolUse('rm -rf build'), {}).judgement;
    expect(a).toEqual({
      verdict: 'neutral',
      code: HookCodes.notReadOnly,
      reason: a.reason,
      planMode: false,
      shellCode: a.shellCode,
      argv: [['rm', '-rf', 'build']],
    });
    expect(a.shellCode).toMatch(/^[a-z_]+$/);
    expect(a.reason).not.toBe('');
  });
});

describe('shell commands', () => {
  it('a PowerShell tool cannot be proven read-only: denied in plan mode, neutral outside', () => {
    const ps = { toolName: 'powershell', toolArgs: JSON.stringify({ command: 'ls' }) };
    expect(judgeHookEvent('copilot', ps, inPlan).judgement).toEqual({
      verdict: 'deny',
      code: HookCodes.notReadOnly,
      reason: `planfirst plan mode: powershell commands cannot be proven read-only. ${alternative}`,
      planMode: true,
    });
    expect(judgeHookEvent('copilot', ps, {}).judgement).toEqual({
      verdict: 'neutral',
      code: HookCodes.notShell,
      reason: 'planfirst judges only POSIX shell commands',
      planMode: false,
    });
  });

  const shellEvent = (fields: Partial<HookEvent>): HookEvent => ({
    host: 'claude',
    kind: 'pre-tool',
    eventName: 'PreToolUse',
    toolName: 'Bash',
    shell: 'bash',
    ...fields,
  });

  it('an event with one command and no list is judged on that command', () => {
    expect(judgeToolEvent(shellEvent({ command: 'ls' }), inPlan)).toMatchObject({
      code: HookCodes.readOnly,
      argv: [['ls']],
    });
    expect(judgeToolEvent(shellEvent({ command: 'rm x' }), inPlan)).toMatchObject({
      verdict: 'deny',
      argv: [['rm', 'x']],
    });
  });

  it('without the analyzer no command is read-only: denied in plan mode, neutral outside it', () => {
    // The hook process loads the analyzer for shell tools only; a call that reaches a shell
    // row without it fails closed instead of approving.
    expect(judgeToolCall(shellEvent({ command: 'ls' }), inPlan, {})).toEqual({
      verdict: 'deny',
      code: HookCodes.notReadOnly,
      reason: `planfirst plan mode: Bash commands cannot be proven read-only. ${alternative}`,
      planMode: true,
    });
    expect(judgeToolCall(shellEvent({ command: 'ls' }), {}, {})).toEqual({
      verdict: 'neutral',
      code: HookCodes.notShell,
      reason: 'planfirst judges only POSIX shell commands',
      planMode: false,
    });
  });

  it('an event with no command at all is denied in plan mode', () => {
    expect(judgeToolEvent(shellEvent({}), inPlan).reason).toBe(
      `planfirst plan mode: Bash commands cannot be proven read-only. ${alternative}`,
    );
    expect(judgeToolEvent(shellEvent({ commands: [] }), inPlan).verdict).toBe('deny');
    expect(judgeToolEvent(shellEvent({}), {})).toEqual({
      verdict: 'neutral',
      code: HookCodes.notShell,
      reason: 'planfirst judges only POSIX shell commands',
      planMode: false,
    });
  });

  it('a read-only command is neutral, or allow where approving is asked for', () => {
    expect(judgeHookEvent('claude', f.claudePreToolUse('ls'), inPlan).judgement).toEqual({
      verdict: 'neutral',
      code: HookCodes.readOnly,
      reason: 'planfirst: every command is read-only',
      planMode: true,
      shellCode: 'read_only',
      argv: [['ls']],
    });
  });
});
