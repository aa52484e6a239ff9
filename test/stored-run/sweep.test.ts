import { describe, expect, it } from 'vitest';
import {
  type DueQuery,
  memoryVersionedStore,
  parseSession,
  type RunEvent,
  runStored,
  sweepExpiredApprovals,
  type VersionedSessionStore,
} from '../../src/index.js';
import { conversationModel, options, recordingTools } from './fixtures.js';

// The sweep, one worker at a time: what it reports per session, what it writes, and the rows
// it must leave alone.

const timeoutMs = 1_800_000;

async function parked(store: VersionedSessionStore, sessionId: string, at: number) {
  const r = await runStored(
    { store, model: conversationModel(), tools: recordingTools(), options, now: () => at },
    sessionId,
    { message: 'Write the file' },
  );
  if (r.outcome !== 'ran' || r.result.approval === undefined) throw new Error('not parked');
  return r.result.approval.approvalId;
}

describe('sweepExpiredApprovals', () => {
  it('times out every expired approval once, paging through the listing, and reports each', async () => {
    const store = memoryVersionedStore();
    const a = await parked(store, 'a', 0);
    const b = await parked(store, 'b', 10);
    const c = await parked(store, 'c', 20);
    await parked(store, 'late', 1_000);
    const events: (RunEvent & { sessionId: string })[] = [];
    const swept = await sweepExpiredApprovals({
      store,
      options,
      now: () => 20 + timeoutMs,
      batch: 1,
      workerId: 'sweeper',
      onEvent: (e) => events.push(e),
    });
    expect(swept).toEqual([
      { sessionId: 'a', approvalId: a, code: 'timed_out' },
      { sessionId: 'b', approvalId: b, code: 'timed_out' },
      { sessionId: 'c', approvalId: c, code: 'timed_out' },
    ]);
    for (const id of ['a', 'b', 'c']) {
      const loaded = await store.load(id);
      expect(parseSession(loaded?.record.session).planMode.approval).toBe('timed_out');
      expect(loaded?.record.approval).toBeUndefined();
    }
    expect(parseSession((await store.load('late'))?.record.session).planMode.approval).toBe(
      'pending',
    );
    expect(events.filter((e) => e.type === 'approval_resolved').map((e) => e.sessionId)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(await sweepExpiredApprovals({ store, options, now: () => 20 + timeoutMs })).toEqual([]);
  });

  it('rows left in the listing (busy) are paged past by deadline and session id', async () => {
    const base = memoryVersionedStore();
    for (const [sid, at] of [
      ['a', 0],
      ['b', 5],
    ] as const) {
      await parked(base, sid, at);
      const loaded = await base.load(sid);
      if (loaded === undefined) throw new Error('not saved');
      await base.save(
        sid,
        { ...loaded.record, lease: { owner: 'worker', until: 10 ** 12 } },
        loaded.version,
      );
    }
    const queries: DueQuery[] = [];
    const store: VersionedSessionStore = {
      ...base,
      listExpiredApprovals: (q) => {
        queries.push(q);
        return base.listExpiredApprovals(q);
      },
    };
    const now = 5 + timeoutMs;
    const swept = await sweepExpiredApprovals({
      store,
      options,
      now: () => now,
      batch: 1,
      workerId: 'sweeper',
    });
    expect(swept.map((r) => [r.sessionId, r.code])).toEqual([
      ['a', 'busy'],
      ['b', 'busy'],
    ]);
    expect(queries).toStrictEqual([
      { now, limit: 1 },
      { now, limit: 1, after: { at: timeoutMs, sessionId: 'a' } },
      { now, limit: 1, after: { at: 5 + timeoutMs, sessionId: 'b' } },
    ]);
  });

  it('a row whose approval is gone, replaced or not yet due is already_handled; a row without an id is skipped', async () => {
    const base = memoryVersionedStore();
    const id = await parked(base, 's', 0);
    const rows = [
      { sessionId: 's', approvalId: 'another', deadline: 0 },
      { sessionId: 'missing', approvalId: id, deadline: 0 },
      { sessionId: 's', deadline: 0 },
      { sessionId: 's', approvalId: id, deadline: 0 },
    ];
    const store: VersionedSessionStore = {
      ...base,
      listExpiredApprovals: async () => rows as never,
    };
    expect(await sweepExpiredApprovals({ store, options, now: () => 5, batch: 10 })).toEqual([
      { sessionId: 's', approvalId: 'another', code: 'already_handled' },
      { sessionId: 'missing', approvalId: id, code: 'already_handled' },
      { sessionId: 's', approvalId: id, code: 'already_handled' },
    ]);
    expect(parseSession((await base.load('s'))?.record.session).planMode.approval).toBe('pending');
  });

  it('a lost compare-and-set loads again and reports what the winner did', async () => {
    const base = memoryVersionedStore();
    const id = await parked(base, 's', 0);
    let first = true;
    const store: VersionedSessionStore = {
      ...base,
      save: async (sessionId, record, expected) => {
        if (first) {
          first = false;
          // Another worker times it out first.
          await sweepExpiredApprovals({ store: base, options, now: () => timeoutMs });
        }
        return base.save(sessionId, record, expected);
      },
    };
    expect(await sweepExpiredApprovals({ store, options, now: () => timeoutMs })).toEqual([
      { sessionId: 's', approvalId: id, code: 'already_handled' },
    ]);
  });
});
