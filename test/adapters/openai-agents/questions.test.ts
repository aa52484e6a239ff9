import { RunState } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANSWER_TAG, questionsOf } from '../../../src/internal.js';
import { samplePlan, setup, strictPlanArguments, toolResultText } from './helpers.js';

// ask_user as an interruption of the real SDK Runner (its ScriptedModel): the run pauses on
// the call, `answer` has the core decide, and the resumed run hands the model the quoted
// answer as the call's result, once.

const askArgs = {
  questions: [
    {
      question: 'Which store?',
      header: null,
      options: [
        { label: 'Postgres', description: null },
        { label: 'Redis', description: null },
      ],
      multiple: null,
      allowText: null,
    },
  ],
};

const script = () =>
  new ScriptedModel([
    [functionCall('ask_user', askArgs, { callId: 'a1' })],
    [functionCall('write_file', { path: 'src/a.ts', content: 'x' }, { callId: 'w1' })],
    [functionCall('exit_plan_mode', strictPlanArguments(samplePlan), { callId: 'p1' })],
    [assistantMessage('The plan waits for you.')],
  ]);

async function pausedOnQuestion(model: ScriptedModel = script()) {
  const env = setup(model);
  const paused = await env.pf.run(env.agent, 'Add a cache');
  if (paused.status !== 'awaiting_answer') throw new Error(paused.status);
  return { ...env, paused, state: paused.result.state, questionId: paused.question.questionId };
}

const pick = (questionId: string, label = 'Postgres') => ({
  questionId,
  answers: [{ id: 'q1', selected: [label] }],
});

describe('ask_user as an OpenAI Agents interruption', () => {
  it('pauses on the call; the answer is the call result, quoted; the run goes on in plan mode', async () => {
    const env = await pausedOnQuestion();
    expect(env.paused.question.callId).toBe('a1');
    expect(env.paused.question.questions[0]?.text).toBe('Which store?');
    expect(env.pf.pendingQuestion(env.state)?.questionId).toBe(env.questionId);
    expect(env.model().calls).toHaveLength(1);

    expect(env.pf.answer(env.state, pick(env.questionId))).toEqual({
      applied: true,
      code: 'question_answered',
    });
    const next = await env.pf.run(env.agent, env.state);
    expect(next.status).toBe('awaiting_approval');
    const result = toolResultText(env.model().calls[1], 'a1');
    expect(result).toContain(`<${ANSWER_TAG} status="answered"`);
    expect(result).toContain('selected: "Postgres"');
    expect(env.ws.written).toEqual([]);
    expect(questionsOf(env.store.get()).current?.injected).toBe(true);
  });

  it('repeated, different, stale and late answers are refused with the core codes; nothing moves', async () => {
    const env = await pausedOnQuestion();
    expect(env.pf.answer(env.state, pick('other'))).toMatchObject({ reason: 'stale_id' });
    expect(env.pf.answer(env.state, { questionId: env.questionId })).toMatchObject({
      reason: 'invalid_answer',
    });
    expect(env.pf.answer(env.state, pick(env.questionId)).applied).toBe(true);
    expect(env.pf.answer(env.state, pick(env.questionId))).toMatchObject({
      reason: 'duplicate_decision',
    });
    expect(env.pf.answer(env.state, pick(env.questionId, 'Redis'))).toMatchObject({
      reason: 'already_decided',
    });
  });

  it('a saved run resumes in another process; resuming it twice is refused (stale_run)', async () => {
    const env = await pausedOnQuestion();
    const saved = env.state.toString();
    const restored = await RunState.fromString(env.agent, saved);
    expect(env.pf.pendingQuestion(restored)?.questionId).toBe(env.questionId);
    // Resuming before the answer is refused.
    await expect(env.pf.run(env.agent, restored)).rejects.toThrow(/stale_run/);
    expect(env.pf.answer(restored, pick(env.questionId)).applied).toBe(true);
    await env.pf.run(env.agent, restored);
    const again = await RunState.fromString(env.agent, restored.toString());
    await expect(env.pf.run(env.agent, again)).rejects.toThrow(/stale_run/);
  });

  it('a timeout is applied once and the model is told nobody answered', async () => {
    const env = await pausedOnQuestion();
    expect(env.pf.answer(env.state, { action: 'timeout', questionId: env.questionId })).toEqual({
      applied: true,
      code: 'question_timed_out',
    });
    await env.pf.run(env.agent, env.state);
    expect(toolResultText(env.model().calls[1], 'a1')).toContain('status="timed_out"');
  });

  it('property: answers from random orders apply once, and the model reads one answer', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('good', 'other', 'stale', 'timeout', 'bad'), {
          minLength: 1,
          maxLength: 8,
        }),
        async (kinds) => {
          const env = await pausedOnQuestion();
          const make = (k: string) =>
            k === 'good'
              ? pick(env.questionId)
              : k === 'other'
                ? pick(env.questionId, 'Redis')
                : k === 'stale'
                  ? pick('q-old')
                  : k === 'timeout'
                    ? { action: 'timeout', questionId: env.questionId }
                    : { questionId: env.questionId, answers: [{ id: 'q9', selected: [] }] };
          const applied = kinds
            .map((k) => env.pf.answer(env.state, make(k)))
            .filter((r) => r.applied);
          const valid = kinds.some((k) => k === 'good' || k === 'other' || k === 'timeout');
          expect(applied).toHaveLength(valid ? 1 : 0);
          if (!valid) return;
          await env.pf.run(env.agent, env.state);
          const text = toolResultText(env.model().calls[1], 'a1');
          expect(text.split(`<${ANSWER_TAG}`)).toHaveLength(2);
        },
      ),
      { numRuns: 20 },
    );
  });
});
