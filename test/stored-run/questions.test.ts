import { describe, expect, it } from 'vitest';
import {
  memoryVersionedStore,
  parseSession,
  type RunEvent,
  runStored,
  type StoredRecord,
  sweepExpiredApprovals,
  type VersionedSessionStore,
} from '../../src/index.js';
import { askingModel, goodAnswers } from '../questions/fixtures.js';
import { manualClock, recordingTools } from './fixtures.js';

// ask_user in a stored run: the question's deadline is stored beside the session and binds
// every worker; an answer is checked against it before the claim; the sweep times it out.

const start = 1_000;
const questionTimeoutMs = 5_000;
// A different approval timeout: a question's deadline must come from questionTimeoutMs.
const options = {
  planMode: { enabled: true, questionTimeoutMs, approvalTimeoutMs: 60_000 },
};

async function parkedOnQuestion() {
  const store = memoryVersionedStore();
  const now = manualClock(start);
  const model = askingModel();
  const events: RunEvent[] = [];
  const config = {
    store,
    model,
    tools: recordingTools(),
    options,
    now,
    workerId: 'w1',
    onEvent: (e: RunEvent) => events.push(e),
  };
  const parked = await runStored(config, 's', { message: 'Add a cache' });
  if (parked.outcome !== 'ran' || parked.result.status !== 'awaiting_answer')
    throw new Error('not parked on a question');
  return {
    store,
    now,
    model,
    events,
    config,
    parked,
    questionId: parked.result.question.questionId,
  };
}

/** Rewrites the stored record (a row another worker or an older version wrote). */
async function rewrite(store: VersionedSessionStore, change: (r: StoredRecord) => StoredRecord) {
  const loaded = await store.load('s');
  if (loaded === undefined) throw new Error('no session');
  const saved = await store.save('s', change(loaded.record), loaded.version);
  if (!saved.ok) throw new Error('lost');
  return saved.version;
}

/** A store that records every record handed to save, as given. */
function savesOf(base: VersionedSessionStore) {
  const saves: StoredRecord[] = [];
  const store: VersionedSessionStore = {
    ...base,
    save: (id, record, expected) => {
      saves.push(record);
      return base.save(id, record, expected);
    },
  };
  return { store, saves };
}

describe('runStored parks on a question', () => {
  it('ends awaiting_answer, saves the question deadline from questionTimeoutMs, releases the lease', async () => {
    const { store, events, parked, questionId, model } = await parkedOnQuestion();
    expect(model.calls).toBe(1);
    // One save for the claim with the message, one when the run parks: nothing in between.
    expect(parked.version).toBe(2);
    if (parked.outcome !== 'ran') throw new Error(parked.outcome);
    expect(parked.result.status).toBe('awaiting_answer');
    expect(parked.result.approval).toBeUndefined();
    expect(parked.recovered).toEqual([]);
    expect(events.filter((e) => e.type === 'run_finished')).toEqual([
      { type: 'run_finished', status: 'awaiting_answer' },
    ]);
    expect(events.at(-1)).toEqual({ type: 'run_finished', status: 'awaiting_answer' });
    const loaded = await store.load('s');
    expect(loaded?.version).toBe(2);
    expect(Object.keys(loaded?.record ?? {}).sort()).toEqual(['question', 'session']);
    expect(loaded?.record.question).toEqual({ questionId, deadline: start + questionTimeoutMs });
    expect(await store.listExpiredApprovals({ now: start + questionTimeoutMs, limit: 10 })).toEqual(
      [{ sessionId: 's', version: 2, approvalId: questionId, deadline: start + questionTimeoutMs }],
    );
  });

  it('a resume of a parked question asks again and keeps the stored deadline', async () => {
    const { store, now, config, questionId } = await parkedOnQuestion();
    await rewrite(store, (r) => ({ ...r, question: { questionId, deadline: start + 10 } }));
    now.advance(1);
    const again = await runStored({ ...config, workerId: 'w2' }, 's', { resume: true });
    if (again.outcome !== 'ran') throw new Error(again.outcome);
    expect(again.result.status).toBe('awaiting_answer');
    expect(again.result.question?.questionId).toBe(questionId);
    expect((await store.load('s'))?.record.question).toEqual({ questionId, deadline: start + 10 });
  });
});

describe('runStored with an answer', () => {
  it('in time: applies it, the model goes on, and the question deadline is gone', async () => {
    const { store, now, config, questionId, model } = await parkedOnQuestion();
    now.advance(questionTimeoutMs - 1);
    const r = await runStored(config, 's', { answer: { questionId, answers: goodAnswers } });
    if (r.outcome !== 'ran') throw new Error(r.outcome);
    expect(r.result.status).toBe('awaiting_approval');
    expect(model.calls).toBe(2);
    const loaded = await store.load('s');
    expect(loaded?.record.question).toBeUndefined();
    expect(loaded?.record.approval?.approvalId).toBe(r.result.approval?.approvalId);
    const q = parseSession(loaded?.record.session).questions?.current;
    expect(q?.status).toBe('answered');
    expect(q?.answeredAt).toBe(start + questionTimeoutMs - 1);
  });

  it('for another question: ignored as stale_id, nothing written, the model not called', async () => {
    const { store, config, parked, model } = await parkedOnQuestion();
    const r = await runStored(config, 's', {
      answer: { questionId: 'not-this-one', answers: goodAnswers },
    });
    expect(r).toEqual({
      outcome: 'ignored',
      sessionId: 's',
      version: parked.version,
      reason: 'stale_id',
      message: 'the answer is for a different question than the one waiting',
    });
    expect((await store.load('s'))?.version).toBe(parked.version);
    expect(model.calls).toBe(1);
  });

  it('at the stored deadline: ignored as question_timed_out, the timeout saved with the lease released', async () => {
    const { store, now, config, questionId, model, parked } = await parkedOnQuestion();
    now.advance(questionTimeoutMs);
    const r = await runStored(config, 's', { answer: { questionId, answers: goodAnswers } });
    expect(r).toEqual({
      outcome: 'ignored',
      sessionId: 's',
      version: parked.version + 1,
      reason: 'question_timed_out',
      message:
        'the answer came at or after the deadline, so the question timed out instead; the model may ask it again',
    });
    expect(model.calls).toBe(1);
    const loaded = await store.load('s');
    expect(loaded?.version).toBe(parked.version + 1);
    expect(Object.keys(loaded?.record ?? {})).toEqual(['session']);
    expect(parseSession(loaded?.record.session).questions?.current?.status).toBe('timed_out');
  });

  it('the stored deadline binds, not the one the options would give', async () => {
    const { store, now, config, questionId, model } = await parkedOnQuestion();
    await rewrite(store, (r) => ({ ...r, question: { questionId, deadline: start + 100 } }));
    now.advance(100);
    const r = await runStored(config, 's', { answer: { questionId, answers: goodAnswers } });
    expect(r.outcome === 'ignored' && r.reason).toBe('question_timed_out');
    expect(model.calls).toBe(1);
  });

  it("a stored deadline for another question does not bind: the session's own timeout does", async () => {
    const { store, now, config, questionId, model } = await parkedOnQuestion();
    await rewrite(store, (r) => ({ ...r, question: { questionId: 'older', deadline: start } }));
    now.advance(questionTimeoutMs - 1);
    const r = await runStored(config, 's', { answer: { questionId, answers: goodAnswers } });
    expect(r.outcome === 'ran' && r.result.status).toBe('awaiting_approval');
    expect(model.calls).toBe(2);
  });

  it('a stored deadline when no question is pending is not used', async () => {
    const { store, now, config, questionId } = await parkedOnQuestion();
    now.advance(1);
    await runStored(config, 's', { answer: { questionId, answers: goodAnswers } });
    // The session now waits on its plan; a leftover question deadline must not time it out.
    await rewrite(store, (r) => ({ ...r, question: { questionId, deadline: 0 } }));
    const approvalId = (await store.load('s'))?.record.approval?.approvalId ?? '';
    const r = await runStored(config, 's', { decision: { action: 'approve', approvalId } });
    expect(r.outcome === 'ran' && r.result.status).toBe('completed');
  });
});

describe('sweepExpiredApprovals on a question', () => {
  it('times out a due question: the answer_resolved events, a record with no question, no model call', async () => {
    const { store: base, now, questionId, model, parked } = await parkedOnQuestion();
    const { store, saves } = savesOf(base);
    now.advance(questionTimeoutMs);
    const events: (RunEvent & { sessionId: string })[] = [];
    const swept = await sweepExpiredApprovals({
      store,
      options,
      now,
      workerId: 'sweeper',
      onEvent: (e) => events.push(e),
    });
    expect(swept).toEqual([{ sessionId: 's', approvalId: questionId, code: 'timed_out' }]);
    expect(model.calls).toBe(1);
    expect(events).toEqual([
      { type: 'run_started', trigger: 'answer', sessionId: 's' },
      {
        type: 'answer_resolved',
        questionId,
        code: 'question_timed_out',
        sessionId: 's',
      },
      { type: 'decision_injected', kind: 'question_answer', sessionId: 's' },
      {
        type: 'run_finished',
        status: 'completed',
        reason: 'question_timed_out',
        sessionId: 's',
      },
    ]);
    expect(saves).toHaveLength(1);
    expect(Object.keys(saves[0] ?? {})).toEqual(['session']);
    const loaded = await store.load('s');
    expect(loaded?.version).toBe(parked.version + 1);
    const q = parseSession(loaded?.record.session).questions?.current;
    expect(q?.status).toBe('timed_out');
    expect(q?.answeredAt).toBe(start + questionTimeoutMs);
    expect(await sweepExpiredApprovals({ store, options, now })).toEqual([]);
  });

  it('a question whose stored deadline is still ahead is already_handled and left as it is', async () => {
    const { store: base, now, questionId, parked } = await parkedOnQuestion();
    const store: VersionedSessionStore = {
      ...base,
      listExpiredApprovals: async () => [
        { sessionId: 's', version: parked.version, approvalId: questionId, deadline: 0 },
      ],
    };
    now.advance(questionTimeoutMs - 1);
    expect(await sweepExpiredApprovals({ store, options, now })).toEqual([
      { sessionId: 's', approvalId: questionId, code: 'already_handled' },
    ]);
    expect((await base.load('s'))?.version).toBe(parked.version);
  });

  it('a question on a session another worker leases is busy; its own lease does not block the sweeper', async () => {
    const { store, now, questionId } = await parkedOnQuestion();
    const version = await rewrite(store, (r) => ({
      ...r,
      lease: { owner: 'worker', until: start + 10 * questionTimeoutMs },
    }));
    now.advance(questionTimeoutMs);
    expect(await sweepExpiredApprovals({ store, options, now, workerId: 'sweeper' })).toEqual([
      { sessionId: 's', approvalId: questionId, code: 'busy' },
    ]);
    expect((await store.load('s'))?.version).toBe(version);
    expect(await sweepExpiredApprovals({ store, options, now, newId: () => 'worker' })).toEqual([
      { sessionId: 's', approvalId: questionId, code: 'timed_out' },
    ]);
  });

  it('keeps the tool intents of the record when nothing had to be settled; drops an empty list', async () => {
    const intent = {
      callId: 'c1',
      name: 'write_file',
      messageIndex: 1,
      attempt: 1,
      startedAt: start,
      owner: 'w1',
    };
    for (const [intents, kept] of [
      [[intent], { intents: [intent] }],
      [[], {}],
    ] as const) {
      const { store: base, now, questionId } = await parkedOnQuestion();
      await rewrite(base, (r) => ({ ...r, intents: [...intents] }));
      const { store, saves } = savesOf(base);
      now.advance(questionTimeoutMs);
      expect(await sweepExpiredApprovals({ store, options, now })).toEqual([
        { sessionId: 's', approvalId: questionId, code: 'timed_out' },
      ]);
      expect(saves).toHaveLength(1);
      const { session: _session, ...rest } = saves[0] ?? ({} as StoredRecord);
      expect(rest).toStrictEqual(kept);
    }
  });

  it('a stored question the session no longer waits on is already_handled and nothing is written', async () => {
    const { store: base, now, config, questionId } = await parkedOnQuestion();
    now.advance(1);
    await runStored(config, 's', { answer: { questionId, answers: goodAnswers } });
    // A row that still carries the answered question's deadline.
    const version = await rewrite(base, (r) => {
      const { approval: _a, ...rest } = r;
      return { ...rest, question: { questionId, deadline: 0 } };
    });
    const { store, saves } = savesOf(base);
    expect(await sweepExpiredApprovals({ store, options, now })).toEqual([
      { sessionId: 's', approvalId: questionId, code: 'already_handled' },
    ]);
    expect(saves).toEqual([]);
    expect((await base.load('s'))?.version).toBe(version);
  });

  it('a lost compare-and-set loads again and reports what the winner did, once', async () => {
    const { store: base, now, questionId } = await parkedOnQuestion();
    now.advance(questionTimeoutMs);
    let first = true;
    const events: RunEvent[] = [];
    const store: VersionedSessionStore = {
      ...base,
      save: async (id, record, expected) => {
        if (first) {
          first = false;
          await sweepExpiredApprovals({ store: base, options, now });
        }
        return base.save(id, record, expected);
      },
    };
    expect(
      await sweepExpiredApprovals({ store, options, now, onEvent: (e) => events.push(e) }),
    ).toEqual([{ sessionId: 's', approvalId: questionId, code: 'already_handled' }]);
    expect(events).toEqual([]);
    const injected = (await base.load('s'))?.record.session.messages.filter(
      (m) => m.role === 'user' && m.kind === 'question_answer',
    );
    expect(injected).toHaveLength(1);
  });
});
