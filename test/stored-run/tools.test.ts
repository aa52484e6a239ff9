import { describe, expect, it } from 'vitest';
import {
  interruptedCallResult,
  type ModelRequest,
  memoryVersionedStore,
  runStored,
  type StoredRecord,
  type ToolCallBlock,
  type VersionedSessionStore,
} from '../../src/internal.js';
import { assistant, toolCall } from '../../src/testing/index.js';
import { conversationModel, manualClock, options, recordingTools } from './fixtures.js';

// How runStored runs a turn's tools against the store: one save for each intent and each result
// (parallel results batched), reported calls first, intents replaced on a rerun, and results
// that come back after an earlier batch was saved still saved.

/** Per save: the tool results the session holds (open turn or messages) and the intents. */
function recordingStore(base: VersionedSessionStore = memoryVersionedStore()) {
  const saves: { results: string[]; intents: string[] }[] = [];
  const store: VersionedSessionStore = {
    ...base,
    save: async (id: string, record: StoredRecord, expected: number) => {
      const turn = record.session.run.turn?.calls.filter((c) => c.status === 'done');
      saves.push({
        results:
          turn?.map((c) => c.id) ??
          record.session.messages.flatMap((m) => (m.role === 'tool' ? [m.toolCallId] : [])),
        intents: (record.intents ?? []).map((i) => `${i.callId}#${i.attempt}`),
      });
      return base.save(id, record, expected);
    },
  };
  return { store, saves };
}

/** One run of a model that calls `first` and `second` in one turn, then answers; it must run. */
async function runTurn(
  first: string,
  second: string,
  tools: Parameters<typeof runStored>[0]['tools'],
  at: { parallel: boolean; store?: VersionedSessionStore; signal?: AbortSignal },
) {
  const r = await runStored(
    {
      store: at.store ?? memoryVersionedStore(),
      model: readsThenDone(first, second),
      tools,
      options: { ...options, run: { parallelToolCalls: at.parallel } },
      now: manualClock(),
      ...(at.signal === undefined ? {} : { signal: at.signal }),
    },
    's',
    { message: 'go' },
  );
  if (r.outcome !== 'ran') throw new Error(r.outcome);
  return r;
}

/** The tool results of a finished run, in message order: id and content (and isError). */
function toolResults(
  result: Awaited<ReturnType<typeof runTurn>>['result'],
  withError = false,
): unknown[][] {
  return result.messages.flatMap((m) =>
    m.role !== 'tool'
      ? []
      : [withError ? [m.toolCallId, m.content, m.isError] : [m.toolCallId, m.content]],
  );
}

function deferred<T = void>() {
  let resolve: (v: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const readsThenDone = (...ids: string[]) => {
  let turn = 0;
  return async (_r: ModelRequest) =>
    turn++ === 0
      ? assistant(...ids.map((id) => toolCall('read_file', { path: id }, id)))
      : assistant('Done.');
};

describe('the saves of a turn of tools', () => {
  it('serial: the claim, the turn, the intent, the result, then the end; nothing else', async () => {
    const { store, saves } = recordingStore();
    const r = await runStored(
      {
        store,
        model: readsThenDone('r1'),
        tools: recordingTools(),
        options: { ...options, run: { parallelToolCalls: false } },
        now: manualClock(),
      },
      's',
      { message: 'go' },
    );
    expect(r.outcome === 'ran' && r.result.status).toBe('completed');
    expect(saves).toEqual([
      { results: [], intents: [] },
      { results: [], intents: [] },
      { results: [], intents: ['r1#1'] },
      { results: ['r1'], intents: [] },
      { results: ['r1'], intents: [] },
    ]);
    expect(r.outcome === 'ran' && r.version).toBe(5);
  });

  it('parallel: one save records every intent, and results saved as they come', async () => {
    const { store, saves } = recordingStore();
    const r = await runStored(
      {
        store,
        model: readsThenDone('r1', 'r2'),
        tools: recordingTools(),
        options: { ...options, run: { parallelToolCalls: true } },
        now: manualClock(),
      },
      's',
      { message: 'go' },
    );
    expect(r.outcome === 'ran' && r.result.status).toBe('completed');
    expect(saves.slice(0, 3)).toEqual([
      { results: [], intents: [] },
      { results: [], intents: [] },
      { results: [], intents: ['r1#1', 'r2#1'] },
    ]);
    expect(saves.at(-1)).toEqual({ results: ['r1', 'r2'], intents: [] });
    expect(saves.slice(3).every((s) => s.results.length > 0)).toBe(true);
  });

  it('a parallel result that comes back after the first batch was saved is saved too, once', async () => {
    const base = memoryVersionedStore();
    const firstSaved = deferred();
    let results = 0;
    const store: VersionedSessionStore = {
      ...base,
      save: async (id, record, expected) => {
        const saved = await base.save(id, record, expected);
        const done = record.session.run.turn?.calls.filter((c) => c.status === 'done').length ?? 0;
        if (done > results) {
          results = done;
          if (done === 1) firstSaved.resolve();
        }
        return saved;
      },
    };
    const tools = recordingTools(async (call: ToolCallBlock) => {
      if (call.id === 'r2') {
        await firstSaved.promise;
        // Let that save's batch finish before this result comes back.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      return `${call.id} ok`;
    });
    const r = await runTurn('r1', 'r2', tools, { parallel: true, store });
    expect(r.result.status).toBe('completed');
    expect(r.recovered).toEqual([]);
    expect(tools.executed.map((e) => `${e.id}#${e.attempt}`)).toEqual(['r1#1', 'r2#1']);
    expect(toolResults(r.result)).toEqual([
      ['r1', 'r1 ok'],
      ['r2', 'r2 ok'],
    ]);
  });

  it('a parallel call the abort stopped gets no result of its own: the abort answers it', async () => {
    const ac = new AbortController();
    const tools = recordingTools(async (call: ToolCallBlock, context) => {
      if (call.id === 'r1') {
        ac.abort();
        return 'r1 ok';
      }
      await new Promise((resolve) => context.signal.addEventListener('abort', resolve));
      throw new Error('stopped');
    });
    const r = await runTurn('r2', 'r1', tools, { parallel: true, signal: ac.signal });
    expect(r.result.status).toBe('aborted');
    expect(toolResults(r.result, true)).toEqual([
      ['r2', 'Aborted before this tool ran to completion.', true],
      ['r1', 'r1 ok', false],
    ]);
  });
});

describe('an abort while tools run', () => {
  it('serial: the abort comes with the result that closes the turn, after an earlier result', async () => {
    const ac = new AbortController();
    const tools = recordingTools(async (call: ToolCallBlock) => {
      if (call.id === 'r2') ac.abort();
      return `${call.id} ok`;
    });
    const r = await runTurn('r1', 'r2', tools, { parallel: false, signal: ac.signal });
    expect(r.result.status).toBe('aborted');
    // No model call is asked for once the turn is closed by the aborted run.
    expect(r.result.events.map((e) => e.type)).toEqual([
      'run_started',
      'model_called',
      'assistant_message',
      'tool_executed',
      'tool_executed',
      'run_finished',
    ]);
    expect(toolResults(r.result)).toEqual([
      ['r1', 'r1 ok'],
      ['r2', 'r2 ok'],
    ]);
  });

  it('parallel: a result that comes back after the abort, from a call still running, is kept', async () => {
    const ac = new AbortController();
    const tools = recordingTools(async (call: ToolCallBlock, context) => {
      if (call.id === 'r1') {
        ac.abort();
        return 'r1 ok';
      }
      if (!context.signal.aborted)
        await new Promise((resolve) => context.signal.addEventListener('abort', resolve));
      // Let r1's result be saved first.
      await new Promise((resolve) => setTimeout(resolve, 0));
      return 'r2 finished anyway';
    });
    const r = await runTurn('r2', 'r1', tools, { parallel: true, signal: ac.signal });
    expect(r.result.status).toBe('aborted');
    expect(toolResults(r.result, true)).toEqual([
      ['r2', 'r2 finished anyway', false],
      ['r1', 'r1 ok', false],
    ]);
  });
});

describe('a resumed turn', () => {
  /** Parks on a plan, approves it, and lets the worker die saving the result of `write_file`. */
  async function diedDuringWrite(parallel: boolean) {
    const base = memoryVersionedStore();
    const now = manualClock();
    const opts = { ...options, run: { parallelToolCalls: parallel } };
    const parked = await runStored(
      { store: base, model: conversationModel(), tools: recordingTools(), options: opts, now },
      's',
      { message: 'go' },
    );
    const approvalId = parked.outcome === 'ran' ? (parked.result.approval?.approvalId ?? '') : '';
    const dying: VersionedSessionStore = {
      ...base,
      save: async (id, record, expected) => {
        const written = record.session.messages.some(
          (m) => m.role === 'tool' && m.toolName === 'write_file',
        );
        if (written) throw new Error('worker died');
        return base.save(id, record, expected);
      },
    };
    await expect(
      runStored(
        {
          store: dying,
          model: conversationModel(),
          tools: recordingTools(),
          options: opts,
          now,
          leaseMs: 10,
        },
        's',
        { decision: { action: 'approve', approvalId } },
      ),
    ).rejects.toThrow('worker died');
    now.advance(10);
    return { base, now, opts };
  }

  for (const parallel of [false, true])
    it(`an at-most-once call a dead worker started is reported in one save, never run (parallel: ${parallel})`, async () => {
      const { base, now, opts } = await diedDuringWrite(parallel);
      const { store, saves } = recordingStore(base);
      const tools = recordingTools();
      const r = await runStored(
        { store, model: conversationModel(), tools, options: opts, now, workerId: 'w2' },
        's',
        { resume: true },
      );
      if (r.outcome !== 'ran') throw new Error(r.outcome);
      expect(tools.executed).toEqual([]);
      expect(r.recovered).toEqual([
        {
          toolCallId: expect.any(String),
          name: 'write_file',
          delivery: 'at-most-once',
          action: 'reported',
          attempt: 1,
        },
      ]);
      const id = r.recovered[0]?.toolCallId ?? '';
      // The claim (keeping the intent), the report (closing it), then the end of the run.
      expect(saves).toEqual([
        { results: [], intents: [`${id}#1`] },
        { results: ['p1', id], intents: [] },
        { results: ['p1', id], intents: [] },
      ]);
      expect(r.result.messages.flatMap((m) => (m.role === 'tool' ? [m.content] : []))).toEqual([
        interruptedCallResult,
      ]);
    });

  it('a reported call and a rerun call of one turn: each recovered once, the rerun in the same pass', async () => {
    const base = memoryVersionedStore();
    const now = manualClock();
    const opts = { ...options, run: { parallelToolCalls: true } };
    const writes = ['write_file', 'read_file'];
    const parked = await runStored(
      {
        store: base,
        model: conversationModel({ writes }),
        tools: recordingTools(),
        options: opts,
        now,
      },
      's',
      { message: 'go' },
    );
    const approvalId = parked.outcome === 'ran' ? (parked.result.approval?.approvalId ?? '') : '';
    const dying: VersionedSessionStore = {
      ...base,
      save: async (id, record, expected) => {
        if (
          record.session.run.turn?.calls.some(
            (c) => c.status === 'done' && c.name !== 'exit_plan_mode',
          )
        )
          throw new Error('worker died');
        return base.save(id, record, expected);
      },
    };
    const first = recordingTools();
    await expect(
      runStored(
        {
          store: dying,
          model: conversationModel({ writes }),
          tools: first,
          options: opts,
          now,
          leaseMs: 10,
        },
        's',
        { decision: { action: 'approve', approvalId } },
      ),
    ).rejects.toThrow('worker died');
    expect(first.executed.map((e) => e.name).sort()).toEqual(['read_file', 'write_file']);
    now.advance(10);
    const tools = recordingTools();
    const r = await runStored(
      {
        store: base,
        model: conversationModel({ writes }),
        tools,
        options: opts,
        now,
        workerId: 'w2',
      },
      's',
      { resume: true },
    );
    if (r.outcome !== 'ran') throw new Error(r.outcome);
    expect(r.result.status).toBe('completed');
    expect(r.recovered.map((c) => [c.name, c.delivery, c.action, c.attempt])).toEqual([
      ['write_file', 'at-most-once', 'reported', 1],
      ['read_file', 'at-least-once', 'rerun', 2],
    ]);
    expect(tools.executed.map((e) => [e.name, e.attempt])).toEqual([['read_file', 2]]);
  });

  it("a new message clears the dead worker's intents in its first save, a resume keeps them", async () => {
    for (const [input, intents] of [
      [{ message: 'status?' }, 0],
      [{ resume: true }, 1],
    ] as const) {
      const { base, now, opts } = await diedDuringWrite(false);
      const { store, saves } = recordingStore(base);
      await runStored(
        { store, model: conversationModel(), tools: recordingTools(), options: opts, now },
        's',
        input,
      );
      expect(saves[0]?.intents).toHaveLength(intents);
    }
  });

  it('an at-least-once call is run again under a replaced intent, not a second one', async () => {
    const { base, now, opts } = await diedDuringWrite(false);
    const { store, saves } = recordingStore(base);
    const tools = recordingTools();
    const r = await runStored(
      {
        store,
        model: conversationModel(),
        tools,
        options: opts,
        now,
        workerId: 'w2',
        delivery: () => 'at-least-once',
      },
      's',
      { resume: true },
    );
    if (r.outcome !== 'ran') throw new Error(r.outcome);
    const id = r.recovered[0]?.toolCallId ?? '';
    expect(r.recovered).toEqual([
      {
        toolCallId: id,
        name: 'write_file',
        delivery: 'at-least-once',
        action: 'rerun',
        attempt: 2,
      },
    ]);
    expect(tools.executed.map((e) => e.attempt)).toEqual([2]);
    expect(saves.map((s) => s.intents)).toEqual([[`${id}#1`], [`${id}#2`], [], []]);
  });
});
