import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type EngineJournal,
  engineHost,
  judgeDecision,
  type PendingApproval,
  type RecordedDecision,
  runOnEngine,
} from '../../src/effects/index.js';
import {
  askUser,
  createSession,
  requestApproval,
  type SessionState,
  type StoredToolContext,
  type ToolCallBlock,
} from '../../src/index.js';
import { interruptedCallResult } from '../../src/stored-run/intents.js';
import { assistant, toolCall } from '../../src/testing/index.js';

const plan = { title: 'Write the file', steps: [{ text: 'Write it' }] };

function pending(deadline = 1_000): PendingApproval {
  const s = createSession({ planMode: { enabled: true } }, { now: 1 });
  const session = requestApproval(s, { plan, now: 2, approvalId: 'ap-1' }).state;
  return { sessionId: 's', approvalId: 'ap-1', deadline, session };
}

describe('judgeDecision', () => {
  it('records exactly one decision however deliveries and the timer interleave', () => {
    const delivery = fc.record({
      action: fc.constantFrom('approve', 'reject', 'timeout', 'edit'),
      approvalId: fc.constantFrom('ap-1', 'ap-old'),
      now: fc.integer({ min: 0, max: 2_000 }),
    });
    fc.assert(
      fc.property(fc.array(delivery, { minLength: 1, maxLength: 12 }), (list) => {
        const p = pending();
        let recorded: RecordedDecision | undefined;
        let records = 0;
        for (const [i, d] of list.entries()) {
          const decision =
            d.action === 'edit'
              ? { action: 'edit', approvalId: d.approvalId }
              : { action: d.action, approvalId: d.approvalId };
          const judged = judgeDecision(p, recorded, decision, { now: d.now, delivery: `d${i}` });
          if (judged.record !== undefined) {
            expect(recorded).toBeUndefined();
            recorded = judged.record;
            records++;
          }
          const r = judged.result;
          if (r.outcome === 'accepted') expect(judged.record?.at).toBe(d.now);
          if (d.now >= p.deadline && d.action !== 'timeout')
            expect(r.outcome === 'accepted').toBe(false);
          if (d.approvalId === 'ap-old') expect(judged.record).toBeUndefined();
        }
        expect(records).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('answers a repeat with duplicate, another decision with ignored, a late one with approval_timed_out', () => {
    const p = pending();
    const approve = { action: 'approve', approvalId: 'ap-1' };
    const first = judgeDecision(p, undefined, approve, { now: 10, delivery: 'a' });
    expect(first.result.outcome).toBe('accepted');
    const again = judgeDecision(p, first.record, approve, { now: 11, delivery: 'b' });
    expect(again.result).toMatchObject({ outcome: 'duplicate', reason: 'duplicate_decision' });
    const other = judgeDecision(
      p,
      first.record,
      { action: 'reject', approvalId: 'ap-1' },
      { now: 12, delivery: 'c' },
    );
    expect(other.result.outcome).toBe('ignored');
    const late = judgeDecision(p, undefined, approve, { now: 1_000, delivery: 'd' });
    expect(late.result).toMatchObject({ outcome: 'ignored', reason: 'approval_timed_out' });
    expect(late.record).toEqual({
      decision: { action: 'timeout', approvalId: 'ap-1' },
      at: 1_000,
      delivery: 'timer',
    });
  });
});

function pendingQuestion(deadline = 1_000): PendingApproval {
  const s = createSession({ planMode: { enabled: true } }, { now: 1 });
  const input = {
    questions: [{ question: 'Which file?', options: [{ label: 'a' }, { label: 'b' }] }],
  };
  const asked = askUser(s, { input, now: 2, questionId: 'q-1' });
  if (!asked.applied) throw new Error(asked.message);
  return { kind: 'question', sessionId: 's', approvalId: 'q-1', deadline, session: asked.state };
}

describe('judgeDecision on a question (an answer)', () => {
  it('records exactly one answer however deliveries and the timer interleave', () => {
    const delivery = fc.record({
      action: fc.constantFrom('answer', 'timeout'),
      questionId: fc.constantFrom('q-1', 'q-old'),
      label: fc.constantFrom('a', 'b', 'c'),
      now: fc.integer({ min: 0, max: 2_000 }),
    });
    fc.assert(
      fc.property(fc.array(delivery, { minLength: 1, maxLength: 12 }), (list) => {
        const p = pendingQuestion();
        let recorded: RecordedDecision | undefined;
        let records = 0;
        for (const [i, d] of list.entries()) {
          const answer =
            d.action === 'timeout'
              ? { action: 'timeout', questionId: d.questionId }
              : { questionId: d.questionId, answers: [{ id: 'q1', selected: [d.label] }] };
          const judged = judgeDecision(p, recorded, answer, { now: d.now, delivery: `d${i}` });
          if (judged.record !== undefined) {
            expect(recorded).toBeUndefined();
            recorded = judged.record;
            records++;
          }
          const r = judged.result;
          if (r.outcome === 'accepted') expect(r).toMatchObject({ questionId: 'q-1' });
          if (d.now >= p.deadline && d.action !== 'timeout') expect(r.outcome).not.toBe('accepted');
          if (d.questionId === 'q-old') expect(judged.record).toBeUndefined();
          // An invalid answer records nothing before the deadline (after it, the timeout).
          if (d.label === 'c' && d.action === 'answer' && d.now < p.deadline)
            expect(judged.record).toBeUndefined();
        }
        expect(records).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('answers a repeat with duplicate, another answer with ignored, a late one with question_timed_out', () => {
    const p = pendingQuestion();
    const a = { questionId: 'q-1', answers: [{ id: 'q1', selected: ['a'] }] };
    const first = judgeDecision(p, undefined, a, { now: 10, delivery: 'x' });
    expect(first.result).toEqual({ outcome: 'accepted', sessionId: 's', questionId: 'q-1' });
    const again = judgeDecision(p, first.record, a, { now: 11, delivery: 'y' });
    expect(again.result).toMatchObject({ outcome: 'duplicate', reason: 'duplicate_decision' });
    const b = { questionId: 'q-1', answers: [{ id: 'q1', selected: ['b'] }] };
    expect(judgeDecision(p, first.record, b, { now: 12, delivery: 'z' }).result.outcome).toBe(
      'ignored',
    );
    const late = judgeDecision(p, undefined, a, { now: 1_000, delivery: 'w' });
    expect(late.result).toMatchObject({ outcome: 'ignored', reason: 'question_timed_out' });
    expect(late.record).toEqual({
      decision: { action: 'timeout', questionId: 'q-1' },
      at: 1_000,
      delivery: 'timer',
    });
  });
});

/**
 * A journal in memory with the engines' replay rule: a recorded action returns its record; an
 * execution that dies loses only what it had not recorded.
 */
function memoryJournal(records: unknown[], decision: () => RecordedDecision): EngineJournal {
  let position = 0;
  return {
    executionId: crypto.randomUUID(),
    async action<T>(_name: string, fn: () => Promise<T>): Promise<T> {
      const at = position++;
      if (at < records.length) return records[at] as T;
      const value = await fn();
      records.push(JSON.parse(JSON.stringify(value ?? null)));
      return value;
    },
    async publish() {},
    async awaitDecision() {
      const at = position++;
      if (at < records.length) return records[at] as RecordedDecision;
      const d = decision();
      records.push(d);
      return d;
    },
  };
}

describe('runOnEngine', () => {
  const tools = (ledger: { id: string; attempt: number; key: string }[]) => ({
    definitions: [
      { name: 'write_file', description: 'w', parameters: { type: 'object' } },
      { name: 'read_file', description: 'r', parameters: { type: 'object' }, readOnly: true },
    ],
    async execute(call: ToolCallBlock, context: StoredToolContext) {
      ledger.push({ id: call.id, attempt: context.attempt, key: context.idempotencyKey });
      return 'ok';
    },
  });
  const model = async (request: { messages: SessionState['messages'] }) => {
    const last = request.messages.at(-1);
    if (last?.role === 'user' && last.kind === 'plan_approved')
      return assistant(toolCall('write_file', {}, 'w1'), toolCall('read_file', {}, 'r1'));
    if (last?.role === 'user' && last.source !== 'planfirst')
      return assistant(toolCall('exit_plan_mode', plan, 'p1'));
    return assistant('Done.');
  };

  for (const tool of ['write_file', 'read_file'])
    it(`after a death right after ${tool}, the replay reports an at-most-once call and re-runs an at-least-once one with its key`, async () => {
      const records: unknown[] = [];
      const ledger: { id: string; attempt: number; key: string }[] = [];
      const t = tools(ledger);
      const host = engineHost({ model, tools: t, options: { planMode: { enabled: true } } });
      const journal = () =>
        memoryJournal(records, () => {
          const reply = records.find(
            (r) => (r as { type?: string } | null)?.type === 'model_response',
          ) as { approvalId: string };
          return {
            decision: { action: 'approve', approvalId: reply.approvalId },
            at: Date.now(),
            delivery: 'test',
          };
        });
      // The process dies after the tool's effect, before its result is recorded: the replay
      // finds the journal without the tool action's record (its intent is there).
      const first = await runOnEngine(journal(), host, 's1', undefined, { message: 'go' });
      expect(first.result.status).toBe('completed');
      // Replay the same journal without the record of the crashed tool's action.
      const toolIndex = records.findIndex(
        (r) =>
          (r as { result?: { toolCallId?: string } })?.result?.toolCallId ===
          (tool === 'write_file' ? 'w1' : 'r1'),
      );
      const replayRecords = records.slice(0, toolIndex);
      const ledgerBefore = ledger.length;
      const replay = await runOnEngine(
        memoryJournal(replayRecords, () => {
          throw new Error('no second decision');
        }),
        host,
        's1',
        undefined,
        { message: 'go' },
      );
      expect(replay.result.status).toBe('completed');
      const rerun = ledger.slice(ledgerBefore);
      if (tool === 'write_file') {
        expect(replay.recovered).toEqual([
          expect.objectContaining({
            toolCallId: 'w1',
            action: 'reported',
            delivery: 'at-most-once',
          }),
        ]);
        expect(rerun.filter((e) => e.id === 'w1')).toEqual([]);
        expect(JSON.stringify(replay.result.session.messages)).toContain(
          interruptedCallResult.slice(0, 40),
        );
      } else {
        expect(replay.recovered).toEqual([
          expect.objectContaining({ toolCallId: 'r1', action: 'rerun', attempt: 2 }),
        ]);
        const runs = ledger.filter((e) => e.id === 'r1');
        expect(runs.map((e) => e.attempt)).toEqual([1, 2]);
        expect(new Set(runs.map((e) => e.key)).size).toBe(1);
      }
    });
});
