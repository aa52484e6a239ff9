import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createSession,
  memoryVersionedStore,
  runStored,
  type StoredRecord,
  type VersionedSessionStore,
} from '../../src/internal.js';
import { Claim, leaseBlocks } from '../../src/stored-run/claim.js';
import { askingModel } from '../questions/fixtures.js';
import { conversationModel, recordingTools } from './fixtures.js';

// The claim a worker holds on a session: what each write stores beside the session, when the
// lease blocks another worker, the heartbeat's renewals, and what happens once it is lost.

const session = createSession({ planMode: { enabled: true } }, { now: 0 });

function recorded(base: VersionedSessionStore = memoryVersionedStore()) {
  const saves: { record: StoredRecord; expected: number }[] = [];
  const store: VersionedSessionStore = {
    ...base,
    save: (id, record, expected) => {
      saves.push({ record, expected });
      return base.save(id, record, expected);
    },
  };
  return { store, saves, base };
}

function claimOn(store: VersionedSessionStore, now: () => number = () => 100) {
  return new Claim(
    {
      store,
      sessionId: 's',
      owner: 'w1',
      leaseMs: 300,
      approvalTimeoutMs: 5_000,
      questionTimeoutMs: 7_000,
      now,
    },
    0,
    { session },
  );
}

describe('leaseBlocks', () => {
  it("blocks only another owner's lease that has not run out", () => {
    const lease = { owner: 'w1', until: 10 };
    expect(leaseBlocks(lease, 'w2', 9)).toBe(true);
    expect(leaseBlocks(lease, 'w2', 10)).toBe(false);
    expect(leaseBlocks(lease, 'w1', 9)).toBe(false);
    expect(leaseBlocks(undefined, 'w2', 9)).toBe(false);
  });
});

describe('Claim.commit', () => {
  it('writes the session with the lease renewed and nothing else when nothing is pending', async () => {
    const { store, saves } = recorded();
    const claim = claimOn(store);
    expect(await claim.commit(session)).toBe(true);
    expect(saves).toHaveLength(1);
    expect(saves[0]).toStrictEqual({
      record: { session, lease: { owner: 'w1', until: 400 } },
      expected: 0,
    });
    expect(claim.version).toBe(1);
  });

  it('a release writes no lease; intents are written when there are some', async () => {
    const { store, saves } = recorded();
    const claim = claimOn(store);
    const intent = {
      callId: 'c',
      name: 'write_file',
      messageIndex: 1,
      attempt: 1,
      startedAt: 100,
      owner: 'w1',
    };
    await claim.commit(session, { intents: [intent] });
    await claim.commit(session, { release: true });
    await claim.commit(session, { intents: (current) => current.filter(() => false) });
    expect(saves.map((s) => s.record)).toStrictEqual([
      { session, lease: { owner: 'w1', until: 400 }, intents: [intent] },
      { session, intents: [intent] },
      { session, lease: { owner: 'w1', until: 400 } },
    ]);
    expect(saves.map((s) => s.expected)).toEqual([0, 1, 2]);
  });

  it('once a save loses, it resolves false, fires lostSignal and writes nothing more', async () => {
    const { store, saves, base } = recorded();
    await base.save('s', { session }, 0);
    const claim = claimOn(store);
    expect(await claim.commit(session)).toBe(false);
    expect(claim.lost?.code).toBe('version_conflict');
    expect(claim.lostSignal.aborted).toBe(true);
    expect(claim.lostSignal.reason).toBe(claim.lost);
    expect(await claim.commit(session)).toBe(false);
    expect(await claim.renew()).toBe(false);
    expect(saves).toHaveLength(1);
    expect(claim.version).toBe(0);
  });

  it('renew writes the last saved session again with a new lease', async () => {
    let t = 100;
    const { store, saves } = recorded();
    const claim = claimOn(store, () => t);
    await claim.commit(session);
    t = 250;
    expect(await claim.renew()).toBe(true);
    expect(saves.map((s) => s.record)).toStrictEqual([
      { session, lease: { owner: 'w1', until: 400 } },
      { session, lease: { owner: 'w1', until: 550 } },
    ]);
    expect(claim.version).toBe(2);
  });
});

describe('Claim.heartbeat', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renews the lease every third of its length while the work runs, and stops after', async () => {
    vi.useFakeTimers();
    const { store, saves } = recorded();
    const claim = claimOn(store);
    await claim.commit(session);
    let finish: (v: string) => void = () => undefined;
    const work = new Promise<string>((resolve) => {
      finish = resolve;
    });
    const beat = claim.heartbeat(() => work);
    await vi.advanceTimersByTimeAsync(99);
    expect(saves).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(saves).toHaveLength(4);
    finish('done');
    expect(await beat).toBe('done');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(saves).toHaveLength(4);
  });

  it('waits for a renewal under way before it returns', async () => {
    vi.useFakeTimers();
    const base = memoryVersionedStore();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let saving = 0;
    const store: VersionedSessionStore = {
      ...base,
      save: async (id, record, expected) => {
        saving++;
        if (saving === 2) await gate;
        return base.save(id, record, expected);
      },
    };
    const claim = claimOn(store);
    await claim.commit(session);
    let done = false;
    let finish: () => void = () => undefined;
    const work = new Promise<void>((r) => {
      finish = r;
    });
    const beat = claim
      .heartbeat(() => work)
      .then(() => {
        done = true;
      });
    await vi.advanceTimersByTimeAsync(100);
    expect(saving).toBe(2);
    finish();
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(done).toBe(false);
    release();
    await beat;
    expect(claim.version).toBe(2);
  });
});

describe('Claim.commit deadlines', () => {
  async function parkedSession(model: Parameters<typeof runStored>[0]['model']) {
    const store = memoryVersionedStore();
    await runStored(
      {
        store,
        model,
        tools: recordingTools(),
        options: { planMode: { enabled: true } },
        now: () => 50,
      },
      'p',
      { message: 'Add a cache' },
    );
    const loaded = await store.load('p');
    if (loaded === undefined) throw new Error('not saved');
    return loaded.record.session;
  }

  it('a pending plan gets requestedAt + approvalTimeoutMs, a pending question askedAt + questionTimeoutMs; a saved one for the same request is kept', async () => {
    const plan = await parkedSession(conversationModel());
    const asked = await parkedSession(askingModel());
    const approvalId = plan.planMode.approvalId ?? '';
    const questionId = asked.questions?.current?.questionId ?? '';
    const { store, saves } = recorded();
    const claim = claimOn(store);
    await claim.commit(plan);
    await claim.commit(asked);
    expect(saves.map((s) => s.record)).toStrictEqual([
      {
        session: plan,
        lease: { owner: 'w1', until: 400 },
        approval: { approvalId, deadline: 5_050 },
      },
      {
        session: asked,
        lease: { owner: 'w1', until: 400 },
        question: { questionId, deadline: 7_050 },
      },
    ]);
    const kept = new Claim(
      {
        store,
        sessionId: 'k',
        owner: 'w1',
        leaseMs: 300,
        approvalTimeoutMs: 5_000,
        questionTimeoutMs: 7_000,
        now: () => 100,
      },
      0,
      { session: asked, question: { questionId, deadline: 42 } },
    );
    await kept.commit(asked, { release: true });
    expect(saves.at(-1)?.record).toStrictEqual({
      session: asked,
      question: { questionId, deadline: 42 },
    });
  });
});
