import { describe, expect, it } from 'vitest';
import { errorAnswer, type HookJudges, judgeWith } from '../../src/hooks/core.js';
import { HookCodes, judgeHookEvent } from '../../src/internal.js';
import * as f from './fixtures.js';

// The hook's error path, in-process: an answer the hook could not judge is never an allow,
// blocks only what may be a tool call in plan mode, and is told apart from a judged deny by its
// code, its reason and the stderr line the host shows.

const cannotJudge = (reason: string) =>
  `planfirst hook: ${reason}; planfirst plan mode blocks what it cannot judge`;

/** Judges where the one for `kind` throws `error`; the others must not be reached. */
function throwing(kind: keyof HookJudges, error: unknown): HookJudges {
  const unreachable = () => {
    throw new Error('the wrong judge was asked');
  };
  return {
    tool: unreachable,
    stop: unreachable,
    sessionStart: unreachable,
    [kind]: () => {
      throw error;
    },
  };
}

describe('a judged deny and the catch-all error deny are told apart', () => {
  it('a judged deny: its own code and reason, nothing on stderr', () => {
    const a = judgeHookEvent('claude', f.claudePreToolUse('rm -rf build'), { planMode: true });
    expect([a.judgement.verdict, a.judgement.code, a.stderr, a.exitCode]).toEqual([
      'deny',
      HookCodes.notReadOnly,
      '',
      0,
    ]);
    const reason = JSON.parse(a.stdout).hookSpecificOutput.permissionDecisionReason as string;
    expect(reason).not.toContain('cannot judge');
  });

  it('a judge that throws: internal_error, the message, the blocking reason on stdout and stderr', () => {
    const a = judgeWith(throwing('tool', new Error('boom')), 'claude', f.claudePreToolUse('ls'), {
      planMode: true,
    });
    expect(a.judgement).toEqual({
      verdict: 'deny',
      code: HookCodes.internalError,
      reason: 'internal error: boom',
      planMode: true,
    });
    expect([a.host, a.event?.kind, a.event?.toolName]).toEqual(['claude', 'pre-tool', 'Bash']);
    expect(JSON.parse(a.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: cannotJudge('internal error: boom'),
      },
    });
    expect([a.stderr, a.exitCode]).toEqual([`${cannotJudge('internal error: boom')}\n`, 0]);
  });

  it('a thrown value that is not an Error is reported as "internal error"', () => {
    const a = judgeWith(throwing('tool', 'nope'), 'claude', f.claudePreToolUse('ls'), {
      planMode: true,
    });
    expect(a.judgement.reason).toBe('internal error');
  });

  it('the input permission_mode plan counts as plan mode on the error path', () => {
    const a = judgeWith(
      throwing('tool', new Error('boom')),
      'claude',
      f.claudePreToolUse('ls', 'plan'),
      {},
    );
    expect([a.judgement.verdict, a.judgement.planMode]).toEqual(['deny', true]);
  });

  it('outside plan mode the error answer is neutral and says what failed on stderr', () => {
    const a = judgeWith(
      throwing('tool', new Error('boom')),
      'claude',
      f.claudePreToolUse('ls'),
      {},
    );
    expect(a.judgement).toEqual({
      verdict: 'neutral',
      code: HookCodes.internalError,
      reason: 'internal error: boom',
      planMode: false,
    });
    expect([a.stdout, a.stderr, a.exitCode]).toEqual([
      '{}',
      'planfirst hook: internal error: boom\n',
      0,
    ]);
  });

  it('a Stop or SessionStart judge that throws never blocks, even in plan mode', () => {
    const stop = judgeWith(throwing('stop', new Error('boom')), 'claude', f.claudeStop('x'), {
      planMode: true,
    });
    expect([stop.judgement.verdict, stop.judgement.code, stop.stdout, stop.exitCode]).toEqual([
      'neutral',
      HookCodes.internalError,
      '{}',
      0,
    ]);
    expect(stop.event?.kind).toBe('stop');
    const start = judgeWith(
      throwing('sessionStart', new Error('boom')),
      'claude',
      f.claudeSessionStart('compact'),
      { planMode: true },
    );
    expect([start.judgement.verdict, start.stdout, start.exitCode]).toEqual(['neutral', '{}', 0]);
  });

  it('each event kind reaches its own judge; an unjudged event is neutral with other_event', () => {
    expect(
      judgeWith(throwing('stop', new Error('s')), 'claude', f.claudeStop('x'), {}).judgement.reason,
    ).toBe('internal error: s');
    expect(
      judgeWith(
        throwing('sessionStart', new Error('ss')),
        'claude',
        f.claudeSessionStart('startup'),
        {},
      ).judgement.reason,
    ).toBe('internal error: ss');
    expect(
      judgeWith(throwing('tool', new Error('t')), 'claude', f.claudePermissionRequest('ls'), {})
        .judgement.reason,
    ).toBe('internal error: t');
    const other = judgeWith(
      throwing('tool', new Error('t')),
      'claude',
      { ...f.claudeStop('x'), hook_event_name: 'Notification' },
      { planMode: true },
    );
    expect(other.judgement).toEqual({
      verdict: 'neutral',
      code: HookCodes.otherEvent,
      reason: 'planfirst does not judge Notification',
      planMode: true,
    });
  });
});

describe('a document the hook cannot read is judged by what its event name says', () => {
  const inPlan = { planMode: true };

  it.each([
    ['claude Stop fields only', { stop_hook_active: true }],
    ['a Stop name', { hookName: 'Stop' }],
    ['a lower-case stop name', { hookName: 'stop' }],
    ['an AfterAgent name', { hookName: 'AfterAgent' }],
    ['a SessionStart name', { hookName: 'SessionStart' }],
  ])('%s: never blocks (exit 0, {}), never treated as a tool call', (_l, input) => {
    const a = judgeHookEvent('auto', input, inPlan);
    expect([a.stdout, a.exitCode, a.judgement.verdict, a.judgement.code]).toEqual([
      '{}',
      0,
      'neutral',
      HookCodes.malformedInput,
    ]);
    expect(a.stderr).toBe('planfirst hook: cannot tell which host sent this input\n');
  });

  it.each([
    ['no name', { foo: 1 }],
    ['a tool name', { hookName: 'PreToolUse' }],
    ['a tool_call name', { hookName: 'tool_call' }],
    ['a BeforeTool name', { hookName: 'BeforeTool' }],
    ['a before…Execution name', { hookName: 'beforeShellExecution' }],
    ['a beforeReadFile name', { hookName: 'beforeReadFile' }],
    ['a PermissionRequest name', { hookName: 'PermissionRequest' }],
    ['a name that only contains stop', { hookName: 'nonstop' }],
    ['a name that only starts with stop', { hookName: 'StopAll' }],
    ['a name that only contains SessionStart', { hookName: 'xSessionStart' }],
    ['a name that only starts with SessionStart', { hookName: 'SessionStarted' }],
  ])('%s: blocks in plan mode by exit 2 (the host is unknown)', (_l, input) => {
    const a = judgeHookEvent('auto', input, inPlan);
    expect([a.stdout, a.exitCode, a.judgement.verdict]).toEqual(['', 2, 'deny']);
    expect(a.stderr).toBe(`${cannotJudge('cannot tell which host sent this input')}\n`);
  });

  it('a known host, a tool event that does not parse: the host`s policy-decision deny', () => {
    const claude = judgeHookEvent('claude', { hook_event_name: 'PreToolUse' }, inPlan);
    expect([JSON.parse(claude.stdout), claude.exitCode]).toEqual([
      {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: cannotJudge('tool_name is missing'),
        },
      },
      0,
    ]);
    const permission = judgeHookEvent('claude', { hook_event_name: 'PermissionRequest' }, inPlan);
    expect(JSON.parse(permission.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'deny', message: cannotJudge('tool_name is missing') },
      },
    });
    const gemini = judgeHookEvent('gemini', { hook_event_name: 'BeforeTool' }, inPlan);
    expect(JSON.parse(gemini.stdout)).toEqual({
      decision: 'deny',
      reason: cannotJudge('tool_name is missing'),
    });
    const copilot = judgeHookEvent('copilot', { toolName: 'bash', toolArgs: '{' }, inPlan);
    expect(JSON.parse(copilot.stdout)).toEqual({
      permissionDecision: 'deny',
      permissionDecisionReason: cannotJudge('toolArgs is not valid JSON'),
    });
    const args = judgeHookEvent('copilot', { toolArgs: {} }, inPlan);
    expect(JSON.parse(args.stdout)).toEqual({
      permissionDecision: 'deny',
      permissionDecisionReason: cannotJudge('toolName is missing'),
    });
  });

  it('a tool event that does not parse says why on stderr too, like any tool-call deny', () => {
    const cases = [
      ['copilot', { toolName: 'bash' }, 'toolArgs is not an object'],
      ['copilot', { toolArgs: {} }, 'toolName is missing'],
      ['cursor', { hook_event_name: 'beforeMCPExecution' }, 'tool_name is missing'],
      ['cursor', { hook_event_name: 'preToolUse' }, 'tool_name is missing'],
      [
        'cursor',
        { hook_event_name: 'beforeShellExecution' },
        'the Shell call has no command planfirst can read',
      ],
      ['cline', { hookName: 'tool_call' }, 'the tool name is missing'],
      ['cline', { hookName: 'PreToolUse' }, 'the tool name is missing'],
    ] as const;
    for (const [host, input, why] of cases) {
      const a = judgeHookEvent(host, input, inPlan);
      expect([host, a.stderr, a.exitCode, a.judgement.verdict]).toEqual([
        host,
        `${cannotJudge(why)}\n`,
        0,
        'deny',
      ]);
    }
  });

  it('an unknown event whose name only resembles a tool event is not answered as one', () => {
    for (const name of ['XPreToolUse', 'PreToolUseX', 'MyBeforeTool', 'tool_calls']) {
      const a = judgeHookEvent('claude', { hook_event_name: name }, inPlan);
      expect([name, a.stdout, a.exitCode]).toEqual([name, '', 2]);
      expect(a.stderr).toBe(`${cannotJudge(`unknown event ${JSON.stringify(name)}`)}\n`);
    }
    const cursor = judgeHookEvent('cursor', { hook_event_name: 'beforeAnyExecution' }, inPlan);
    expect(cursor.stderr).toBe(`${cannotJudge('unknown event "beforeAnyExecution"')}\n`);
    const stop = judgeHookEvent('claude', { hook_event_name: 'stop' }, inPlan);
    expect([stop.stdout, stop.exitCode]).toEqual(['{}', 0]);
  });

  it('a known host and a document that is not an object: exit 2 where the host reads it', () => {
    for (const host of ['claude', 'codex', 'gemini'] as const) {
      const a = judgeHookEvent(host, 'garbage', inPlan);
      expect([a.stdout, a.exitCode, a.stderr]).toEqual([
        '',
        2,
        `${cannotJudge('the input is not a JSON object')}\n`,
      ]);
    }
    expect(JSON.parse(judgeHookEvent('cline', 42, inPlan).stdout)).toEqual({
      cancel: true,
      errorMessage: cannotJudge('the input is not a JSON object'),
    });
    expect(JSON.parse(judgeHookEvent('cursor', null, inPlan).stdout)).toEqual({
      permission: 'deny',
      user_message: cannotJudge('the input is not a JSON object'),
      agent_message: cannotJudge('the input is not a JSON object'),
    });
  });

  it('errorAnswer reads the kind from a parsed event before the raw document', () => {
    const event = { host: 'claude', kind: 'stop', eventName: 'Stop' } as const;
    const a = errorAnswer('claude', event, true, HookCodes.internalError, 'x');
    expect([a.stdout, a.exitCode, a.event]).toEqual(['{}', 0, event]);
    const raw = errorAnswer('claude', { kind: 'stop' }, true, HookCodes.internalError, 'x');
    expect([raw.exitCode, raw.event]).toEqual([2, undefined]);
  });
});
