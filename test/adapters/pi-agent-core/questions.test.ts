import { fauxAssistantMessage, fauxToolCall } from '@mariozechner/pi-ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANSWER_TAG, questionsOf } from '../../../src/internal.js';
import { lastUserText, plan, scenario } from './harness.js';

// ask_user through a real pi Agent on pi's faux model: the call ends its batch, the run parks
// (or a `questions` handler answers while it waits), and the core decides every answer.

const planning = { planMode: { enabled: true } };
const ask = {
  questions: [{ question: 'Which store?', options: [{ label: 'Postgres' }, { label: 'Redis' }] }],
};
const askCall = () =>
  fauxAssistantMessage(fauxToolCall('ask_user', ask), { stopReason: 'toolUse' });
const write = () =>
  fauxAssistantMessage(fauxToolCall('write_file', { path: 'src/cache.ts', content: 'x' }), {
    stopReason: 'toolUse',
  });
const submit = () =>
  fauxAssistantMessage(fauxToolCall('exit_plan_mode', plan), { stopReason: 'toolUse' });
const good = { questionId: 'q-pi', answers: [{ id: 'q1', selected: ['Postgres'] }] };

describe('pi adapter: ask_user', () => {
  it('parks on the questions; answerQuestion sends the quoted answer and the agent goes on', async () => {
    const s = scenario({
      options: planning,
      responses: [askCall(), write(), submit(), fauxAssistantMessage('Waiting for approval.')],
    });
    await s.agent.prompt('Add a cache.');
    expect(s.requests).toHaveLength(1);
    expect(s.requests[0]?.tools).toContain('ask_user');
    const outcome = s.planfirst.outcome();
    expect(outcome).toMatchObject({ status: 'awaiting_answer', questionId: 'q-pi' });
    expect(s.planfirst.pendingQuestion()?.questions[0]?.text).toBe('Which store?');
    expect(s.events).toContainEqual(expect.objectContaining({ type: 'question_asked' }));

    const r = await s.planfirst.answerQuestion(good);
    expect(r).toMatchObject({ applied: true, code: 'question_answered' });
    expect(lastUserText(s.requests[1])).toContain('selected: "Postgres"');
    expect(lastUserText(s.requests[1])).toContain(`<${ANSWER_TAG} status="answered"`);
    // Still planning: the write after the answer was blocked and never ran.
    expect(s.writes).toEqual([]);
    expect(s.planfirst.outcome().status).toBe('awaiting_approval');

    const again = await s.planfirst.answerQuestion(good);
    expect(again).toMatchObject({ applied: false, reason: 'duplicate_decision' });
    expect(s.requests).toHaveLength(3);
  });

  it('a questions handler answers while the run waits; a stale or invalid answer changes nothing', async () => {
    const asked: string[] = [];
    const s = scenario({
      options: planning,
      responses: [askCall(), fauxAssistantMessage('Which Postgres version do you run?')],
      questions: async ({ questionId, questions }) => {
        asked.push(`${questionId}: ${questions[0]?.text}`);
        return { answers: [{ id: 'q1', selected: ['Redis'] }] };
      },
    });
    await s.agent.prompt('Add a cache.');
    expect(asked).toEqual(['q-pi: Which store?']);
    expect(lastUserText(s.requests[1])).toContain('selected: "Redis"');
    expect(s.planfirst.outcome().status).toBe('completed');
    const stale = await s.planfirst.answerQuestion({ ...good, questionId: 'other' });
    expect(stale).toMatchObject({ applied: false, reason: 'nothing_pending' });
    expect(s.requests).toHaveLength(2);
  });

  it('a handler that never answers times the question out; the model is told, quoted', async () => {
    const s = scenario({
      options: { planMode: { enabled: true, questionTimeoutMs: 5 } },
      responses: [askCall(), fauxAssistantMessage('I will wait for you.')],
      questions: () => new Promise(() => {}),
    });
    await s.agent.prompt('Add a cache.');
    expect(questionsOf(s.store.get()).current?.status).toBe('timed_out');
    expect(lastUserText(s.requests[1])).toContain('status="timed_out"');
  });

  it('property: answers from random orders apply once, and the agent is told once', async () => {
    const pool: unknown[] = [
      good,
      { questionId: 'q-pi', answers: [{ id: 'q1', selected: ['Redis'] }] },
      { questionId: 'q-pi', action: 'timeout' },
      { questionId: 'q-old', answers: [{ id: 'q1', selected: ['Redis'] }] },
      { questionId: 'q-pi', answers: [{ id: 'q2', selected: ['Redis'] }] },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: 8 }),
        async (answers) => {
          const s = scenario({
            options: planning,
            responses: [
              askCall(),
              ...Array.from({ length: 9 }, () => fauxAssistantMessage('Which size?')),
            ],
          });
          await s.agent.prompt('Add a cache.');
          const results = await Promise.all(answers.map((a) => s.planfirst.answerQuestion(a)));
          const valid = answers.some((a) => a === pool[0] || a === pool[1] || a === pool[2]);
          expect(results.filter((r) => r.applied)).toHaveLength(valid ? 1 : 0);
          await s.agent.waitForIdle();
          const told = s.agent.state.messages.filter(
            (m) => m.role === 'user' && JSON.stringify(m.content).includes(ANSWER_TAG),
          );
          expect(told).toHaveLength(valid ? 1 : 0);
        },
      ),
      { numRuns: 25 },
    );
  });
});
