import { describe, expect, it } from 'vitest';
import {
  createSession,
  deliverAnswerToken,
  enterPlanMode,
  exitPlanMode,
  memoryVersionedStore,
  planModeStatus,
  planReminder,
  runAgent,
  signAnswerToken,
} from '../../src/index.js';
import { assistant, scriptedModel, toolCall } from '../../src/testing/index.js';

// The examples of docs/questions.md, as they run.
describe('docs/questions.md examples', () => {
  it('ask_user parks runAgent and the answer resumes it', async () => {
    const ask = {
      questions: [
        { question: 'Which store?', options: [{ label: 'Postgres' }, { label: 'Redis' }] },
      ],
    };
    const model = scriptedModel([
      assistant(toolCall('ask_user', ask)),
      assistant('Postgres it is.'),
    ]);
    const tools = { definitions: [], execute: async () => 'ok' };
    const options = { planMode: { enabled: true } };
    let result = await runAgent({ model, tools, options }, createSession(options), {
      message: 'Add a cache',
    });
    if (result.status !== 'awaiting_answer') throw new Error(result.status);
    const { questionId, questions } = result.question;
    expect(questions[0]?.id).toBe('q1');
    const answer = { questionId, answers: [{ id: 'q1', selected: ['Postgres'] }] };
    result = await runAgent({ model, tools, options }, result.session, { answer });
    expect([result.status, result.text]).toEqual(['completed', 'Postgres it is.']);
  });

  it('an answer token for a session the store does not hold is not_found', async () => {
    const key = 'a secret of at least thirty-two bytes from your store';
    const token = await signAnswerToken(
      {
        sessionId: 's1',
        questionId: 'q-id',
        answers: [{ id: 'q1', selected: ['Postgres'] }],
        expiresAt: Date.now() + 3_600_000,
      },
      key,
    );
    const store = memoryVersionedStore();
    const model = async () => ({
      role: 'assistant' as const,
      content: [],
      stopReason: 'stop' as const,
    });
    const delivered = await deliverAnswerToken(
      { store, model, tools: { definitions: [], execute: async () => 'ok' } },
      token,
      { key },
    );
    expect(delivered.outcome).toBe('not_found');
  });

  it('the mode epoch counts plan-mode entries and heads every reminder', () => {
    let session = createSession({ planMode: { enabled: true } });
    session = exitPlanMode(session, { now: 1 }).state;
    session = enterPlanMode(session, { now: 2 }).state;
    expect(planModeStatus(session).epoch).toBe(2);
    expect(planReminder(session)?.text.split('\n')[0]).toBe('[plan-mode episode 2]');
  });
});
