import { describe, expect, it } from 'vitest';
import {
  interruptedCallResult,
  memoryVersionedStore,
  notStartedCallResult,
  parseSession,
  runStored,
  type StoredRecord,
  type VersionedSessionStore,
} from '../../src/internal.js';
import { conversationModel, manualClock, options, recordingTools } from './fixtures.js';

class Died extends Error {}

/** A store whose worker "dies" (throws) at the save `when` picks: nothing after it is written. */
function dyingStore(base: VersionedSessionStore, when: (record: StoredRecord) => boolean) {
  let dead = false;
  const store: VersionedSessionStore = {
    ...base,
    async save(id, record, expected) {
      if (dead || when(record)) {
        dead = true;
        throw new Died('worker died');
      }
      return base.save(id, record, expected);
    },
  };
  return store;
}

async function parkedWith(writes: string[], parallel = false) {
  const store = memoryVersionedStore();
  const now = manualClock();
  const opts = { ...options, run: { parallelToolCalls: parallel } };
  const model = conversationModel({ writes });
  const first = await runStored(
    { store, model, tools: recordingTools(), options: opts, now },
    's',
    {
      message: 'go',
    },
  );
  if (first.outcome !== 'ran' || first.result.approval === undefined) throw new Error('not parked');
  return { store, now, opts, model, approvalId: first.result.approval.approvalId };
}

const toolResults = (record: StoredRecord | undefined) =>
  (record?.session.messages ?? []).flatMap((m) => (m.role === 'tool' ? [m] : []));

describe('a worker that dies mid-run', () => {
  it('after starting an at-most-once write: the next worker reports it, never runs it again', async () => {
    const { store, now, opts, approvalId } = await parkedWith(['write_file']);
    const tools = recordingTools();
    const dying = dyingStore(store, (r) =>
      r.session.messages.some((m) => m.role === 'tool' && m.toolName === 'write_file'),
    );
    const config = {
      store: dying,
      model: conversationModel(),
      tools,
      options: opts,
      now,
      leaseMs: 1_000,
    };
    await expect(
      runStored(config, 's', { decision: { action: 'approve', approvalId } }),
    ).rejects.toThrow(Died);
    expect(tools.executed).toHaveLength(1);
    const stored = await store.load('s');
    expect(stored?.record.intents).toEqual([
      expect.objectContaining({ name: 'write_file', attempt: 1, owner: expect.any(String) }),
    ]);
    const next = { ...config, store, workerId: 'w2' };
    expect((await runStored(next, 's', { resume: true })).outcome).toBe('busy');
    now.advance(1_000);
    const resumed = await runStored(next, 's', { resume: true });
    if (resumed.outcome !== 'ran') throw new Error(resumed.outcome);
    expect(resumed.result.status).toBe('completed');
    expect(resumed.recovered).toEqual([
      {
        toolCallId: expect.any(String),
        name: 'write_file',
        delivery: 'at-most-once',
        action: 'reported',
        attempt: 1,
      },
    ]);
    expect(tools.executed).toHaveLength(1);
    const final = await store.load('s');
    expect(toolResults(final?.record).at(-1)).toMatchObject({
      content: interruptedCallResult,
      isError: true,
    });
    expect(final?.record.intents).toBeUndefined();
    expect(final?.record.lease).toBeUndefined();
    parseSession(final?.record.session);
  });

  it('after starting an at-least-once call: the next worker runs it again with the same key', async () => {
    const { store, now, opts, approvalId } = await parkedWith(['charge_card']);
    const tools = recordingTools();
    const dying = dyingStore(store, (r) =>
      r.session.messages.some((m) => m.role === 'tool' && m.toolName === 'charge_card'),
    );
    const delivery = () => 'at-least-once' as const;
    const config = {
      store: dying,
      model: conversationModel({ writes: ['charge_card'] }),
      tools,
      options: opts,
      now,
      leaseMs: 10,
      delivery,
    };
    await expect(
      runStored(config, 's', { decision: { action: 'approve', approvalId } }),
    ).rejects.toThrow(Died);
    now.advance(10);
    const resumed = await runStored({ ...config, store }, 's', { resume: true });
    expect(resumed.outcome).toBe('ran');
    expect(tools.executed.map((e) => e.attempt)).toEqual([1, 2]);
    expect(tools.executed[0]?.key).toBe(tools.executed[1]?.key);
    expect(tools.executed[0]?.key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('with parallel tools: results saved before the death are kept, the started rest is reported', async () => {
    const { store, now, opts, approvalId } = await parkedWith(['write_file', 'charge_card'], true);
    const tools = recordingTools(async (call) => {
      if (call.name === 'charge_card') await new Promise((r) => setTimeout(r, 20));
      return `${call.name} ok`;
    });
    // Dies at the save of the second result.
    const dying = dyingStore(store, (r) =>
      r.session.messages.some((m) => m.role === 'tool' && m.toolName === 'charge_card'),
    );
    const config = {
      store: dying,
      model: conversationModel({ writes: ['write_file', 'charge_card'] }),
      tools,
      options: opts,
      now,
      leaseMs: 10,
    };
    await expect(
      runStored(config, 's', { decision: { action: 'approve', approvalId } }),
    ).rejects.toThrow(Died);
    const midway = await store.load('s');
    expect(midway?.record.intents?.map((i) => i.name)).toEqual(['charge_card']);
    expect(midway?.record.session.run.turn?.calls.map((c) => c.status)).toEqual([
      'done',
      'pending',
    ]);
    now.advance(10);
    const resumed = await runStored({ ...config, store }, 's', { resume: true });
    if (resumed.outcome !== 'ran') throw new Error(resumed.outcome);
    expect(resumed.recovered.map((r) => [r.name, r.action])).toEqual([['charge_card', 'reported']]);
    expect(tools.executed.map((e) => e.name).sort()).toEqual(['charge_card', 'write_file']);
    const results = toolResults((await store.load('s'))?.record);
    expect(results.map((m) => [m.toolName, m.content])).toEqual([
      ['exit_plan_mode', expect.any(String)],
      ['write_file', 'write_file ok'],
      ['charge_card', interruptedCallResult],
    ]);
  });

  it('a new message to an interrupted session answers started calls as interrupted, the rest as not run', async () => {
    const { store, now, opts, approvalId } = await parkedWith(['write_file', 'charge_card']);
    const tools = recordingTools();
    // Dies saving the first result, while the second call has not started.
    const dying = dyingStore(store, (r) =>
      (r.session.run.turn?.calls ?? []).some((c) => c.name === 'write_file' && c.status === 'done'),
    );
    const config = {
      store: dying,
      model: conversationModel({ writes: ['write_file', 'charge_card'] }),
      tools,
      options: opts,
      now,
      leaseMs: 10,
    };
    await expect(
      runStored(config, 's', { decision: { action: 'approve', approvalId } }),
    ).rejects.toThrow(Died);
    now.advance(10);
    const next = await runStored({ ...config, store }, 's', { message: 'Stop, status?' });
    expect(next.outcome).toBe('ran');
    expect(tools.executed.map((e) => e.name)).toEqual(['write_file']);
    const results = toolResults((await store.load('s'))?.record).slice(1, 3);
    expect(results.map((m) => [m.toolName, m.content])).toEqual([
      ['write_file', interruptedCallResult],
      ['charge_card', notStartedCallResult],
    ]);
    parseSession((await store.load('s'))?.record.session);
  });

  it('during a model call: the session is saved in the model phase with the user message, and resumes', async () => {
    const store = memoryVersionedStore();
    const now = manualClock();
    const model = conversationModel({
      beforeReply: async () => {
        throw new Died('worker died');
      },
    });
    // A model that "dies" shows what is stored while its call is under way.
    const crashing = { store, model, tools: recordingTools(), options, now, leaseMs: 10 };
    const r = await runStored(crashing, 's', { message: 'Write the file' });
    expect(r.outcome).toBe('ran');
    const stored = await store.load('s');
    expect(stored?.record.session.messages.map((m) => m.role)).toEqual(['user']);
    expect(stored?.record.session.run.phase).toBe('model');
    const resumed = await runStored({ ...crashing, model: conversationModel() }, 's', {
      resume: true,
    });
    expect(resumed.outcome === 'ran' && resumed.result.status).toBe('awaiting_approval');
  });
});

describe('a worker that loses its session mid-run', () => {
  it('stops with conflict at its next save and runs no tool', async () => {
    const { store, now, opts, approvalId } = await parkedWith(['write_file']);
    const tools = recordingTools();
    const model = conversationModel({
      beforeReply: async () => {
        // Another writer (say, a worker that took the expired lease over) saves meanwhile.
        const loaded = await store.load('s');
        if (loaded !== undefined)
          await store.save(
            's',
            { ...loaded.record, lease: { owner: 'thief', until: now() + 99_999 } },
            loaded.version,
          );
      },
    });
    const r = await runStored({ store, model, tools, options: opts, now }, 's', {
      decision: { action: 'approve', approvalId },
    });
    expect(r.outcome).toBe('conflict');
    if (r.outcome !== 'conflict') return;
    expect(r.error).toMatchObject({
      code: 'version_conflict',
      sessionId: 's',
      expectedVersion: 3,
      actualVersion: 4,
    });
    expect(r.error.message).toContain('"s" is at version 4, not 3');
    expect(tools.executed).toHaveLength(0);
    expect((await store.load('s'))?.record.lease?.owner).toBe('thief');
  });
});
