import { describe, expect, it } from 'vitest';
import {
  memoryVersionedStore,
  runStored,
  type StoredRecord,
  type ToolCallBlock,
} from '../../src/index.js';
import { assistant, scriptedModel, toolCall } from '../../src/testing/index.js';
import { definitions } from './fixtures.js';

// runStored saves each parallel result as soon as the store is free, and the results that come
// back while a save is under way together in the next save: a message of n parallel calls costs
// a few saves, not n saves of a growing session.

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

// Per save: how many results the saved session holds, and how many intents are open.
function recordingStore() {
  const base = memoryVersionedStore();
  const saves: { results: number; intents: number }[] = [];
  let hold: Promise<void> | undefined;
  const store = {
    ...base,
    save: async (id: string, record: StoredRecord, expected: number) => {
      // Results wait in the open turn until it closes, then become tool messages.
      const open = record.session.run.turn?.calls.filter((c) => c.status === 'done').length;
      saves.push({
        results: open ?? record.session.messages.filter((m) => m.role === 'tool').length,
        intents: record.intents?.length ?? 0,
      });
      await hold;
      return base.save(id, record, expected);
    },
  };
  return { store, saves, holdSaves: (p: Promise<void> | undefined) => (hold = p) };
}

const reads = (n: number) =>
  assistant(
    'Reading.',
    ...Array.from({ length: n }, (_, i) => toolCall('read_file', { path: `f${i}` }, `r${i}`)),
  );

describe('runStored: parallel results are saved in batches', () => {
  it('results that come back together are saved by one save after the first', async () => {
    const { store, saves } = recordingStore();
    const release = deferred();
    const execute = async (call: ToolCallBlock) => {
      await release.promise;
      return `read ${String((call.input as { path: string }).path)}`;
    };
    const options = { planMode: { enabled: true }, run: { parallelToolCalls: true } };
    const model = scriptedModel([reads(50), assistant('Done.')]);
    const running = runStored({ store, model, tools: { definitions, execute }, options }, 's', {
      message: 'read them',
    });
    await new Promise((r) => setTimeout(r, 0));
    const before = saves.length;
    release.resolve();
    const out = await running;
    if (out.outcome !== 'ran') throw new Error(out.outcome);
    expect(out.result.status).toBe('completed');
    // The first result alone (the store was free), then the other 49 in one save, all intents
    // closed; then the answer.
    expect(saves.slice(before)).toEqual([
      { results: 1, intents: 49 },
      { results: 50, intents: 0 },
      { results: 50, intents: 0 },
    ]);
  });

  it('a result that comes back while a save is under way is saved by the next save, not lost', async () => {
    const { store, saves, holdSaves } = recordingStore();
    const first = deferred();
    const second = deferred();
    const slowSave = deferred();
    const execute = async (call: ToolCallBlock) => {
      await (call.id === 'r0' ? first.promise : second.promise);
      return `read ${call.id}`;
    };
    const options = { planMode: { enabled: true }, run: { parallelToolCalls: true } };
    const model = scriptedModel([reads(2), assistant('Done.')]);
    const running = runStored({ store, model, tools: { definitions, execute }, options }, 's', {
      message: 'read them',
    });
    await new Promise((r) => setTimeout(r, 0));
    const before = saves.length;
    holdSaves(slowSave.promise);
    first.resolve();
    await new Promise((r) => setTimeout(r, 0));
    // r0's save is under way; r1 comes back meanwhile.
    second.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(saves.slice(before)).toEqual([{ results: 1, intents: 1 }]);
    holdSaves(undefined);
    slowSave.resolve();
    const out = await running;
    if (out.outcome !== 'ran') throw new Error(out.outcome);
    expect(saves.slice(before)).toEqual([
      { results: 1, intents: 1 },
      { results: 2, intents: 0 },
      { results: 2, intents: 0 },
    ]);
    const stored = await store.load('s');
    expect(
      stored?.record.session.messages.flatMap((m) => (m.role === 'tool' ? [m.content] : [])),
    ).toEqual(['read r0', 'read r1']);
  });
});
