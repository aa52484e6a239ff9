import { describe, expect, it } from 'vitest';
import { createSession, type SessionState } from '../../src/index.js';
import { intentFor, toolIdempotencyKey, withoutIntents } from '../../src/stored-run/intents.js';
import {
  approvalDeadline,
  parseStoredRecord,
  parseStoredVersion,
  questionDeadline,
  recordIndex,
} from '../../src/stored-run/record.js';

// The fields a store keeps beside the session: deadlines kept or set, the index a store lists
// by, the tool intents and their idempotency keys.

const session = createSession();

/** A session with its plan-mode state replaced (only the fields these functions read). */
function withPlanMode(planMode: Partial<SessionState['planMode']>): SessionState {
  return { ...session, planMode: { ...session.planMode, ...planMode } };
}

function withQuestion(questionId: string, askedAt: number): SessionState {
  return {
    ...session,
    questions: {
      current: {
        questionId,
        questions: [
          {
            id: 'q1',
            text: 'Which?',
            options: [{ label: 'A' }],
            multiple: false,
            allowText: false,
          },
        ],
        status: 'pending',
        askedAt,
        inPlanMode: true,
      },
      history: [{ questionId }],
    },
  } as SessionState;
}

describe('approvalDeadline', () => {
  const pending = withPlanMode({ approval: 'pending', approvalId: 'a1', requestedAt: 10 });

  it('a new request: requestedAt + timeoutMs (now only when requestedAt is missing)', () => {
    expect(approvalDeadline(pending, undefined, { now: 99, timeoutMs: 5 })).toEqual({
      approvalId: 'a1',
      deadline: 15,
    });
    const { requestedAt: _r, ...noTime } = pending.planMode;
    expect(
      approvalDeadline({ ...pending, planMode: noTime }, undefined, { now: 99, timeoutMs: 5 }),
    ).toEqual({ approvalId: 'a1', deadline: 104 });
  });

  it('the same request keeps its saved deadline; another request gets a new one', () => {
    const saved = { approvalId: 'a1', deadline: 42 };
    expect(approvalDeadline(pending, saved, { now: 99, timeoutMs: 5 })).toBe(saved);
    expect(
      approvalDeadline(pending, { approvalId: 'a0', deadline: 42 }, { now: 99, timeoutMs: 5 }),
    ).toEqual({ approvalId: 'a1', deadline: 15 });
  });

  it('nothing pending, or pending without an id: no deadline', () => {
    const at = { now: 99, timeoutMs: 5 };
    expect(
      approvalDeadline(withPlanMode({ approval: 'approved', approvalId: 'a1' }), undefined, at),
    ).toBeUndefined();
    const noId = withPlanMode({ approval: 'pending', approvalId: undefined });
    expect(approvalDeadline(noId, undefined, at)).toBeUndefined();
    expect(approvalDeadline(noId, { approvalId: 'a0', deadline: 1 }, at)).toBeUndefined();
  });
});

describe('questionDeadline', () => {
  it('a new question: askedAt + timeoutMs; the same one keeps its saved deadline', () => {
    const asked = withQuestion('q-1', 20);
    expect(questionDeadline(asked, undefined, { timeoutMs: 7 })).toEqual({
      questionId: 'q-1',
      deadline: 27,
    });
    const saved = { questionId: 'q-1', deadline: 3 };
    expect(questionDeadline(asked, saved, { timeoutMs: 7 })).toBe(saved);
    expect(questionDeadline(asked, { questionId: 'q-0', deadline: 3 }, { timeoutMs: 7 })).toEqual({
      questionId: 'q-1',
      deadline: 27,
    });
  });

  it('no question pending: no deadline, whatever was saved', () => {
    expect(
      questionDeadline(session, { questionId: 'q-1', deadline: 3 }, { timeoutMs: 7 }),
    ).toBeUndefined();
  });
});

describe('recordIndex', () => {
  it('indexes the approval, else the question under the same fields, and the lease', () => {
    expect(recordIndex({ session })).toStrictEqual({});
    expect(
      recordIndex({
        session,
        question: { questionId: 'q', deadline: 3 },
        lease: { owner: 'w', until: 9 },
      }),
    ).toStrictEqual({ approvalId: 'q', deadline: 3, leaseOwner: 'w', leaseUntil: 9 });
    expect(
      recordIndex({
        session,
        approval: { approvalId: 'a', deadline: 5 },
        question: { questionId: 'q', deadline: 3 },
      }),
    ).toStrictEqual({ approvalId: 'a', deadline: 5 });
  });
});

describe('parseStoredRecord: the fields beside the session', () => {
  const intent = {
    callId: 'c1',
    name: 'write_file',
    messageIndex: 1,
    attempt: 2,
    startedAt: 5,
    owner: 'w1',
  };

  it('reads an approval, a question and intents of any attempt from 1', () => {
    const record = {
      session,
      approval: { approvalId: 'a', deadline: 5 },
      question: { questionId: 'q', deadline: 3 },
      intents: [intent, { ...intent, callId: 'c2', attempt: 1 }],
    };
    const parsed = parseStoredRecord(JSON.stringify(record));
    expect(parsed.approval).toEqual({ approvalId: 'a', deadline: 5 });
    expect(parsed.question).toEqual({ questionId: 'q', deadline: 3 });
    expect(parsed.intents?.map((i) => i.attempt)).toEqual([2, 1]);
  });

  it('refuses an attempt below 1 and unknown fields beside a deadline', () => {
    expect(() => parseStoredRecord({ session, intents: [{ ...intent, attempt: 0 }] })).toThrow(
      'intents.0.attempt',
    );
    expect(() =>
      parseStoredRecord({ session, approval: { approvalId: 'a', deadline: 5, extra: 1 } }),
    ).toThrow('approval');
    expect(() =>
      parseStoredRecord({ session, question: { questionId: 'q', deadline: 5, extra: 1 } }),
    ).toThrow('question');
  });
});

describe('parseStoredVersion: only the decimal digits of a positive integer', () => {
  it.each([' 12', '12 ', '+5', '1e3', '0x1F', [3], true])('refuses %j', (raw) => {
    expect(() => parseStoredVersion(raw)).toThrow('the stored version is not a positive integer');
  });
});

describe('tool intents', () => {
  const a = { callId: 'c1', name: 'x', messageIndex: 1, attempt: 1, startedAt: 0, owner: 'w' };
  const b = { ...a, messageIndex: 3 };
  const c = { ...a, callId: 'c2' };

  it('intentFor finds the intent of this call id in this turn only', () => {
    expect(intentFor([b, a], 1, 'c1')).toBe(a);
    expect(intentFor([b], 1, 'c1')).toBeUndefined();
    expect(intentFor([c], 1, 'c1')).toBeUndefined();
    expect(intentFor(undefined, 1, 'c1')).toBeUndefined();
  });

  it('withoutIntents drops the given calls of this turn and keeps the rest', () => {
    expect(withoutIntents([a, b, c], 1, ['c1'])).toEqual([b, c]);
    expect(withoutIntents([a, b, c], 3, ['c1', 'c2'])).toEqual([a, c]);
    expect(withoutIntents(undefined, 1, ['c1'])).toEqual([]);
  });

  it('the idempotency key is fixed for a call and differs by session, turn and call', () => {
    const key = toolIdempotencyKey('s', 1, 'c1');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).toBe(toolIdempotencyKey('s', 1, 'c1'));
    expect(
      new Set([
        key,
        toolIdempotencyKey('t', 1, 'c1'),
        toolIdempotencyKey('s', 2, 'c1'),
        toolIdempotencyKey('s', 1, 'c2'),
      ]).size,
    ).toBe(4);
    // Keys reach other systems and must not change between versions: the SHA-256 of the JSON
    // ["planfirst-tool-call","s",1,"c1"].
    expect(key).toBe('51d92d227d44b258883c54ad98ab9518a843ab44d4fd87ad3ee88013a90d2e46');
  });
});
