import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryVersionedStore, runStored } from '../../src/internal.js';
import { checkDeadlineCase, deadlineCaseArb } from './deadline-property.js';
import { conversationModel, manualClock, options, recordingTools } from './fixtures.js';

describe('runStored and deliverDecisionToken: the approval deadline binds at the decision', () => {
  it('a decision at the stored deadline is ignored as approval_timed_out, the timeout saved in the same write, with no sweep', async () => {
    await checkDeadlineCase(memoryVersionedStore(), 's1', {
      offset: 0,
      action: 'approve',
      path: 'runStored',
      timeoutMs: 60_000,
      deciderTimeoutMs: 60_000,
    });
  });

  it('one millisecond before it, the approval runs the plan', async () => {
    await checkDeadlineCase(memoryVersionedStore(), 's1', {
      offset: -1,
      action: 'approve',
      path: 'token',
      timeoutMs: 60_000,
      deciderTimeoutMs: 60_000,
    });
  });

  it("the saved deadline binds even when the deciding worker's options give a longer timeout", async () => {
    await checkDeadlineCase(memoryVersionedStore(), 's1', {
      offset: 5,
      action: 'approve',
      path: 'token',
      timeoutMs: 1_000,
      deciderTimeoutMs: 3_600_000,
    });
  });

  it('a late decision on a session another worker leases is busy and changes nothing', async () => {
    const store = memoryVersionedStore();
    const now = manualClock();
    const tools = recordingTools();
    const config = { store, model: conversationModel(), tools, options, now, workerId: 'w1' };
    const parked = await runStored(config, 's1', { message: 'Write the file' });
    const approvalId = parked.outcome === 'ran' ? parked.result.approval?.approvalId : undefined;
    const loaded = await store.load('s1');
    if (loaded === undefined) throw new Error('not saved');
    const lease = { owner: 'w9', until: 10 ** 13 };
    await store.save('s1', { ...loaded.record, lease }, loaded.version);
    now.advance(10 ** 9);
    const decision = { action: 'approve' as const, approvalId: approvalId ?? '' };
    const late = await runStored({ ...config, workerId: 'w2' }, 's1', { decision });
    expect(late).toMatchObject({ outcome: 'busy', owner: 'w9' });
    expect(tools.executed).toEqual([]);
    expect((await store.load('s1'))?.record.session.planMode.approval).toBe('pending');
  });

  it('property: random decision times around the deadline, on both paths (memory store)', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(deadlineCaseArb, (c) =>
        checkDeadlineCase(memoryVersionedStore(), `s${n++}`, c),
      ),
      { numRuns: 60 },
    );
  });
});
