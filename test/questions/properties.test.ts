import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createSession,
  deliverAnswerToken,
  memoryVersionedStore,
  parseSession,
  runStored,
  type SessionState,
  type StepInput,
  type StoredRunResult,
  signAnswerToken,
  step,
  sweepExpiredApprovals,
  type VersionedSessionStore,
} from '../../src/index.js';
import { migratePostgres, postgresStore } from '../../src/stores/postgres/index.js';
import { assistant, toolCall } from '../../src/testing/index.js';
import { definitions } from '../run/fixtures.js';
import { manualClock, recordingTools } from '../stored-run/fixtures.js';
import { freshTable, pglite } from '../stores/pglite.js';
import { askInput, askingModel, goodAnswers } from './fixtures.js';

const key = 'k'.repeat(32);
const timeoutMs = 60_000;
const options = { planMode: { enabled: true, questionTimeoutMs: timeoutMs } };

/** Every store call waits a few ms picked by the property, so workers interleave differently. */
function jittery(base: VersionedSessionStore, delays: number[]): VersionedSessionStore {
  let i = 0;
  const wait = () => new Promise((r) => setTimeout(r, delays[i++ % delays.length] ?? 0));
  return {
    ...base,
    load: async (id) => {
      await wait();
      return base.load(id);
    },
    save: async (id, record, expected) => {
      await wait();
      return base.save(id, record, expected);
    },
  };
}

const otherAnswers = [
  { id: 'q1', selected: ['Redis'] },
  { id: 'q2', selected: ['staging'] },
];

type Delivery = {
  kind: 'answer' | 'other' | 'timeout' | 'token' | 'stale' | 'invalid';
  at: number;
};

const deliveryArb: fc.Arbitrary<Delivery> = fc.record({
  kind: fc.constantFrom('answer', 'other', 'timeout', 'token', 'stale', 'invalid'),
  // Before the deadline, at its edges, or well after it.
  at: fc.oneof(
    fc.integer({ min: 0, max: timeoutMs - 1 }),
    fc.integer({ min: timeoutMs - 2, max: timeoutMs + 2 }),
    fc.integer({ min: timeoutMs, max: 10 * timeoutMs }),
  ),
});

/**
 * Parks a stored session on a question, then delivers answers from concurrent workers at the
 * given times (plus concurrent sweeps): the question ends exactly once — answered or timed out —
 * its answer message is in the conversation once, and every other delivery did nothing.
 */
async function checkOnce(
  base: VersionedSessionStore,
  sessionId: string,
  deliveries: Delivery[],
  delays: number[],
  sweeps: number,
): Promise<void> {
  const start = 1_000_000;
  const clock = manualClock(start);
  const model = askingModel();
  const tools = recordingTools();
  const setup = { store: base, model, tools, options, now: clock };
  const parked = await runStored(setup, sessionId, { message: 'Add a cache' });
  if (parked.outcome !== 'ran' || parked.result.status !== 'awaiting_answer')
    throw new Error('not parked on a question');
  const { questionId } = parked.result.question;
  const askedAt = parseSession((await base.load(sessionId))?.record.session).questions?.current
    ?.askedAt;
  expect(askedAt).toBe(start);
  const store = jittery(base, delays);
  const deliver = async (
    d: Delivery,
    i: number,
  ): Promise<StoredRunResult | { outcome: string }> => {
    const config = { ...setup, store, workerId: `w${i}`, now: () => start + d.at };
    switch (d.kind) {
      case 'answer':
        return runStored(config, sessionId, { answer: { questionId, answers: goodAnswers } });
      case 'other':
        return runStored(config, sessionId, { answer: { questionId, answers: otherAnswers } });
      case 'timeout':
        return runStored(config, sessionId, { answer: { action: 'timeout', questionId } });
      case 'stale':
        return runStored(config, sessionId, {
          answer: { questionId: 'not-this-one', answers: goodAnswers },
        });
      case 'invalid':
        return runStored(config, sessionId, {
          answer: { questionId, answers: [{ id: 'q1', selected: ['MySQL'] }] },
        });
      case 'token': {
        const token = await signAnswerToken(
          {
            sessionId,
            questionId,
            answers: goodAnswers.map(({ id, selected }) => ({ id, selected })),
            expiresAt: start + 100 * timeoutMs,
          },
          key,
        );
        return deliverAnswerToken(config, token, { key });
      }
    }
  };
  const results = await Promise.all([
    ...deliveries.map(deliver),
    ...Array.from({ length: sweeps }, (_, i) =>
      sweepExpiredApprovals({
        store,
        options,
        workerId: `sweeper${i}`,
        now: () => start + timeoutMs + i,
      }).then(() => ({ outcome: 'swept' })),
    ),
  ]);
  const session = parseSession((await base.load(sessionId))?.record.session);
  const current = session.questions?.current;
  const record = session.questions?.history.find((r) => r.questionId === questionId);
  const ran = results.filter((r) => r.outcome === 'ran');
  // At most one delivery applied; every other one did nothing of its own.
  expect(ran.length).toBeLessThanOrEqual(1);
  for (const r of results)
    expect(['ran', 'duplicate', 'ignored', 'refused', 'busy', 'swept']).toContain(r.outcome);
  const injected = session.messages.filter(
    (m) => m.role === 'user' && m.source === 'planfirst' && m.kind === 'question_answer',
  );
  if (current?.status === 'pending') {
    // Nobody answered in time and no sweep reached it (all deliveries busy or refused).
    expect(ran).toHaveLength(0);
    expect(injected).toHaveLength(0);
  } else {
    expect(['answered', 'timed_out']).toContain(current?.status);
    expect(record?.outcome).toBe(current?.status);
    // The answer (or the timeout) went into the conversation at most once.
    expect(injected.length).toBeLessThanOrEqual(1);
  }
  // An answer applies only before the deadline, and only a valid one.
  if (current?.status === 'answered') {
    expect(current.answeredAt).toBeLessThan(start + timeoutMs);
    expect([JSON.stringify(current.answers)]).toContainEqual(
      expect.stringMatching(/Postgres|Redis/),
    );
    expect(injected).toHaveLength(1);
  }
  // The model was called again only for the applied answer (it then proposes its plan), never
  // for a refused delivery or a timeout.
  expect(model.calls).toBe(current?.status === 'answered' && ran.length === 1 ? 2 : 1);
}

describe('property: a question answered from random workers, orders and times applies once', () => {
  afterAll(async () => {
    await (await pglite()).close();
  });

  it('memory store: answers, timeouts, tokens and sweeps in any interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(deliveryArb, { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 2 }),
        async (deliveries, delays, sweeps) => {
          await checkOnce(memoryVersionedStore(), 's', deliveries, delays, sweeps);
        },
      ),
      { seed: 2901, numRuns: 40 },
    );
  }, 120_000);

  it('PostgreSQL store on PGlite', async () => {
    const db = await pglite();
    await fc.assert(
      fc.asyncProperty(
        fc.array(deliveryArb, { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 1 }),
        async (deliveries, delays, sweeps) => {
          const table = freshTable();
          await migratePostgres(db, { table });
          await checkOnce(postgresStore(db, { table }), 's', deliveries, delays, sweeps);
        },
      ),
      { seed: 2902, numRuns: 5 },
    );
  }, 300_000);
});

describe('property: step applies an answer once, whatever the sequence of inputs', () => {
  const context = { options, tools: definitions };
  const answerArb = fc.record({
    kind: fc.constantFrom('answer', 'other', 'timeout', 'stale', 'invalid', 'resume', 'abort'),
    at: fc.integer({ min: 3, max: 3 * timeoutMs }),
  });

  it('the first applicable input decides; the rest change nothing or are refused', () => {
    fc.assert(
      fc.property(fc.array(answerArb, { minLength: 1, maxLength: 8 }), (inputs) => {
        let s = createSession(options, { now: 0 });
        s = step(s, { type: 'user_message', message: 'Add a cache', now: 1 }, context).session;
        s = step(
          s,
          {
            type: 'model_response',
            message: assistant(toolCall('ask_user', askInput, 'a1')),
            now: 2,
            questionId: 'qid',
          },
          context,
        ).session;
        let decided: string | undefined;
        for (const { kind, at } of inputs) {
          const input: StepInput =
            kind === 'resume'
              ? { type: 'resume', now: at }
              : kind === 'abort'
                ? { type: 'abort', now: at }
                : {
                    type: 'answer',
                    now: at,
                    answer:
                      kind === 'timeout'
                        ? { action: 'timeout', questionId: 'qid' }
                        : kind === 'stale'
                          ? { questionId: 'x', answers: goodAnswers }
                          : kind === 'invalid'
                            ? { questionId: 'qid', answers: [] }
                            : {
                                questionId: 'qid',
                                answers: kind === 'answer' ? goodAnswers : otherAnswers,
                              },
                  };
          const out = step(s, input, context);
          const status = out.session.questions?.current?.status;
          if (decided !== undefined) expect(status).toBe(decided);
          else if (status !== 'pending') {
            decided = status;
            if (status === 'answered') expect(at).toBeLessThan(2 + timeoutMs);
          }
          // Bring the run back to rest so the next input meets a settled session.
          s =
            out.effect.type === 'call_model'
              ? step(
                  out.session,
                  { type: 'model_response', message: assistant('Noted.'), now: at },
                  context,
                ).session
              : out.session;
        }
        const injected = s.messages.filter(
          (m) => m.role === 'user' && m.source === 'planfirst' && m.kind === 'question_answer',
        );
        expect(injected).toHaveLength(decided === undefined ? 0 : 1);
      }),
      { seed: 2903, numRuns: 120 },
    );
  });
});

describe('property: every stored session with questions parses and resumes to the same effect', () => {
  it('at any point of a run that asks, is answered and goes on', () => {
    const context = { options, tools: definitions };
    fc.assert(
      fc.property(
        fc.constantFrom('answer', 'timeout', 'late'),
        fc.integer({ min: 0, max: 6 }),
        (how, cut) => {
          const sessions: SessionState[] = [];
          let s = createSession(options, { now: 0 });
          const push = (input: StepInput) => {
            const out = step(s, input, context);
            s = out.session;
            sessions.push(s);
            return out;
          };
          push({ type: 'user_message', message: 'Add a cache', now: 1 });
          push({
            type: 'model_response',
            message: assistant(toolCall('ask_user', askInput, 'a1')),
            now: 2,
            questionId: 'qid',
            approvalId: 'aid',
          });
          const answered = push({
            type: 'answer',
            now: how === 'late' ? 2 + timeoutMs : 3,
            answer:
              how === 'timeout'
                ? { action: 'timeout', questionId: 'qid' }
                : { questionId: 'qid', answers: goodAnswers },
          });
          if (answered.effect.type === 'call_model')
            push({
              type: 'model_response',
              message: assistant(
                toolCall('exit_plan_mode', { title: 'T', steps: [{ text: 'x' }] }, 'e1'),
              ),
              now: 4,
              approvalId: 'aid',
              questionId: 'qid2',
            });
          const at = sessions[Math.min(cut, sessions.length - 1)] as SessionState;
          const stored = parseSession(JSON.parse(JSON.stringify(at)));
          expect(stored).toEqual(at);
          const a = step(at, { type: 'resume', now: 10 }, context);
          const b = step(stored, { type: 'resume', now: 10 }, context);
          expect(b.effect).toEqual(a.effect);
          expect(b.session).toEqual(a.session);
        },
      ),
      { seed: 2904, numRuns: 60 },
    );
  });
});
