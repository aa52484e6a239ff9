import fc from 'fast-check';
import { expect } from 'vitest';
import {
  deliverDecisionToken,
  parseSession,
  runStored,
  type StoredRunResult,
  signDecisionToken,
  type VersionedSessionStore,
} from '../../src/internal.js';
import { conversationModel, manualClock, recordingTools } from './fixtures.js';

const key = 'k'.repeat(32);
const start = 1_000_000;

/** Offsets from the deadline: the edges, and anywhere within a long way on both sides. */
export const offsetArb = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.integer({ min: -5_000_000, max: 5_000_000 }),
);

export interface DeadlineCase {
  /** When the decision comes, relative to the stored deadline (ms). */
  offset: number;
  action: 'approve' | 'reject' | 'edit';
  path: 'runStored' | 'token';
  /** The request's timeout when it was parked, and the (other) one of the deciding worker:
   *  the deadline saved with the request binds, whatever the decider's options say. */
  timeoutMs: number;
  deciderTimeoutMs: number;
}

export const deadlineCaseArb: fc.Arbitrary<DeadlineCase> = fc.record({
  offset: offsetArb,
  action: fc.constantFrom('approve' as const, 'reject' as const, 'edit' as const),
  path: fc.constantFrom('runStored' as const, 'token' as const),
  timeoutMs: fc.integer({ min: 1, max: 3_600_000 }),
  deciderTimeoutMs: fc.integer({ min: 1, max: 3_600_000 }),
});

/**
 * Parks a session on `store`, moves the clock to `deadline + offset` and delivers a decision on
 * the chosen path. Before the deadline it applies; at or after it, it is ignored as
 * `approval_timed_out`, nothing runs, and the timeout is saved in one compare-and-set.
 */
export async function checkDeadlineCase(
  store: VersionedSessionStore,
  sessionId: string,
  c: DeadlineCase,
): Promise<void> {
  const now = manualClock(start);
  const tools = recordingTools();
  const parkOptions = { planMode: { enabled: true, approvalTimeoutMs: c.timeoutMs } };
  const model = conversationModel();
  const parked = await runStored(
    { store, model, tools, options: parkOptions, now, workerId: 'w1' },
    sessionId,
    { message: 'Write the file' },
  );
  if (parked.outcome !== 'ran') throw new Error(`expected ran, got ${parked.outcome}`);
  const approvalId = parked.result.approval?.approvalId ?? '';
  const before = await store.load(sessionId);
  const deadline = before?.record.approval?.deadline ?? Number.NaN;
  expect(deadline).toBe(start + c.timeoutMs);

  // Decisions come at or after the request.
  const offset = Math.max(c.offset, -c.timeoutMs);
  now.advance(deadline + offset - now());
  const config = {
    store,
    model,
    tools,
    options: { planMode: { enabled: true, approvalTimeoutMs: c.deciderTimeoutMs } },
    now,
    workerId: 'w2',
  };
  const decision =
    c.action === 'edit'
      ? { action: 'edit' as const, approvalId, plan: { title: 'Edited', steps: [{ text: 'Go' }] } }
      : { action: c.action, approvalId };
  let result: StoredRunResult | { outcome: 'refused' };
  if (c.path === 'runStored') result = await runStored(config, sessionId, { decision });
  else {
    const token = await signDecisionToken(
      {
        sessionId,
        approvalId,
        action: c.action === 'edit' ? 'approve' : c.action,
        expiresAt: 2 ** 45,
      },
      key,
    );
    result = await deliverDecisionToken(config, token, { key });
  }
  const after = await store.load(sessionId);
  const session = parseSession(after?.record.session);
  if (offset < 0) {
    expect(result.outcome).toBe('ran');
    expect(session.planMode.approval).not.toBe('timed_out');
    if (c.action === 'reject') expect(tools.executed).toEqual([]);
    else expect(tools.executed.map((e) => e.name)).toEqual(['write_file']);
    return;
  }
  expect(result).toEqual({
    outcome: 'ignored',
    sessionId,
    version: (before?.version ?? 0) + 1,
    reason: 'approval_timed_out',
    message: expect.any(String),
  });
  expect(tools.executed).toEqual([]);
  expect(after?.version).toBe((before?.version ?? 0) + 1);
  expect(after?.record.approval).toBeUndefined();
  expect(after?.record.lease).toBeUndefined();
  expect(session.planMode).toMatchObject({ mode: 'plan', approval: 'timed_out' });
  // The model hears about the timeout once; the run ended without calling it.
  expect(session.messages.at(-1)).toMatchObject({ source: 'planfirst', kind: 'plan_timed_out' });
  // The decision stays refused: delivered again, it changes nothing.
  const again = await runStored(config, sessionId, { decision });
  expect(again).toMatchObject({ outcome: 'ignored', reason: 'approval_timed_out' });
  expect((await store.load(sessionId))?.version).toBe(after?.version);
}
