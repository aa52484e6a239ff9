import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerHook, type HookIo } from '../../src/hooks/main.js';
import { HookCodes, judgeHookEvent } from '../../src/internal.js';
import * as f from './fixtures.js';
import { tempProject } from './run-hook.js';

// The Stop hook's loop guards: it blocks a narrating stop at most `limit` times per turn, never
// blocks a continued stop whose count it does not know, and has nothing to judge without a
// final message. In-process, so each guard is pinned where it is decided.

const narration = 'I will refactor the module and then run the tests.';
const prompt = 'Refactor the module';
const exhausted = (limit: number) =>
  `planfirst: the agent stopped after ${limit} of ${limit} reminders to act; it kept describing what it would do without doing it. Review what it changed, then send a more specific instruction.`;

const claude = (active: boolean, stop: Record<string, unknown>) =>
  judgeHookEvent('claude', f.claudeStop(narration, active), {
    stop: { limit: 3, userPrompt: prompt, toolCalls: 0, ...stop },
  });

describe('the retry limit', () => {
  it('blocks up to the limit with the true count, the last one final', () => {
    const first = claude(false, { attempts: 0 });
    expect([first.judgement.verdict, first.judgement.code, first.judgement.attempts]).toEqual([
      'block-stop',
      HookCodes.incompleteTurn,
      1,
    ]);
    expect(JSON.parse(first.stdout)).toEqual({ decision: 'block', reason: first.judgement.reason });
    expect(first.judgement.reason).toContain('retry 1 of 3');
    const second = claude(true, { attempts: 1 });
    expect([second.judgement.attempts, second.judgement.reason.includes('retry 2 of 3')]).toEqual([
      2,
      true,
    ]);
    const last = claude(true, { attempts: 2 });
    expect([last.judgement.verdict, last.judgement.attempts]).toEqual(['block-stop', 3]);
    expect(last.judgement.reason).toMatch(/^Final retry/);
    expect(last.judgement.reason).toContain('retry 3 of 3');
  });

  it('at the limit the agent may stop, told why, and the count goes back to 0', () => {
    const a = claude(true, { attempts: 3 });
    expect(a.judgement).toEqual({
      verdict: 'neutral',
      code: HookCodes.retriesExhausted,
      reason: exhausted(3),
      planMode: false,
      attempts: 0,
    });
    expect([JSON.parse(a.stdout), a.exitCode]).toEqual([{ systemMessage: exhausted(3) }, 0]);
  });

  it('a limit of 1 blocks once, then lets the agent stop', () => {
    expect(claude(false, { limit: 1, attempts: 0 }).judgement.verdict).toBe('block-stop');
    expect(claude(true, { limit: 1, attempts: 1 }).judgement.code).toBe(HookCodes.retriesExhausted);
    expect(claude(true, { limit: 1, attempts: 1 }).judgement.reason).toBe(exhausted(1));
  });

  it('a limit of 0 or below switches the hook off, whatever the count', () => {
    for (const limit of [0, -1]) {
      const a = claude(false, { limit, attempts: 0 });
      expect([a.judgement.code, a.judgement.reason, a.stdout]).toEqual([
        HookCodes.turnComplete,
        'the Stop hook is switched off',
        '{}',
      ]);
    }
  });

  it('a new turn (not continued) counts from zero whatever the stored count', () => {
    expect(claude(false, { attempts: 3 }).judgement.attempts).toBe(1);
  });
});

describe('a continued stop', () => {
  it('with an unknown count is never blocked: stop_hook_active, neutral, {}', () => {
    const a = claude(true, {});
    expect(a.judgement).toEqual({
      verdict: 'neutral',
      code: HookCodes.stopHookActive,
      reason: 'a stop hook already continued this turn',
      planMode: false,
      attempts: 0,
    });
    expect(a.stdout).toBe('{}');
  });

  it("Gemini's AfterAgent stop_hook_active is read like Claude's", () => {
    const gemini = (active: boolean, attempts?: number) =>
      judgeHookEvent('gemini', f.geminiAfterAgent(prompt, narration, active), {
        stop: {
          limit: 3,
          userPrompt: null,
          toolCalls: 0,
          ...(attempts === undefined ? {} : { attempts }),
        },
      });
    const unknown = gemini(true);
    expect([unknown.judgement.code, unknown.stdout]).toEqual([HookCodes.stopHookActive, '{}']);
    const second = gemini(true, 1);
    expect(JSON.parse(second.stdout)).toEqual({
      decision: 'deny',
      reason: second.judgement.reason,
    });
    expect(second.judgement.reason).toContain('retry 2 of 3');
    expect(gemini(false, 2).judgement.attempts).toBe(1);
    const done = gemini(true, 3);
    expect(JSON.parse(done.stdout)).toEqual({ systemMessage: exhausted(3) });
  });

  it("Gemini's own prompt is the user prompt the turn is judged against", () => {
    const thanks = judgeHookEvent('gemini', f.geminiAfterAgent('thanks!', narration), {
      stop: { limit: 3, userPrompt: prompt, toolCalls: 0, attempts: 0 },
    });
    expect(thanks.judgement.code).toBe(HookCodes.turnComplete);
  });
});

describe('a Stop without a final message', () => {
  it.each([
    ['no last message', f.claudeStop(null)],
    ['a last message that is not text', { ...f.claudeStop(null), last_assistant_message: 7 }],
  ])('%s: nothing to judge, the agent may stop', (_l, input) => {
    const a = judgeHookEvent('claude', input, {
      stop: { limit: 3, userPrompt: prompt, toolCalls: 0, attempts: 0 },
    });
    expect(a.judgement).toEqual({
      verdict: 'neutral',
      code: HookCodes.turnComplete,
      reason: 'no final message to judge',
      planMode: false,
      attempts: 0,
    });
    expect(a.stdout).toBe('{}');
  });

  it('without the stop context (the process did not load it) it is not judged either', () => {
    const a = judgeHookEvent('claude', f.claudeStop(narration), {});
    expect([a.judgement.code, a.judgement.reason]).toEqual([
      HookCodes.turnComplete,
      'no final message to judge',
    ]);
  });

  it('an empty final message is an empty turn, not reasoning', () => {
    expect(claude(false, { attempts: 0 }).judgement.code).toBe(HookCodes.incompleteTurn);
    const a = judgeHookEvent('claude', f.claudeStop(''), {
      stop: { limit: 3, userPrompt: prompt, toolCalls: 0, attempts: 0 },
    });
    expect([a.judgement.code, a.judgement.reason]).toEqual([
      HookCodes.turnComplete,
      'the turn is empty',
    ]);
  });

  it('a turn that ran tools acted, in plan mode or not (the tool is not taken as read-only)', () => {
    expect(claude(false, { attempts: 0, toolCalls: 1 }).judgement.reason).toBe('the turn is acted');
    const plan = judgeHookEvent(
      'claude',
      { ...f.claudeStop(narration), permission_mode: 'plan' },
      { stop: { limit: 3, userPrompt: prompt, toolCalls: 1, attempts: 0 } },
    );
    expect(plan.judgement.reason).toBe('the turn is acted');
  });

  it('a turn the classifier calls complete says its kind', () => {
    const a = claude(false, { attempts: 0, userPrompt: 'thanks!' });
    expect(a.judgement.code).toBe(HookCodes.turnComplete);
    expect(a.judgement.reason).toMatch(/^the turn is /);
  });
});

// --- The hook process, in-process: counts stored between calls -------------------------------

function project(transcript: unknown[] | undefined, config?: unknown) {
  const dir = tempProject(config);
  const state = mkdtempSync(join(tmpdir(), 'pf-state-'));
  const path = join(dir, 'transcript.jsonl');
  if (transcript !== undefined)
    writeFileSync(path, transcript.map((l) => JSON.stringify(l)).join('\n'));
  const call = async (doc: Record<string, unknown>, host: 'claude' | 'gemini' = 'claude') => {
    const io: HookIo = {
      readStdin: async () => JSON.stringify(doc),
      stdout: () => {},
      stderr: () => {},
      env: { PLANFIRST_HOOK_STATE_DIR: state, CLAUDE_PROJECT_DIR: dir },
      cwd: dir,
      now: () => new Date(0),
    };
    return answerHook(host, undefined, io);
  };
  const stored = () =>
    readdirSync(state)
      .filter((n) => n.endsWith('.json'))
      .map((n) => JSON.parse(readFileSync(join(state, n), 'utf8')));
  return { dir, state, path, call, stored };
}

const transcript = [
  { type: 'user', message: { role: 'user', content: 'Fix the failing test in parser.ts' } },
  {
    type: 'assistant',
    message: { role: 'assistant', content: [{ type: 'text', text: narration }] },
  },
];

describe('the hook process drives a narrating agent to the retry limit', () => {
  it('blocks 3 times with stored counts 1, 2, 3, then lets it stop and stores 0', async () => {
    const p = project(transcript);
    const stop = (active: boolean) =>
      p.call({ ...f.claudeStop(narration, active), transcript_path: p.path });
    const seen: unknown[] = [];
    for (const active of [false, true, true, true]) {
      const a = await stop(active);
      seen.push([a.judgement.verdict, a.judgement.attempts, p.stored()]);
    }
    expect(seen).toEqual([
      ['block-stop', 1, [{ attempts: 1 }]],
      ['block-stop', 2, [{ attempts: 2 }]],
      ['block-stop', 3, [{ attempts: 3 }]],
      ['neutral', 0, [{ attempts: 0 }]],
    ]);
  });

  it('stopRetries from the settings file is the limit', async () => {
    const p = project(transcript, { stopRetries: 1 });
    const stop = (active: boolean) =>
      p.call({ ...f.claudeStop(narration, active), transcript_path: p.path });
    expect((await stop(false)).judgement.reason).toContain('retry 1 of 1');
    expect((await stop(true)).judgement.reason).toBe(exhausted(1));
  });

  it('without a state file: a new turn counts from 0, a continued one is never blocked', async () => {
    const p = project(transcript);
    const continued = await p.call({ ...f.claudeStop(narration, true), transcript_path: p.path });
    expect(continued.judgement.code).toBe(HookCodes.stopHookActive);
    const p2 = project(transcript);
    const fresh = await p2.call({ ...f.claudeStop(narration, false), transcript_path: p2.path });
    expect(fresh.judgement.attempts).toBe(1);
  });

  it('a session without an id stores nothing and never blocks a continued stop', async () => {
    const p = project(transcript);
    const { session_id: _s, ...doc } = {
      ...f.claudeStop(narration, false),
      transcript_path: p.path,
    };
    expect((await p.call(doc)).judgement.verdict).toBe('block-stop');
    expect(p.stored()).toEqual([]);
    expect((await p.call({ ...doc, stop_hook_active: true })).judgement.code).toBe(
      HookCodes.stopHookActive,
    );
  });

  it('the prompt and tool calls come from the transcript', async () => {
    const acted = project([
      ...transcript.slice(0, 1),
      {
        type: 'assistant',
        message: { role: 'assistant', content: [{ type: 'tool_use', id: '1', name: 'Bash' }] },
      },
    ]);
    const a = await acted.call({ ...f.claudeStop(narration, false), transcript_path: acted.path });
    expect(a.judgement.code).toBe(HookCodes.turnComplete);
    const chat = project([{ type: 'user', message: { role: 'user', content: 'thanks!' } }]);
    const b = await chat.call({ ...f.claudeStop(narration, false), transcript_path: chat.path });
    expect(b.judgement.code).toBe(HookCodes.turnComplete);
    const asked = project(transcript);
    const c = await asked.call({ ...f.claudeStop(narration, false), transcript_path: asked.path });
    expect(c.judgement.code).toBe(HookCodes.incompleteTurn);
  });

  it('Gemini AfterAgent is counted across calls too', async () => {
    const p = project(undefined);
    const stop = (active: boolean) =>
      p.call(f.geminiAfterAgent(prompt, narration, active), 'gemini');
    const verdicts: unknown[] = [];
    for (const active of [false, true, true, true])
      verdicts.push((await stop(active)).judgement.attempts);
    expect(verdicts).toEqual([1, 2, 3, 0]);
  });
});
