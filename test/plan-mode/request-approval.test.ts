import { describe, expect, it } from 'vitest';
import {
  createSession,
  decisionDeadline,
  requestApproval,
  type SessionState,
} from '../../src/index.js';
import { planSession, samplePlan } from '../helpers.js';

// requestApproval's refusals with their exact reasons and messages, the host-supplied id's
// bounds, the times it records, and decisionDeadline's precedence.

function pending(approvalId = 'a-1', now = 10): SessionState {
  const r = requestApproval(planSession(), { plan: samplePlan, now, approvalId });
  if (!r.applied) throw new Error(r.message);
  return r.state;
}

describe('requestApproval', () => {
  it('outside plan mode there is nothing to approve', () => {
    const r = requestApproval(createSession({}, { now: 0 }), { plan: samplePlan, now: 1 });
    expect(r).toMatchObject({
      applied: false,
      reason: 'not_in_plan_mode',
      message: 'plan mode is not active, so there is nothing to approve; carry on with the task',
    });
  });

  it('an invalid plan is refused, saying what to do', () => {
    const r = requestApproval(planSession(), { plan: { title: '' }, now: 1 });
    expect(r.applied).toBe(false);
    if (r.applied) return;
    expect(r.reason).toBe('invalid_plan');
    expect(r.message).toMatch(
      /^the plan is not valid; fix these fields and call exit_plan_mode again/,
    );
  });

  it('a host-supplied id: 1 to 200 characters, never one used before', () => {
    for (const id of ['a', 'x'.repeat(200)]) {
      const r = requestApproval(planSession(), { plan: samplePlan, now: 1, approvalId: id });
      expect(r.applied && r.approvalId).toBe(id);
    }
    for (const id of ['', 'x'.repeat(201), 5 as unknown as string]) {
      const r = requestApproval(planSession(), { plan: samplePlan, now: 1, approvalId: id });
      expect(r).toMatchObject({
        applied: false,
        reason: 'invalid_approval_id',
        message: 'approvalId must be a non-empty string',
      });
    }
    const reused = requestApproval(pending('a-1'), {
      plan: { ...samplePlan, title: 'Another plan' },
      now: 20,
      approvalId: 'a-1',
    });
    expect(reused).toMatchObject({
      applied: false,
      reason: 'approval_id_reused',
      message: 'approvalId was already used for an earlier request; every request needs a fresh id',
    });
  });

  it('records the request time from now; the identical plan again keeps its id and time', () => {
    const s = pending('a-1', 10);
    expect([s.planMode.requestedAt, s.planMode.updatedAt, s.planMode.approval]).toEqual([
      10,
      10,
      'pending',
    ]);
    const again = requestApproval(s, { plan: samplePlan, now: 30, approvalId: 'a-2' });
    expect(again).toMatchObject({ applied: true, code: 'approval_repeated', approvalId: 'a-1' });
    expect(again.state).toBe(s);
    const changed = requestApproval(s, {
      plan: { ...samplePlan, title: 'Changed' },
      now: 40,
      approvalId: 'a-3',
    });
    expect(changed).toMatchObject({ applied: true, code: 'approval_requested', approvalId: 'a-3' });
    expect([changed.state.planMode.requestedAt, changed.state.planMode.updatedAt]).toEqual([
      40, 40,
    ]);
  });
});

describe('decisionDeadline', () => {
  it('the given deadline wins, else requestedAt + timeoutMs, else none; nothing pending: none', () => {
    const s = pending('a-1', 10);
    expect(decisionDeadline(s, { now: 0, deadline: 5, timeoutMs: 100 })).toBe(5);
    expect(decisionDeadline(s, { now: 0, timeoutMs: 100 })).toBe(110);
    expect(decisionDeadline(s, { now: 0 })).toBeUndefined();
    expect(decisionDeadline(planSession(), { now: 0, deadline: 5 })).toBeUndefined();
  });
});
