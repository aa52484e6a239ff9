import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HookCodes, judgeHookEvent } from '../../src/index.js';
import * as f from './fixtures.js';
import { validate } from './json-schema.js';

const schema = (name: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../fixtures/hooks/codex-schemas/${name}.schema.json`, import.meta.url),
      'utf8',
    ),
  ) as Record<string, unknown>;

const rmReason =
  'planfirst plan mode: this command is not provably read-only (mutating_program): `rm` changes files, processes or the system; inspect the current state instead (ls -l, stat, cat, ps) and plan the change. While planning, investigate with read-only commands (cat, grep, rg, ls, find, git log, git diff …) and put this step in your plan for approval.';

describe('Claude Code', () => {
  it('PreToolUse in plan mode denies a command that is not read-only, with the reason', () => {
    const a = judgeHookEvent('claude', f.claudePreToolUse('rm -rf build', 'plan'));
    expect(a.exitCode).toBe(0);
    expect(JSON.parse(a.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: rmReason,
      },
    });
  });

  it('PreToolUse outside plan mode is neutral, read-only or not', () => {
    expect(judgeHookEvent('claude', f.claudePreToolUse('rm -rf build')).stdout).toBe('{}');
    expect(judgeHookEvent('claude', f.claudePreToolUse('git log -5')).stdout).toBe('{}');
  });

  it('PreToolUse allows a read-only command only when the project opts in', () => {
    const a = judgeHookEvent('claude', f.claudePreToolUse('git log -5'), {
      approveBeforeTool: true,
    });
    expect(JSON.parse(a.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        permissionDecisionReason: 'planfirst: every command is read-only',
      },
    });
  });

  it('PermissionRequest approves a read-only command and is neutral otherwise', () => {
    expect(
      JSON.parse(judgeHookEvent('claude', f.claudePermissionRequest('git diff HEAD~1')).stdout),
    ).toEqual({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
    });
    expect(judgeHookEvent('claude', f.claudePermissionRequest('git diff --output=x')).stdout).toBe(
      '{}',
    );
  });

  it('PermissionRequest in plan mode denies with a message', () => {
    const out = JSON.parse(
      judgeHookEvent('claude', f.claudePermissionRequest('rm x', 'plan')).stdout,
    );
    expect(out.hookSpecificOutput.decision.behavior).toBe('deny');
    expect(out.hookSpecificOutput.decision.message).toContain('not provably read-only');
  });

  it('planfirst plan state switched on for the project denies like permission_mode plan', () => {
    const a = judgeHookEvent('claude', f.claudePreToolUse('sort -o out.txt in.txt'), {
      planMode: true,
    });
    expect(JSON.parse(a.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('never approves ExitPlanMode, in or out of plan mode', () => {
    for (const mode of ['plan', 'default']) {
      const input = {
        ...f.claudePermissionRequest('x', mode),
        tool_name: 'ExitPlanMode',
        tool_input: { plan: 'p' },
      };
      const a = judgeHookEvent('claude', input, { approveBeforeTool: true });
      expect(a.stdout).toBe('{}');
      expect(a.judgement.code).toBe(HookCodes.exitPlanTool);
    }
  });

  it('a tool that runs no shell gets a neutral answer', () => {
    const input = {
      ...f.claudePreToolUse('x', 'plan'),
      tool_name: 'Read',
      tool_input: { file_path: '/a' },
    };
    expect(judgeHookEvent('claude', input).stdout).toBe('{}');
  });

  it('SessionStart after compaction re-injects the plan', () => {
    const a = judgeHookEvent('claude', f.claudeSessionStart('compact'), {
      plan: { path: '.planfirst/plan.md', text: '1. Fix the parser\n2. Run the tests' },
    });
    expect(JSON.parse(a.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'SessionStart',
        additionalContext:
          'The conversation was compacted. The current planfirst plan (.planfirst/plan.md):\n\n1. Fix the parser\n2. Run the tests\n\nCarry on with the plan from where you stopped; do not start over.',
      },
    });
  });

  it('SessionStart on startup, or without a plan, is neutral', () => {
    const plan = { path: 'p.md', text: 'x' };
    expect(judgeHookEvent('claude', f.claudeSessionStart('startup'), { plan }).stdout).toBe('{}');
    expect(judgeHookEvent('claude', f.claudeSessionStart('compact')).stdout).toBe('{}');
  });
});

describe('Codex (validated against its published schemas)', () => {
  const inputs = {
    pre: schema('pre-tool-use.command.input'),
    permission: schema('permission-request.command.input'),
    stop: schema('stop.command.input'),
  };
  const outputs = {
    pre: schema('pre-tool-use.command.output'),
    permission: schema('permission-request.command.output'),
    stop: schema('stop.command.output'),
    start: schema('session-start.command.output'),
  };

  it('the input fixtures are valid Codex inputs', () => {
    expect(validate(inputs.pre, f.codexPreToolUse('ls'))).toEqual([]);
    expect(validate(inputs.permission, f.codexPermissionRequest('ls'))).toEqual([]);
    expect(validate(inputs.stop, f.codexStop('done'))).toEqual([]);
  });

  it('PreToolUse denies in plan mode; the output is schema-valid', () => {
    const a = judgeHookEvent('codex', f.codexPreToolUse('rm -rf build', 'plan'));
    expect(JSON.parse(a.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: rmReason,
      },
    });
    expect(validate(outputs.pre, JSON.parse(a.stdout))).toEqual([]);
  });

  it('PreToolUse never allows, even opted in: neutral is exactly {}', () => {
    for (const command of ['git log', 'rm -rf /', 'ls && rm -rf x'])
      for (const approveBeforeTool of [false, true])
        expect(
          judgeHookEvent('codex', f.codexPreToolUse(command), { approveBeforeTool }).stdout,
        ).toBe('{}');
  });

  it('PermissionRequest allows a read-only command; the output is schema-valid', () => {
    const a = judgeHookEvent('codex', f.codexPermissionRequest('rg -n TODO src'));
    expect(a.stdout).toBe(
      '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}',
    );
    expect(validate(outputs.permission, JSON.parse(a.stdout))).toEqual([]);
    const deny = judgeHookEvent('codex', f.codexPermissionRequest('base64 -d x > y', 'plan'));
    expect(validate(outputs.permission, JSON.parse(deny.stdout))).toEqual([]);
    expect(judgeHookEvent('codex', f.codexPermissionRequest('base64 -d x > y')).stdout).toBe('{}');
  });

  it('Stop blocks planning-only narration; the output is schema-valid', () => {
    const a = judgeHookEvent(
      'codex',
      f.codexStop('I will update the parser and then run the tests.'),
      {
        stop: { limit: 3, userPrompt: 'Fix the failing parser test', toolCalls: 0, attempts: 0 },
      },
    );
    expect(JSON.parse(a.stdout)).toEqual({
      decision: 'block',
      reason:
        'You described what you are going to do but did not do it (retry 1 of 3). Do it now: start with the first concrete step as a tool call.',
    });
    expect(validate(outputs.stop, JSON.parse(a.stdout))).toEqual([]);
  });

  it('SessionStart re-anchor output is schema-valid', () => {
    const input = { ...f.codexStop(null), hook_event_name: 'SessionStart', source: 'compact' };
    const a = judgeHookEvent('codex', input, { plan: { path: 'plan.md', text: 'step 1' } });
    expect(JSON.parse(a.stdout).hookSpecificOutput.hookEventName).toBe('SessionStart');
    expect(validate(outputs.start, JSON.parse(a.stdout))).toEqual([]);
  });
});

describe('Copilot CLI', () => {
  it('denies in plan mode, neutral outside, allow only when opted in', () => {
    expect(
      JSON.parse(judgeHookEvent('copilot', f.copilotPreToolUse('rm x'), { planMode: true }).stdout),
    ).toEqual({
      permissionDecision: 'deny',
      permissionDecisionReason: rmReason,
    });
    expect(judgeHookEvent('copilot', f.copilotPreToolUse('rm x')).stdout).toBe('{}');
    expect(judgeHookEvent('copilot', f.copilotPreToolUse('cat README.md')).stdout).toBe('{}');
    expect(
      judgeHookEvent('copilot', f.copilotPreToolUse('cat README.md'), { approveBeforeTool: true })
        .stdout,
    ).toBe('{"permissionDecision":"allow"}');
  });

  it('accepts toolArgs as an object (the SDK shape)', () => {
    const input = { ...f.copilotPreToolUse('rm x'), toolArgs: { command: 'rm x' } };
    expect(
      JSON.parse(judgeHookEvent('copilot', input, { planMode: true }).stdout).permissionDecision,
    ).toBe('deny');
  });

  it('PowerShell cannot be judged: denied in plan mode, neutral outside', () => {
    const ps = f.copilotPreToolUse('Get-ChildItem', 'powershell');
    expect(
      JSON.parse(judgeHookEvent('copilot', ps, { planMode: true }).stdout).permissionDecision,
    ).toBe('deny');
    expect(judgeHookEvent('copilot', ps, { approveBeforeTool: true }).stdout).toBe('{}');
  });
});

describe('Gemini CLI', () => {
  it('BeforeTool denies in plan mode and is neutral outside', () => {
    expect(
      JSON.parse(judgeHookEvent('gemini', f.geminiBeforeTool('rm x'), { planMode: true }).stdout),
    ).toEqual({
      decision: 'deny',
      reason: rmReason,
    });
    expect(judgeHookEvent('gemini', f.geminiBeforeTool('rm x')).stdout).toBe('{}');
  });

  it('AfterAgent re-prompts narration with decision deny, using the prompt from the input', () => {
    const a = judgeHookEvent(
      'gemini',
      f.geminiAfterAgent('Add a --json flag to the CLI', "I'll add the flag to the parser next."),
      { stop: { limit: 2, userPrompt: null, attempts: 0, toolCalls: 0 } },
    );
    expect(JSON.parse(a.stdout)).toEqual({
      decision: 'deny',
      reason:
        'You described what you are going to do but did not do it (retry 1 of 2). Do it now: start with the first concrete step as a tool call.',
    });
  });
});

describe('Cursor', () => {
  it('beforeShellExecution: deny in plan mode, ask (never a silent allow) when neutral', () => {
    expect(
      JSON.parse(judgeHookEvent('cursor', f.cursorBeforeShell('rm x'), { planMode: true }).stdout),
    ).toEqual({
      permission: 'deny',
      user_message: rmReason,
      agent_message: rmReason,
    });
    expect(judgeHookEvent('cursor', f.cursorBeforeShell('rm x')).stdout).toBe(
      '{"permission":"ask"}',
    );
    expect(
      judgeHookEvent('cursor', f.cursorBeforeShell('ls -la'), { approveBeforeTool: true }).stdout,
    ).toBe('{"permission":"allow"}');
  });
});

describe('Cline', () => {
  it('PreToolUse cancels in plan mode; otherwise never cancels', () => {
    expect(
      JSON.parse(judgeHookEvent('cline', f.clinePreToolUse('rm x'), { planMode: true }).stdout),
    ).toEqual({
      cancel: true,
      errorMessage: rmReason,
    });
    expect(judgeHookEvent('cline', f.clinePreToolUse('rm x')).stdout).toBe('{"cancel":false}');
    expect(judgeHookEvent('cline', f.clinePreToolUse('ls'), { planMode: true }).stdout).toBe(
      '{"cancel":false}',
    );
    const read = f.clinePreToolUse('x', 'read_file');
    expect(judgeHookEvent('cline', read, { planMode: true }).stdout).toBe('{"cancel":false}');
  });
});

describe('host detection from the input shape', () => {
  it('tells every host apart', () => {
    const cases: [unknown, string][] = [
      [f.claudePreToolUse('ls'), 'claude'],
      [f.codexPreToolUse('ls'), 'codex'],
      [f.copilotPreToolUse('ls'), 'copilot'],
      [f.geminiBeforeTool('ls'), 'gemini'],
      [f.cursorBeforeShell('ls'), 'cursor'],
      [f.clinePreToolUse('ls'), 'cline'],
    ];
    for (const [input, host] of cases) expect(judgeHookEvent('auto', input).host).toBe(host);
  });
});

describe('malformed input and errors', () => {
  it('plan mode: a Bash call without a command is denied as a policy decision (exit 0)', () => {
    const input = { ...f.claudePreToolUse('x', 'plan'), tool_input: {} };
    const a = judgeHookEvent('claude', input);
    expect(a.exitCode).toBe(0);
    const out = JSON.parse(a.stdout).hookSpecificOutput;
    expect(out.permissionDecision).toBe('deny');
    expect(out.permissionDecisionReason).toContain(
      'planfirst plan mode blocks what it cannot judge',
    );
  });

  it('plan mode: an event of unknown kind blocks with exit 2', () => {
    const a = judgeHookEvent('claude', { hook_event_name: 'Brand new' }, { planMode: true });
    expect([a.exitCode, a.stdout, a.judgement.verdict]).toEqual([2, '', 'deny']);
    const off = judgeHookEvent('claude', { hook_event_name: 'Brand new' });
    expect([off.exitCode, off.stdout, off.judgement.verdict]).toEqual([0, '{}', 'neutral']);
  });

  it('outside plan mode: malformed input is neutral', () => {
    const a = judgeHookEvent('codex', { ...f.codexPreToolUse('x'), tool_input: 5 });
    expect([a.exitCode, a.stdout]).toEqual([0, '{}']);
  });

  it('plan mode on Cline and Cursor blocks through the document', () => {
    expect(
      JSON.parse(
        judgeHookEvent('cline', { hookName: 'PreToolUse', preToolUse: {} }, { planMode: true })
          .stdout,
      ).cancel,
    ).toBe(true);
    expect(
      JSON.parse(
        judgeHookEvent('cursor', { hook_event_name: 'beforeShellExecution' }, { planMode: true })
          .stdout,
      ).permission,
    ).toBe('deny');
  });

  it('an overlay that makes the analyzer throw is an internal error, never an allow', () => {
    const bad = { shellPolicy: { programs: { mytool: { options: { nope: {} } } } } };
    const a = judgeHookEvent('claude', f.claudePermissionRequest('mytool x'), bad);
    expect([a.exitCode, a.stdout, a.judgement.code]).toEqual([0, '{}', HookCodes.internalError]);
    const p = judgeHookEvent('claude', f.claudePermissionRequest('mytool x', 'plan'), bad);
    expect(p.exitCode).toBe(0);
    expect(JSON.parse(p.stdout).hookSpecificOutput.decision.behavior).toBe('deny');
  });
});
