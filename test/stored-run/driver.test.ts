import { describe, expect, it } from 'vitest';
import {
  memoryVersionedStore,
  parseSession,
  runStored,
  StoredRunOutcomes,
  type StoredRunResult,
} from '../../src/index.js';
import { conversationModel, manualClock, options, recordingTools } from './fixtures.js';

function ran(r: StoredRunResult) {
  if (r.outcome !== 'ran') throw new Error(`expected ran, got ${r.outcome}`);
  return r;
}

async function parked(store = memoryVersionedStore(), now = manualClock()) {
  const tools = recordingTools();
  const model = conversationModel();
  const config = { store, model, tools, options, now, workerId: 'w1' };
  const first = ran(await runStored(config, 's1', { message: 'Write the file' }));
  expect(first.result.status).toBe('awaiting_approval');
  const approvalId = first.result.approval?.approvalId ?? '';
  return { store, tools, model, config, approvalId, now };
}

describe('runStored', () => {
  it('creates the session on a first message and parks it with its approval deadline', async () => {
    const { store, approvalId } = await parked();
    const loaded = await store.load('s1');
    expect(loaded?.version).toBe(2);
    expect(loaded?.record.lease).toBeUndefined();
    expect(loaded?.record.approval).toEqual({ approvalId, deadline: 1_000_000 + 1_800_000 });
    expect(parseSession(loaded?.record.session).planMode.approval).toBe('pending');
  });

  it('applies a decision once: a second delivery is duplicate and runs nothing', async () => {
    const { tools, config, approvalId } = await parked();
    const decision = { action: 'approve' as const, approvalId };
    const first = ran(await runStored(config, 's1', { decision }));
    expect(first.result.status).toBe('completed');
    expect(tools.executed.map((e) => e.name)).toEqual(['write_file']);
    const again = await runStored({ ...config, workerId: 'w2' }, 's1', { decision });
    expect(again.outcome).toBe(StoredRunOutcomes.duplicate);
    expect(tools.executed).toHaveLength(1);
  });

  it('says busy while another worker holds the lease, and takes over once it runs out', async () => {
    const { store, config } = await parked();
    const loaded = await store.load('s1');
    if (loaded === undefined) throw new Error('missing');
    const lease = { owner: 'other', until: config.now() + 5_000 };
    await store.save('s1', { ...loaded.record, lease }, loaded.version);
    const busy = await runStored(config, 's1', { message: 'hello' });
    expect(busy).toMatchObject({ outcome: 'busy', owner: 'other', until: lease.until });
    config.now.advance(5_000);
    expect((await runStored(config, 's1', { message: 'hello' })).outcome).toBe('ran');
  });

  it('returns not_found for a decision or resume on a missing session', async () => {
    const store = memoryVersionedStore();
    const config = { store, model: conversationModel(), tools: recordingTools(), options };
    expect((await runStored(config, 'nope', { resume: true })).outcome).toBe('not_found');
    expect(
      (await runStored(config, 'nope', { decision: { action: 'approve', approvalId: 'x' } }))
        .outcome,
    ).toBe('not_found');
  });
});
