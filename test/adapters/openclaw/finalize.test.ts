import { describe, expect, it } from 'vitest';
import { workingTurns } from '../../../src/adapters/openclaw/finalize.js';
import { retryInstruction } from '../../../src/internal.js';
import { samplePlan } from '../../helpers.js';
import { recordPlugin, SESSION } from './recorder.js';

const narration = "I'll update the README and then run the tests.";
function finalize(
  r: ReturnType<typeof recordPlugin>,
  text: string,
  runId = 'run-1',
  messages?: unknown[],
) {
  return r.hook('before_agent_finalize')(
    {
      runId,
      sessionId: SESSION.sessionId,
      sessionKey: SESSION.sessionKey,
      provider: 'fake',
      model: 'scripted',
      lastAssistantMessage: text,
      ...(messages ? { messages } : {}),
    },
    { ...SESSION, runId },
  );
}
function started(config: Record<string, unknown> = {}, prompt = 'Please update the README') {
  const r = recordPlugin(config);
  r.hook('before_prompt_build')(
    { prompt, currentUserMessage: prompt, messages: [] },
    { ...SESSION, runId: 'run-1' },
  );
  return r;
}

describe('before_agent_finalize', () => {
  it('sends a planning-only answer back once with planfirst’s instruction and a stable idempotency key', () => {
    const r = started();
    expect(finalize(r, narration)).toEqual({
      action: 'revise',
      reason: 'planfirst: the answer is planning-only.',
      retry: {
        instruction: retryInstruction('planning-only', 1, 3).text,
        idempotencyKey: 'planfirst:run-1:planning-only:1',
        maxAttempts: 1,
      },
    });
  });

  it('escalates with the true count and stops at the limit', () => {
    const r = started();
    const keys = [1, 2, 3, 4].map(() => finalize(r, narration)?.retry);
    expect(keys.map((k) => k?.idempotencyKey)).toEqual([
      'planfirst:run-1:planning-only:1',
      'planfirst:run-1:planning-only:2',
      'planfirst:run-1:planning-only:3',
      undefined,
    ]);
    expect(keys[2]?.instruction).toBe(retryInstruction('planning-only', 3, 3).text);
  });

  it('accepts a real answer', () => {
    expect(
      finalize(started(), 'I updated the README: the install section now lists Node 20.'),
    ).toBeUndefined();
  });

  it('never retries while a plan waits for the user', async () => {
    const r = started({ startInPlanMode: true, approvals: 'command' });
    await r.callTool('exit_plan_mode', samplePlan);
    const before = r.stored();
    expect(finalize(r, "I'll start once you approve.")).toBeUndefined();
    expect(r.stored()).toEqual(before);
  });

  it('in plan mode presses a bare status line to investigate or submit (plan-ack-only), not to act', () => {
    const r = started({ startInPlanMode: true }, 'Plan the migration');
    const result = finalize(r, "I'll look into it.");
    expect(result?.retry?.idempotencyKey).toBe('planfirst:run-1:plan-ack-only:1');
  });

  it('does not judge a run whose state cannot be read', () => {
    const r = started();
    r.memory.failReads(true);
    expect(finalize(r, narration)).toBeUndefined();
  });

  it('reads the prompt from the transcript when the run was not seen starting', () => {
    const r = recordPlugin();
    const messages = [
      { role: 'user', content: [{ type: 'text', text: 'Please update the README' }] },
    ];
    expect(finalize(r, narration, 'run-9', messages)?.retry?.idempotencyKey).toBe(
      'planfirst:run-9:planning-only:1',
    );
  });

  it('after chit-chat, narration is an answer', () => {
    expect(finalize(started({}, 'thanks!'), "I'll be here if you need anything.")).toBeUndefined();
  });
});

describe('workingTurns', () => {
  it('lists the tool calls of the assistant messages after the last user message', () => {
    const messages = [
      { role: 'assistant', content: [{ type: 'toolCall', name: 'old' }] },
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Reading' },
          { type: 'toolCall', name: 'read' },
        ],
      },
      { role: 'toolResult', content: [] },
      { role: 'assistant', content: [{ type: 'text', text: 'done' }] },
    ];
    expect(workingTurns(messages)).toEqual([{ calls: ['read'] }]);
  });

  it('yields nothing for shapes it does not know', () => {
    expect(workingTurns(undefined)).toEqual([]);
    expect(workingTurns([null, 1, 'x', { role: 'assistant', content: 'text' }])).toEqual([]);
  });
});
