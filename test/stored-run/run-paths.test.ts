import { describe, expect, it } from 'vitest';
import {
  memoryVersionedStore,
  RunConfigError,
  type RunEvent,
  runStored,
  type StoredRecord,
  type StoredRunConfig,
  StoreInputError,
  VersionConflictError,
  type VersionedSessionStore,
} from '../../src/internal.js';
import { safeDelivery } from '../../src/stored-run/driving.js';
import { defaultToolDelivery } from '../../src/stored-run/intents.js';
import { assistant, toolCall } from '../../src/testing/index.js';
import { askingModel, goodAnswers } from '../questions/fixtures.js';
import { conversationModel, manualClock, options, recordingTools } from './fixtures.js';

// runStored's own paths: what it refuses in its config and input, whose lease it writes, the
// delivery it falls back to, the model id it passes on, aborts, lost claims and claim storms.

function base(extra: Partial<StoredRunConfig> = {}): StoredRunConfig {
  return {
    store: memoryVersionedStore(),
    model: conversationModel(),
    tools: recordingTools(),
    options,
    now: manualClock(),
    ...extra,
  };
}

async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('not refused');
}

describe('runStored refuses a bad config or input before it touches the store', () => {
  it('an input that is none of the four', async () => {
    const e = await refusal(() => runStored(base(), 's', {} as never));
    expect(e).toBeInstanceOf(RunConfigError);
    expect(e.message).toBe(
      'the run input must be { message }, { decision }, { answer } or { resume: true }',
    );
  });

  it.each([undefined, null, 'store'])('a store that is not an object: %s', async (store) => {
    const e = await refusal(() =>
      runStored(base({ store: store as never }), 's', { message: 'go' }),
    );
    expect(e).toBeInstanceOf(RunConfigError);
    expect(e.message).toBe('config.store must be a VersionedSessionStore');
  });

  it('a delivery that is not a function', async () => {
    const e = await refusal(() =>
      runStored(base({ delivery: 'at-most-once' as never }), 's', { message: 'go' }),
    );
    expect(e).toBeInstanceOf(RunConfigError);
    expect(e.message).toBe('config.delivery must be a function when given');
  });

  it.each([0, -5, 1.5, Number.NaN, 2 ** 53])(
    'a lease that is not a positive safe integer: %s',
    async (leaseMs) => {
      const e = await refusal(() => runStored(base({ leaseMs }), 's', { message: 'go' }));
      expect(e).toBeInstanceOf(StoreInputError);
      expect(e.message).toBe(`leaseMs must be a positive integer, got ${String(leaseMs)}`);
    },
  );

  it('a lease of 1 ms is accepted', async () => {
    const r = await runStored(base({ leaseMs: 1 }), 's', { message: 'go' });
    expect(r.outcome).toBe('ran');
  });

  it('an empty session id or worker id, each by its name', async () => {
    const bySession = await refusal(() => runStored(base(), '', { message: 'go' }));
    expect(bySession).toBeInstanceOf(StoreInputError);
    expect(bySession.message).toBe('sessionId must be a string of 1 to 200 characters, got ""');
    const byWorker = await refusal(() => runStored(base({ workerId: '' }), 's', { message: 'go' }));
    expect(byWorker).toBeInstanceOf(StoreInputError);
    expect(byWorker.message).toBe('workerId must be a string of 1 to 200 characters, got ""');
  });
});

describe('the lease a run holds', () => {
  it("is written in the worker's name for leaseMs from now while the model runs", async () => {
    const store = memoryVersionedStore();
    const now = manualClock(5_000);
    const seen: (StoredRecord['lease'] | undefined)[] = [];
    const model = conversationModel({
      beforeReply: async () => {
        seen.push((await store.load('s'))?.record.lease);
      },
    });
    await runStored(base({ store, model, now, workerId: 'w9', leaseMs: 700 }), 's', {
      message: 'go',
    });
    expect(seen).toEqual([{ owner: 'w9', until: 5_700 }]);
  });

  it('without a workerId, the id comes from newId', async () => {
    const store = memoryVersionedStore();
    const seen: (string | undefined)[] = [];
    const model = conversationModel({
      beforeReply: async () => {
        seen.push((await store.load('s'))?.record.lease?.owner);
      },
    });
    await runStored(base({ store, model, newId: () => 'generated' }), 's', { message: 'go' });
    expect(seen).toEqual(['generated']);
  });
});

describe('safeDelivery', () => {
  const read = { name: 'read_file', readOnly: true };
  const write = { name: 'write_file', readOnly: false };

  it('is the default when the host gives none: reads again, writes never', () => {
    expect(safeDelivery(undefined)).toBe(defaultToolDelivery);
    expect(defaultToolDelivery(read)).toBe('at-least-once');
    expect(defaultToolDelivery(write)).toBe('at-most-once');
  });

  it("takes the host's choice when it is one of the two", () => {
    expect(safeDelivery(() => 'at-least-once')(write)).toBe('at-least-once');
    expect(safeDelivery(() => 'at-most-once')(read)).toBe('at-most-once');
  });

  it('falls back to the default when the host throws or answers anything else', () => {
    const throwing = safeDelivery(() => {
      throw new Error('boom');
    });
    expect(throwing(read)).toBe('at-least-once');
    expect(throwing(write)).toBe('at-most-once');
    const odd = safeDelivery(() => 'twice' as never);
    expect(odd(read)).toBe('at-least-once');
    expect(odd(write)).toBe('at-most-once');
  });
});

describe('the model id', () => {
  const narrating = () => {
    const model = async () => {
      model.calls++;
      return assistant("I'll inspect the parser and run the tests.");
    };
    model.calls = 0;
    return model;
  };
  const opts = { incompleteTurn: { appliesTo: ['openai/*'] } };

  it('reaches the resolver: a stall by a model it applies to is retried', async () => {
    const model = narrating();
    const events: RunEvent[] = [];
    await runStored(
      base({ model, options: opts, modelId: 'openai/gpt-5', onEvent: (e) => events.push(e) }),
      's',
      { message: 'fix the parser' },
    );
    expect(events.some((e) => e.type === 'retry_injected')).toBe(true);
    expect(model.calls).toBeGreaterThan(1);
  });

  it('a model it does not apply to, or none, completes on the first reply', async () => {
    for (const modelId of ['anthropic/claude', undefined]) {
      const model = narrating();
      const r = await runStored(
        base({ model, options: opts, ...(modelId === undefined ? {} : { modelId }) }),
        's',
        { message: 'fix the parser' },
      );
      expect(r.outcome === 'ran' && r.result.status).toBe('completed');
      expect(model.calls).toBe(1);
    }
  });
});

describe('the run result', () => {
  it("carries this call's events, as streamed, and only the messages this call added", async () => {
    const store = memoryVersionedStore();
    const now = manualClock();
    const first: RunEvent[] = [];
    const parked = await runStored(base({ store, now, onEvent: (e) => first.push(e) }), 's', {
      message: 'Write the file',
    });
    if (parked.outcome !== 'ran') throw new Error(parked.outcome);
    expect(parked.result.events).toEqual(first);
    expect(first.at(-1)).toEqual({ type: 'run_finished', status: 'awaiting_approval' });
    expect(first.filter((e) => e.type === 'run_finished')).toHaveLength(1);
    const approvalId = parked.result.approval?.approvalId ?? '';
    const second: RunEvent[] = [];
    const done = await runStored(base({ store, now, onEvent: (e) => second.push(e) }), 's', {
      decision: { action: 'approve', approvalId },
    });
    if (done.outcome !== 'ran') throw new Error(done.outcome);
    expect(done.result.events).toEqual(second);
    expect(second[0]).toEqual({ type: 'run_started', trigger: 'approval_decision' });
    expect(done.result.messages[0]).toMatchObject({ role: 'user', kind: 'plan_approved' });
    expect(done.result.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
  });
});

describe('a stored deadline later than the options would give still binds', () => {
  it('an answer after the options timeout but before the stored deadline applies', async () => {
    const store = memoryVersionedStore();
    const now = manualClock(1_000);
    const opts = { planMode: { enabled: true, questionTimeoutMs: 5_000 } };
    const model = askingModel();
    const config = base({ store, now, model, options: opts });
    const parked = await runStored(config, 's', { message: 'Add a cache' });
    const questionId = parked.outcome === 'ran' ? (parked.result.question?.questionId ?? '') : '';
    const loaded = await store.load('s');
    if (loaded === undefined) throw new Error('not saved');
    await store.save('s', { ...loaded.record, question: { questionId, deadline: 100_000 } }, 2);
    now.advance(50_000);
    const r = await runStored(config, 's', { answer: { questionId, answers: goodAnswers } });
    expect(r.outcome === 'ran' && r.result.status).toBe('awaiting_approval');
    expect(model.calls).toBe(2);
  });

  it('a decision after the options timeout but before the stored deadline runs the plan', async () => {
    const store = memoryVersionedStore();
    const now = manualClock(1_000);
    const opts = { planMode: { enabled: true, approvalTimeoutMs: 5_000 } };
    const tools = recordingTools();
    const config = base({ store, now, tools, options: opts });
    const parked = await runStored(config, 's', { message: 'Write the file' });
    const approvalId = parked.outcome === 'ran' ? (parked.result.approval?.approvalId ?? '') : '';
    const loaded = await store.load('s');
    if (loaded === undefined) throw new Error('not saved');
    await store.save('s', { ...loaded.record, approval: { approvalId, deadline: 100_000 } }, 2);
    now.advance(50_000);
    const r = await runStored(config, 's', { decision: { action: 'approve', approvalId } });
    expect(r.outcome === 'ran' && r.result.status).toBe('completed');
    expect(tools.executed.map((e) => e.name)).toEqual(['write_file']);
  });
});

describe('a new session and the saved approval deadline', () => {
  it("a first message creates the session at the run's clock", async () => {
    const store = memoryVersionedStore();
    await runStored(base({ store, now: manualClock(4_242) }), 's', { message: 'go' });
    const session = (await store.load('s'))?.record.session;
    expect(session?.planMode.enteredAt).toBe(4_242);
  });

  it('a saved deadline for another approval does not bind: the options timeout does', async () => {
    const store = memoryVersionedStore();
    const now = manualClock(1_000);
    const tools = recordingTools();
    const opts = { planMode: { enabled: true, approvalTimeoutMs: 5_000 } };
    const config = base({ store, now, tools, options: opts });
    const parked = await runStored(config, 's', { message: 'Write the file' });
    const approvalId = parked.outcome === 'ran' ? (parked.result.approval?.approvalId ?? '') : '';
    const loaded = await store.load('s');
    if (loaded === undefined) throw new Error('not saved');
    await store.save('s', { ...loaded.record, approval: { approvalId: 'older', deadline: 0 } }, 2);
    now.advance(4_999);
    const r = await runStored(config, 's', { decision: { action: 'approve', approvalId } });
    expect(r.outcome === 'ran' && r.result.status).toBe('completed');
    expect(tools.executed.map((e) => e.name)).toEqual(['write_file']);
  });
});

describe('aborts', () => {
  it('a signal aborted before the run: no model call, the run ends aborted and is released', async () => {
    const ac = new AbortController();
    ac.abort();
    const store = memoryVersionedStore();
    const model = conversationModel();
    const r = await runStored(base({ store, model, signal: ac.signal }), 's', { message: 'go' });
    if (r.outcome !== 'ran') throw new Error(r.outcome);
    expect(model.calls).toBe(0);
    expect(r.version).toBe(2);
    expect(r.result.status).toBe('aborted');
    expect(r.result.events.map((e) => e.type)).toEqual([
      'run_started',
      'model_called',
      'run_finished',
    ]);
    expect(r.result.events.at(-1)).toEqual({ type: 'run_finished', status: 'aborted' });
    expect(Object.keys((await store.load('s'))?.record ?? {})).toEqual(['session']);
  });

  it('during the model call: the reply is dropped, the run ends aborted', async () => {
    const ac = new AbortController();
    const model = conversationModel({ beforeReply: async () => ac.abort() });
    const r = await runStored(base({ model, signal: ac.signal }), 's', { message: 'go' });
    if (r.outcome !== 'ran') throw new Error(r.outcome);
    expect(model.calls).toBe(1);
    expect(r.result.status).toBe('aborted');
    expect(r.result.messages.map((m) => m.role)).toEqual(['user']);
    expect(r.result.events.at(-1)).toEqual({ type: 'run_finished', status: 'aborted' });
  });

  it("during the turn's only tool call: its result is kept and no model call is asked for", async () => {
    const ac = new AbortController();
    const store = memoryVersionedStore();
    const model = async () => assistant(toolCall('read_file', { path: 'a' }, 'r1'));
    const tools = recordingTools(async () => {
      ac.abort();
      return 'read ok';
    });
    const r = await runStored(base({ store, model, tools, signal: ac.signal }), 's', {
      message: 'go',
    });
    if (r.outcome !== 'ran') throw new Error(r.outcome);
    expect(r.result.status).toBe('aborted');
    expect(r.result.events.map((e) => e.type)).toEqual([
      'run_started',
      'model_called',
      'assistant_message',
      'tool_executed',
      'run_finished',
    ]);
    expect(r.result.messages.at(-1)).toMatchObject({
      role: 'tool',
      toolCallId: 'r1',
      content: 'read ok',
      isError: false,
    });
    expect((await store.load('s'))?.record.intents).toBeUndefined();
  });

  it('during the first of two calls: the first result is kept, the second never runs', async () => {
    const ac = new AbortController();
    const model = async () =>
      assistant(
        toolCall('read_file', { path: 'a' }, 'r1'),
        toolCall('read_file', { path: 'b' }, 'r2'),
      );
    const tools = recordingTools(async () => {
      ac.abort();
      return 'read ok';
    });
    const r = await runStored(
      base({
        model,
        tools,
        signal: ac.signal,
        options: { ...options, run: { parallelToolCalls: false } },
      }),
      's',
      { message: 'go' },
    );
    if (r.outcome !== 'ran') throw new Error(r.outcome);
    expect(tools.executed.map((e) => e.id)).toEqual(['r1']);
    expect(r.result.status).toBe('aborted');
    const results = r.result.messages.flatMap((m) =>
      m.role === 'tool' ? [[m.toolCallId, m.content, m.isError]] : [],
    );
    expect(results).toEqual([
      ['r1', 'read ok', false],
      ['r2', 'Aborted before this tool ran to completion.', true],
    ]);
  });
});

/** A store that refuses the saves `refuse` picks as lost races (another writer won). */
function losing(base: VersionedSessionStore, refuse: (record: StoredRecord) => boolean) {
  let refused = 0;
  const store: VersionedSessionStore = {
    ...base,
    save: async (id, record, expected) => {
      if (refuse(record)) {
        refused++;
        return { ok: false, error: new VersionConflictError(id, expected, expected + 1) };
      }
      return base.save(id, record, expected);
    },
  };
  return { store, refused: () => refused };
}

describe('lost claims', () => {
  it('a claim that loses every race gives up after 20 attempts with conflict', async () => {
    const { store, refused } = losing(memoryVersionedStore(), () => true);
    const model = conversationModel();
    const r = await runStored(base({ store, model }), 's', { message: 'go' });
    expect(r).toEqual({
      outcome: 'conflict',
      sessionId: 's',
      error: new VersionConflictError('s', 0, 1),
    });
    expect(refused()).toBe(20);
    expect(model.calls).toBe(0);
  });

  it('a claim that wins on a later attempt runs', async () => {
    let n = 0;
    const { store, refused } = losing(memoryVersionedStore(), () => ++n < 20);
    const r = await runStored(base({ store }), 's', { message: 'go' });
    expect(refused()).toBe(19);
    expect(r.outcome).toBe('ran');
  });

  it('a lost save when the run parks: conflict, with what the run did and no approval', async () => {
    const { store } = losing(
      memoryVersionedStore(),
      (r) => r.lease === undefined && r.approval !== undefined,
    );
    const r = await runStored(base({ store }), 's', { message: 'Write the file' });
    if (r.outcome !== 'conflict') throw new Error(r.outcome);
    expect(r.error).toBeInstanceOf(VersionConflictError);
    expect(r.result?.status).toBe('error');
    expect(r.result?.reason).toBe('version_conflict');
    expect(r.result).not.toHaveProperty('approval');
    expect(r.result).not.toHaveProperty('question');
    expect(r.result?.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(r.result?.events.map((e) => e.type)).toContain('approval_requested');
  });

  it('a claim lost while the model runs: the reply is not applied', async () => {
    const base0 = memoryVersionedStore();
    let refusedOne: () => void = () => undefined;
    const refusedSeen = new Promise<void>((r) => {
      refusedOne = r;
    });
    const store: VersionedSessionStore = {
      ...base0,
      save: async (id, record, expected) => {
        const saved = await base0.save(id, record, expected);
        if (!saved.ok) refusedOne();
        return saved;
      },
    };
    const model = conversationModel({
      beforeReply: async () => {
        // Another writer saves the session; the next heartbeat renewal loses.
        const loaded = await base0.load('s');
        if (loaded === undefined) throw new Error('not saved');
        await base0.save('s', loaded.record, loaded.version);
        await refusedSeen;
      },
    });
    const r = await runStored(base({ store, model, leaseMs: 3 }), 's', { message: 'go' });
    if (r.outcome !== 'conflict') throw new Error(r.outcome);
    expect(model.calls).toBe(1);
    expect(r.result?.messages.map((m) => m.role)).toEqual(['user']);
    expect(r.result?.events.map((e) => e.type)).toEqual(['run_started', 'model_called']);
  });
});
