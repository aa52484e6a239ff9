import { describe, expect, it } from 'vitest';
import {
  type DueQuery,
  interruptedCallResult,
  type ModelRequest,
  memoryVersionedStore,
  notStartedCallResult,
  parseSession,
  type RunEvent,
  resumeStalledRuns,
  runStored,
  type StoredRecord,
  sweepExpiredApprovals,
  type ToolCallBlock,
  type VersionedSessionStore,
} from '../../src/internal.js';
import { assistant, toolCall } from '../../src/testing/index.js';
import { askInput } from '../questions/fixtures.js';
import { conversationModel, manualClock, options, recordingTools } from './fixtures.js';

// A worker that dies while running tools leaves a session with a lease that runs out: the
// stalled-run sweep resumes it, and the expiry sweep settles the calls it had started before
// timing out the question or plan that waits beside them.

class Died extends Error {}

const leaseMs = 1_000;
const start = 1_000;

/** Saves until a read's result would be written, then throws for good (the worker died). */
function dyingAtFirstResult(base: VersionedSessionStore): VersionedSessionStore {
  let dead = false;
  return {
    ...base,
    async save(id, record, expected) {
      const read = record.session.run.turn?.calls.some(
        (c) => c.name === 'read_file' && c.status === 'done',
      );
      if (dead || read) {
        dead = true;
        throw new Died('worker died');
      }
      return base.save(id, record, expected);
    },
  };
}

/** A model whose first turn asks (or proposes a plan) and reads two files in the same turn. */
function askingAndReading(first: ToolCallBlock) {
  return async (_request: ModelRequest) =>
    assistant(
      first,
      toolCall('read_file', { path: 'a' }, 'r1'),
      toolCall('read_file', { path: 'b' }, 'r2'),
    );
}

async function diedMidTools(first: ToolCallBlock) {
  const store = memoryVersionedStore();
  const now = manualClock(start);
  const tools = recordingTools();
  await expect(
    runStored(
      {
        store: dyingAtFirstResult(store),
        model: askingAndReading(first),
        tools,
        options: { ...options, run: { parallelToolCalls: false } },
        now,
        leaseMs,
        workerId: 'w1',
      },
      's',
      { message: 'go' },
    ),
  ).rejects.toThrow(Died);
  // The first read was started (its intent saved), the second never was.
  expect(tools.executed.map((e) => e.id)).toEqual(['r1']);
  const loaded = await store.load('s');
  expect(loaded?.record.session.run.phase).toBe('tools');
  expect(loaded?.record.intents?.map((i) => i.callId)).toEqual(['r1']);
  return { store, now };
}

const toolMessages = (record: StoredRecord | undefined) =>
  (record?.session.messages ?? []).flatMap((m) =>
    m.role === 'tool' ? [{ id: m.toolCallId, content: m.content, isError: m.isError }] : [],
  );

describe('the expiry sweep on a session a worker left mid-tools', () => {
  for (const [what, first, resolved] of [
    ['question', toolCall('ask_user', askInput, 'a1'), 'answer_resolved'],
    [
      'plan',
      toolCall('exit_plan_mode', { title: 'T', steps: [{ text: 'Write it' }] }, 'a1'),
      'approval_resolved',
    ],
  ] as const) {
    it(`a ${what}: the started call is answered as interrupted, the other as not run, then the ${what} times out and the intents go`, async () => {
      const { store: base, now } = await diedMidTools(first);
      const id = (await base.load('s'))?.record;
      const requestId = id?.question?.questionId ?? id?.approval?.approvalId ?? '';
      const deadline = id?.question?.deadline ?? id?.approval?.deadline ?? 0;
      const saves: StoredRecord[] = [];
      const store: VersionedSessionStore = {
        ...base,
        save: (sid, record, expected) => {
          saves.push(record);
          return base.save(sid, record, expected);
        },
      };
      now.advance(deadline - start);
      const events: (RunEvent & { sessionId: string })[] = [];
      expect(
        await sweepExpiredApprovals({ store, options, now, onEvent: (e) => events.push(e) }),
      ).toEqual([{ sessionId: 's', approvalId: requestId, code: 'timed_out' }]);
      expect(saves).toHaveLength(1);
      expect(Object.keys(saves[0] ?? {})).toEqual(['session']);
      const loaded = await base.load('s');
      expect(toolMessages(loaded?.record).slice(1)).toEqual([
        { id: 'r1', content: interruptedCallResult, isError: true },
        { id: 'r2', content: notStartedCallResult, isError: true },
      ]);
      expect(toolMessages(loaded?.record)[0]?.id).toBe('a1');
      // The settled calls' events come first, then the timeout's; each names the session.
      expect(events.map((e) => e.sessionId)).toEqual(events.map(() => 's'));
      const types = events.map((e) => e.type);
      expect(types.filter((t) => t === resolved)).toHaveLength(1);
      expect(types.indexOf('tool_executed')).toBeLessThan(types.indexOf(resolved));
      expect(events.filter((e) => e.type === 'tool_executed')).toEqual([
        {
          type: 'tool_executed',
          toolCallId: 'r1',
          name: 'read_file',
          isError: true,
          sessionId: 's',
        },
        {
          type: 'tool_executed',
          toolCallId: 'r2',
          name: 'read_file',
          isError: true,
          sessionId: 's',
        },
      ]);
    });
  }

  it('a plan whose lease has not run out yet is busy, and nothing is written', async () => {
    const { store, now } = await diedMidTools(
      toolCall('exit_plan_mode', { title: 'T', steps: [{ text: 'Write it' }] }, 'a1'),
    );
    const before = await store.load('s');
    const approvalId = before?.record.approval?.approvalId ?? '';
    const list = async () => [{ sessionId: 's', version: 1, approvalId, deadline: 0 }];
    // Due by the listing's word, but the stored deadline is what counts; then the lease.
    now.advance(leaseMs - 1);
    const raced: VersionedSessionStore = {
      ...store,
      listExpiredApprovals: list,
      load: async (sid) => {
        const l = await store.load(sid);
        return l && { ...l, record: { ...l.record, approval: { approvalId, deadline: 0 } } };
      },
    };
    expect(await sweepExpiredApprovals({ store: raced, options, now })).toEqual([
      { sessionId: 's', approvalId, code: 'busy' },
    ]);
    expect((await store.load('s'))?.version).toBe(before?.version);
  });
});

describe('resumeStalledRuns', () => {
  it('resumes every run whose lease ran out, paging by lease expiry and session id', async () => {
    const base = memoryVersionedStore();
    const now = manualClock(start);
    for (const [sid, at] of [
      ['b', 0],
      ['a', 0],
      ['c', 10],
    ] as const) {
      now.advance(at);
      await expect(
        runStored(
          {
            store: dyingAtFirstResult(base),
            model: askingAndReading(toolCall('read_file', { path: 'z' }, 'r0')),
            tools: recordingTools(),
            options: { ...options, run: { parallelToolCalls: false } },
            now,
            leaseMs,
            workerId: 'w1',
          },
          sid,
          { message: 'go' },
        ),
      ).rejects.toThrow(Died);
    }
    const leases = await Promise.all(
      ['a', 'b', 'c'].map(async (sid) => (await base.load(sid))?.record.lease?.until),
    );
    expect(leases).toEqual([start + leaseMs, start + leaseMs, start + 10 + leaseMs]);
    const queries: DueQuery[] = [];
    const store: VersionedSessionStore = {
      ...base,
      listStalledRuns: (q) => {
        queries.push(q);
        return base.listStalledRuns(q);
      },
    };
    now.advance(leaseMs);
    const tools = recordingTools();
    const results = await resumeStalledRuns({
      store,
      model: conversationModel(),
      tools,
      options,
      now,
      workerId: 'w2',
      batch: 2,
    });
    const at = start + 10 + leaseMs;
    expect(queries).toStrictEqual([
      { now: at, limit: 2 },
      { now: at, limit: 2, after: { at: start + leaseMs, sessionId: 'b' } },
    ]);
    expect(results.map((r) => [r.sessionId, r.outcome])).toEqual([
      ['a', 'ran'],
      ['b', 'ran'],
      ['c', 'ran'],
    ]);
    for (const r of results) {
      if (r.outcome !== 'ran') throw new Error(r.outcome);
      expect(r.result.status).toBe('completed');
      // Reads are at-least-once: the started one runs again, the others run for the first time.
      expect(r.recovered).toEqual([
        {
          toolCallId: 'r0',
          name: 'read_file',
          delivery: 'at-least-once',
          action: 'rerun',
          attempt: 2,
        },
      ]);
    }
    expect(tools.executed.map((e) => `${e.id}#${e.attempt}`)).toEqual(
      ['a', 'b', 'c'].flatMap(() => ['r0#2', 'r1#1', 'r2#1']),
    );
    expect(
      await resumeStalledRuns({ store, model: conversationModel(), tools, options, now }),
    ).toEqual([]);
    const session = parseSession((await base.load('a'))?.record.session);
    expect(session.run.phase).toBe('idle');
  });

  it('a page shorter than the batch is the last: one listing, default batch 100', async () => {
    const queries: DueQuery[] = [];
    const base = memoryVersionedStore();
    const store: VersionedSessionStore = {
      ...base,
      listStalledRuns: async (q) => {
        queries.push(q);
        return [];
      },
    };
    expect(
      await resumeStalledRuns({
        store,
        model: conversationModel(),
        tools: recordingTools(),
        now: () => 7,
      }),
    ).toEqual([]);
    expect(queries).toStrictEqual([{ now: 7, limit: 100 }]);
  });
});
