import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CsprngUnavailableError,
  createSession,
  enterPlanMode,
  exitPlanMode,
  parseSession,
  requestApproval,
  resolveApproval,
  type SessionState,
} from '../../src/index.js';
import { planSession, samplePlan } from '../helpers.js';

function pending(id = 'a-1'): SessionState {
  const r = requestApproval(planSession(), { plan: samplePlan, now: 10, approvalId: id });
  if (!r.applied) throw new Error(r.message);
  return r.state;
}

afterEach(() => vi.restoreAllMocks());

describe('enterPlanMode / exitPlanMode', () => {
  it('enters from normal mode with a timestamp and reason', () => {
    const r = enterPlanMode(createSession(), { now: 3, reason: '/plan' });
    expect(r).toMatchObject({ applied: true, code: 'plan_mode_entered' });
    expect(r.state.planMode).toEqual({
      mode: 'plan',
      approval: 'none',
      rejectionCount: 0,
      reason: '/plan',
      epoch: 1,
      enteredAt: 3,
      updatedAt: 3,
    });
  });

  it('ignores entering twice and exiting when not in plan mode', () => {
    const s = planSession();
    expect(enterPlanMode(s, { now: 1 })).toMatchObject({
      applied: false,
      reason: 'already_in_plan_mode',
      state: s,
    });
    const n = createSession();
    expect(exitPlanMode(n, { now: 1 })).toMatchObject({
      applied: false,
      reason: 'not_in_plan_mode',
      state: n,
    });
  });

  it('withdraws a pending approval when the host leaves plan mode', () => {
    const s = pending();
    const out = exitPlanMode(s, { now: 20 });
    expect(out.state.planMode).toMatchObject({ mode: 'normal', approval: 'none' });
    expect(out.state.planMode.approvalId).toBeUndefined();
    const late = resolveApproval(out.state, { action: 'approve', approvalId: 'a-1' }, { now: 21 });
    expect(late).toMatchObject({ applied: false, reason: 'nothing_pending' });
  });

  it('starts a new planning phase clean, keeping only the approval history', () => {
    const approved = resolveApproval(
      pending(),
      { action: 'approve', approvalId: 'a-1' },
      { now: 11 },
    );
    const again = enterPlanMode(approved.state, { now: 30 });
    expect(again.state.planMode).toEqual({
      mode: 'plan',
      approval: 'none',
      rejectionCount: 0,
      approvals: [{ approvalId: 'a-1', outcome: 'approved' }],
      epoch: 2,
      enteredAt: 30,
      updatedAt: 30,
    });
  });

  it('rejects a bad timestamp without throwing', () => {
    expect(enterPlanMode(createSession(), { now: -1 })).toMatchObject({
      applied: false,
      reason: 'invalid_state',
    });
    expect(enterPlanMode(createSession(), { now: Number.NaN })).toMatchObject({ applied: false });
  });
});

describe('requestApproval', () => {
  it('stores the plan with library-assigned ids and a fresh approval id from crypto.randomUUID', () => {
    const spy = vi
      .spyOn(globalThis.crypto, 'randomUUID')
      .mockReturnValue('11111111-2222-4333-8444-555555555555');
    const r = requestApproval(planSession(), { plan: samplePlan, now: 10 });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(r).toMatchObject({
      applied: true,
      code: 'approval_requested',
      approvalId: '11111111-2222-4333-8444-555555555555',
    });
    expect(r.state.planMode).toMatchObject({
      approval: 'pending',
      approvalId: '11111111-2222-4333-8444-555555555555',
      requestedAt: 10,
    });
    expect(r.state.planMode.plan?.steps).toEqual([
      { id: '1', text: 'Add a failing test', status: 'pending' },
      { id: '2', text: 'Guard the lookahead in parse()', status: 'pending' },
    ]);
    expect(r.state.planMode.payloadHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps the id for an identical repeat while pending, and rotates it for a changed plan', () => {
    const s = pending('first');
    const same = requestApproval(s, { plan: structuredClone(samplePlan), now: 11 });
    expect(same).toMatchObject({ applied: true, code: 'approval_repeated', approvalId: 'first' });
    expect(same.state).toBe(s);
    const changed = requestApproval(s, { plan: { ...samplePlan, title: 'Another' }, now: 12 });
    expect(changed.applied && changed.approvalId).not.toBe('first');
    expect(changed.state.planMode.approvalId).not.toBe('first');
  });

  it('fails when there is no CSPRNG instead of falling back', () => {
    vi.spyOn(globalThis, 'crypto', 'get').mockReturnValue(undefined as never);
    expect(() => requestApproval(planSession(), { plan: samplePlan, now: 1 })).toThrow(
      CsprngUnavailableError,
    );
  });

  it('refuses to reuse the current approval id for a new request', () => {
    const s = pending('same');
    const r = requestApproval(s, {
      plan: { ...samplePlan, title: 'v2' },
      now: 2,
      approvalId: 'same',
    });
    expect(r).toMatchObject({ applied: false, reason: 'approval_id_reused', state: s });
  });

  it('is ignored outside plan mode', () => {
    const n = createSession();
    expect(requestApproval(n, { plan: samplePlan, now: 1 })).toMatchObject({
      applied: false,
      reason: 'not_in_plan_mode',
      state: n,
    });
  });

  it.each([
    ['no steps', { title: 'x', steps: [] }, 'steps'],
    ['a blank title', { title: '   ', steps: [{ text: 'a' }] }, 'title'],
    ['a missing title', { steps: [{ text: 'a' }] }, 'title'],
    ['an unknown field', { title: 'x', steps: [{ text: 'a' }], extra: 1 }, 'extra'],
    ['a bad status', { title: 'x', steps: [{ text: 'a', status: 'done' }] }, 'steps[0].status'],
    [
      'two steps in progress',
      {
        title: 'x',
        steps: [
          { text: 'a', status: 'in_progress' },
          { text: 'b', status: 'in_progress' },
        ],
      },
      'steps',
    ],
    ['not an object', 'do the thing', '(root)'],
  ])('reports an invalid plan (%s) for the model', (_label, plan, path) => {
    const s = planSession();
    const r = requestApproval(s, { plan, now: 1 });
    expect(r).toMatchObject({ applied: false, reason: 'invalid_plan', state: s });
    expect(!r.applied && r.message).toContain(path);
  });
});

describe('resolveApproval', () => {
  it('approve leaves plan mode, records the time, clears feedback and resets the count', () => {
    const rejected = resolveApproval(
      pending(),
      { action: 'reject', approvalId: 'a-1', feedback: 'no' },
      { now: 11 },
    );
    const again = requestApproval(rejected.state, {
      plan: { ...samplePlan, title: 'v2' },
      now: 12,
      approvalId: 'a-2',
    });
    const r = resolveApproval(again.state, { action: 'approve', approvalId: 'a-2' }, { now: 13 });
    expect(r).toMatchObject({ applied: true, code: 'approved' });
    expect(r.state.planMode).toMatchObject({
      mode: 'normal',
      approval: 'approved',
      confirmedAt: 13,
      rejectionCount: 0,
      afterApproval: 'execute',
    });
    expect(r.state.planMode.feedback).toBeUndefined();
  });

  it("approve with then: 'stop' approves without starting", () => {
    const r = resolveApproval(
      pending(),
      { action: 'approve', approvalId: 'a-1', then: 'stop' },
      { now: 11 },
    );
    expect(r.state.planMode).toMatchObject({
      mode: 'normal',
      approval: 'approved',
      afterApproval: 'stop',
    });
  });

  it('edit approves the host-edited plan', () => {
    const edited = { title: 'Edited', steps: [{ text: 'Only this' }] };
    const before = pending();
    const r = resolveApproval(
      before,
      { action: 'edit', approvalId: 'a-1', plan: edited },
      { now: 11 },
    );
    expect(r).toMatchObject({ applied: true, code: 'edited' });
    expect(r.state.planMode).toMatchObject({
      mode: 'normal',
      approval: 'edited',
      plan: { title: 'Edited' },
    });
    expect(r.state.planMode.payloadHash).not.toBe(before.planMode.payloadHash);
  });

  it('an edit with an invalid plan changes nothing', () => {
    const s = pending();
    const r = resolveApproval(
      s,
      { action: 'edit', approvalId: 'a-1', plan: { title: 'x' } },
      { now: 11 },
    );
    expect(r).toMatchObject({ applied: false, reason: 'invalid_plan', state: s });
  });

  it('reject stays in plan mode, keeps the feedback and counts', () => {
    const r = resolveApproval(
      pending(),
      { action: 'reject', approvalId: 'a-1', feedback: 'smaller steps' },
      { now: 11 },
    );
    expect(r.state.planMode).toMatchObject({
      mode: 'plan',
      approval: 'rejected',
      feedback: 'smaller steps',
      rejectionCount: 1,
    });
  });

  it('timeout only applies to the pending request and keeps plan mode', () => {
    const r = resolveApproval(pending(), { action: 'timeout', approvalId: 'a-1' }, { now: 11 });
    expect(r.state.planMode).toMatchObject({ mode: 'plan', approval: 'timed_out' });
  });

  it.each([
    ['a wrong id', { action: 'approve', approvalId: 'other' }, 'stale_id'],
    ['an empty id', { action: 'approve', approvalId: '' }, 'invalid_decision'],
    ['a missing id', { action: 'approve' }, 'invalid_decision'],
    ['an unknown action', { action: 'yolo', approvalId: 'a-1' }, 'invalid_decision'],
    ['an unknown field', { action: 'approve', approvalId: 'a-1', force: true }, 'invalid_decision'],
    ['a non-object', 'approve', 'invalid_decision'],
    ['null', null, 'invalid_decision'],
  ])('ignores %s', (_label, decision, reason) => {
    const s = pending();
    expect(resolveApproval(s, decision, { now: 11 })).toMatchObject({
      applied: false,
      reason,
      state: s,
    });
  });

  it('ignores decisions when nothing is pending, already decided or timed out', () => {
    const none = planSession();
    expect(
      resolveApproval(none, { action: 'approve', approvalId: 'a-1' }, { now: 1 }),
    ).toMatchObject({ applied: false, reason: 'nothing_pending', state: none });
    const approved = resolveApproval(
      pending(),
      { action: 'approve', approvalId: 'a-1' },
      { now: 11 },
    ).state;
    for (const action of ['reject', 'timeout', 'edit'])
      expect(
        resolveApproval(
          approved,
          { action, approvalId: 'a-1', ...(action === 'edit' ? { plan: samplePlan } : {}) },
          { now: 12 },
        ),
      ).toMatchObject({ applied: false, reason: 'already_decided', state: approved });
    const timedOut = resolveApproval(
      pending(),
      { action: 'timeout', approvalId: 'a-1' },
      { now: 11 },
    ).state;
    expect(
      resolveApproval(timedOut, { action: 'approve', approvalId: 'a-1' }, { now: 12 }),
    ).toMatchObject({ applied: false, reason: 'approval_timed_out', state: timedOut });
  });

  it('a late timeout never overrides a decision', () => {
    const rejected = resolveApproval(
      pending(),
      { action: 'reject', approvalId: 'a-1' },
      { now: 11 },
    ).state;
    expect(
      resolveApproval(rejected, { action: 'timeout', approvalId: 'a-1' }, { now: 99 }).state,
    ).toBe(rejected);
  });

  it('an old id cannot decide a re-proposed plan', () => {
    const rejected = resolveApproval(
      pending('old'),
      { action: 'reject', approvalId: 'old' },
      { now: 11 },
    ).state;
    const re = requestApproval(rejected, { plan: samplePlan, now: 12 }).state;
    expect(re.planMode.approvalId).not.toBe('old');
    expect(
      resolveApproval(re, { action: 'approve', approvalId: 'old' }, { now: 13 }),
    ).toMatchObject({ applied: false, reason: 'stale_id', state: re });
  });

  it('never crashes on corrupt state', () => {
    const broken = { ...pending(), planMode: { mode: 'plan' } } as unknown as SessionState;
    expect(
      resolveApproval(broken, { action: 'approve', approvalId: 'a-1' }, { now: 1 }),
    ).toMatchObject({ applied: false, reason: 'invalid_state' });
    expect(requestApproval(null as never, { plan: samplePlan, now: 1 })).toMatchObject({
      applied: false,
      reason: 'invalid_state',
    });
  });
});

describe('approval history', () => {
  const decide = (s: SessionState, action: string, approvalId: string) =>
    resolveApproval(
      s,
      { action, approvalId, ...(action === 'edit' ? { plan: samplePlan } : {}) },
      { now: 20 },
    );

  it.each([
    ['approve', 'approved'],
    ['edit', 'edited'],
    ['reject', 'rejected'],
    ['timeout', 'timed_out'],
  ])('a repeated %s is a duplicate that changes nothing', (action, outcome) => {
    const first = decide(pending(), action, 'a-1');
    expect(first.applied).toBe(true);
    expect(first.state.planMode.approvals).toEqual([{ approvalId: 'a-1', outcome }]);
    const again = decide(first.state, action, 'a-1');
    expect(again).toEqual({
      state: first.state,
      applied: false,
      reason: 'duplicate_decision',
      message: `this decision (${action}) was already applied to that approval request`,
    });
  });

  it('a repeated decision on a superseded request is a duplicate, another one is stale', () => {
    const rejected = decide(pending('old'), 'reject', 'old').state;
    const re = requestApproval(rejected, { plan: { ...samplePlan, title: 'v2' }, now: 21 });
    expect(re.state.planMode.approvals).toEqual([
      { approvalId: 'old', outcome: 'rejected' },
      { approvalId: re.state.planMode.approvalId },
    ]);
    expect(decide(re.state, 'reject', 'old')).toMatchObject({
      applied: false,
      reason: 'duplicate_decision',
      state: re.state,
    });
    expect(decide(re.state, 'approve', 'old')).toMatchObject({
      applied: false,
      reason: 'stale_id',
      state: re.state,
    });
  });

  it('a rotated request is recorded as superseded and its id can never decide again', () => {
    const first = pending('p-1');
    const rotated = requestApproval(first, {
      plan: { ...samplePlan, title: 'changed' },
      now: 12,
      approvalId: 'p-2',
    }).state;
    expect(rotated.planMode.approvals).toEqual([
      { approvalId: 'p-1', outcome: 'superseded' },
      { approvalId: 'p-2' },
    ]);
    for (const action of ['approve', 'edit', 'reject', 'timeout'])
      expect(decide(rotated, action, 'p-1')).toMatchObject({
        applied: false,
        reason: 'stale_id',
        state: rotated,
      });
  });

  it('an id issued earlier in the session is never accepted for a new request', () => {
    const approved = decide(pending('p-1'), 'approve', 'p-1').state;
    const replanning = enterPlanMode(approved, { now: 30 }).state;
    expect(
      requestApproval(replanning, { plan: samplePlan, now: 31, approvalId: 'p-1' }),
    ).toMatchObject({ applied: false, reason: 'approval_id_reused', state: replanning });
    const withdrawn = exitPlanMode(
      requestApproval(replanning, { plan: samplePlan, now: 31, approvalId: 'p-2' }).state,
      { now: 32 },
    ).state;
    expect(withdrawn.planMode.approvals).toEqual([
      { approvalId: 'p-1', outcome: 'approved' },
      { approvalId: 'p-2', outcome: 'withdrawn' },
    ]);
    const third = enterPlanMode(withdrawn, { now: 33 }).state;
    for (const reused of ['p-1', 'p-2'])
      expect(
        requestApproval(third, { plan: samplePlan, now: 34, approvalId: reused }),
      ).toMatchObject({ applied: false, reason: 'approval_id_reused' });
    expect(decide(third, 'approve', 'p-2')).toMatchObject({
      applied: false,
      reason: 'nothing_pending',
    });
  });

  it('the history round-trips through parseSession', () => {
    const s = decide(pending('p-1'), 'reject', 'p-1').state;
    expect(parseSession(JSON.parse(JSON.stringify(s)))).toEqual(s);
  });
});
