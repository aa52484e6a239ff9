import { describe, expect, it } from 'vitest';
import { encodeJudgement, errorOutput, neutralToolOutput } from '../../src/hooks/encode.js';
import type { HookEvent } from '../../src/hooks/event.js';
import { HookHosts } from '../../src/hooks/hosts.js';
import type { HookJudgement } from '../../src/hooks/policy.js';

// Every judgement in every host's exact format. A neutral answer never reads as an allow, and
// Codex's is exactly {} (it rejects unknown fields).

const j = (verdict: HookJudgement['verdict'], code = 'c', context?: string): HookJudgement => ({
  verdict,
  code,
  reason: 'why',
  planMode: true,
  ...(context === undefined ? {} : { context }),
});
const out = (event: HookEvent, judgement: HookJudgement) => {
  const o = encodeJudgement(event, judgement);
  expect([o.stderr, o.exitCode]).toEqual(['', 0]);
  return JSON.parse(o.stdout);
};
const ev = (host: HookEvent['host'], kind: HookEvent['kind']): HookEvent => ({
  host,
  kind,
  eventName: 'E',
});

describe('tool events', () => {
  const expected = {
    claude: {
      allow: {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'allow',
          permissionDecisionReason: 'why',
        },
      },
      deny: {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'why',
        },
      },
      neutral: {},
    },
    codex: {
      allow: {},
      deny: {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'why',
        },
      },
      neutral: {},
    },
    copilot: {
      allow: { permissionDecision: 'allow' },
      deny: { permissionDecision: 'deny', permissionDecisionReason: 'why' },
      neutral: {},
    },
    gemini: {
      allow: { decision: 'allow' },
      deny: { decision: 'deny', reason: 'why' },
      neutral: {},
    },
    cursor: {
      allow: { permission: 'allow' },
      deny: { permission: 'deny', user_message: 'why', agent_message: 'why' },
      neutral: { permission: 'ask' },
    },
    cline: {
      allow: { cancel: false },
      deny: { cancel: true, errorMessage: 'why' },
      neutral: { cancel: false },
    },
  } as const;

  it.each(HookHosts)('%s: allow, deny, neutral; other events neutral', (host) => {
    for (const verdict of ['allow', 'deny', 'neutral'] as const)
      expect([verdict, out(ev(host, 'pre-tool'), j(verdict))]).toEqual([
        verdict,
        expected[host][verdict],
      ]);
    expect(out(ev(host, 'other'), j('neutral'))).toEqual(expected[host].neutral);
  });

  it('a permission request: allow or deny with the message', () => {
    expect(out(ev('claude', 'permission'), j('allow'))).toEqual({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
    });
    expect(out(ev('claude', 'permission'), j('deny'))).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'deny', message: 'why' },
      },
    });
    expect(out(ev('claude', 'permission'), j('neutral'))).toEqual({});
  });
});

describe('stop events', () => {
  it.each(HookHosts)('%s: block, retries exhausted, neutral', (host) => {
    expect(out(ev(host, 'stop'), j('block-stop'))).toEqual(
      host === 'gemini'
        ? { decision: 'deny', reason: 'why' }
        : { decision: 'block', reason: 'why' },
    );
    const told = host === 'claude' || host === 'codex' || host === 'gemini';
    const silent = host === 'cline' ? { cancel: false } : {};
    expect(out(ev(host, 'stop'), j('neutral', 'retries_exhausted'))).toEqual(
      told ? { systemMessage: 'why' } : silent,
    );
    expect(out(ev(host, 'stop'), j('neutral', 'turn_complete'))).toEqual(silent);
  });
});

describe('session start', () => {
  it.each(HookHosts)('%s: the context where the host reads it, else nothing', (host) => {
    const reads = host === 'claude' || host === 'codex' || host === 'gemini';
    expect(out(ev(host, 'session-start'), j('context', 'plan_reanchored', 'the plan'))).toEqual(
      reads
        ? { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'the plan' } }
        : {},
    );
    expect(out(ev(host, 'session-start'), j('neutral', 'no_plan'))).toEqual({});
    expect(out(ev(host, 'session-start'), j('context', 'plan_reanchored'))).toEqual({});
  });
});

describe('errorOutput: the answer when the hook cannot judge', () => {
  const blocked = 'planfirst hook: x; planfirst plan mode blocks what it cannot judge';

  it('outside plan mode: neutral for the host (nothing for an unknown one), the message on stderr', () => {
    expect(errorOutput(undefined, 'pre-tool', false, 'x')).toEqual({
      stdout: '{}',
      stderr: 'planfirst hook: x\n',
      exitCode: 0,
    });
    expect(errorOutput('cline', 'pre-tool', false, 'x')).toEqual({
      ...neutralToolOutput('cline'),
      stderr: 'planfirst hook: x\n',
    });
    expect(neutralToolOutput('cline').stdout).not.toBe('{}');
  });

  it('a tool event in plan mode: the host’s own deny, and the reason on stderr', () => {
    const out = errorOutput('claude', 'pre-tool', true, 'x');
    expect(JSON.parse(out.stdout).hookSpecificOutput.permissionDecisionReason).toBe(blocked);
    expect([out.stderr, out.exitCode]).toEqual([`${blocked}\n`, 0]);
  });

  it('an event of unknown kind in plan mode: each host’s blocking form', () => {
    expect(JSON.parse(errorOutput('copilot', undefined, true, 'x').stdout)).toEqual({
      permissionDecision: 'deny',
      permissionDecisionReason: blocked,
    });
    expect(JSON.parse(errorOutput('cursor', undefined, true, 'x').stdout)).toEqual({
      permission: 'deny',
      user_message: blocked,
      agent_message: blocked,
    });
    expect(JSON.parse(errorOutput('cline', undefined, true, 'x').stdout)).toEqual({
      cancel: true,
      errorMessage: blocked,
    });
    expect(errorOutput('claude', undefined, true, 'x')).toEqual({
      stdout: '',
      stderr: `${blocked}\n`,
      exitCode: 2,
    });
  });
});

describe('a session start without context to add', () => {
  it('answers nothing, for a context verdict that carries none too', () => {
    const event: HookEvent = { host: 'claude', kind: 'session-start', eventName: 'SessionStart' };
    const judgement: HookJudgement = { verdict: 'context', code: 'x', reason: 'y', planMode: true };
    expect(encodeJudgement(event, judgement).stdout).toBe('{}');
  });
});
