import { describe, expect, it } from 'vitest';
import {
  requestApproval,
  resolveApproval,
  type SessionState,
  updatePlan,
} from '../../src/index.js';
import { planSession, samplePlan } from '../helpers.js';

function approved(): SessionState {
  const p = requestApproval(planSession(), { plan: samplePlan, now: 1, approvalId: 'a' }).state;
  return resolveApproval(p, { action: 'approve', approvalId: 'a' }, { now: 2 }).state;
}

describe('updatePlan', () => {
  it('changes statuses by id', () => {
    const r = updatePlan(
      approved(),
      {
        updates: [
          { id: '1', status: 'completed' },
          { id: '2', status: 'in_progress' },
        ],
      },
      { now: 3 },
    );
    expect(r).toMatchObject({ applied: true, code: 'plan_updated' });
    expect(r.state.planMode.plan?.steps.map((s) => s.status)).toEqual(['completed', 'in_progress']);
    expect(r.state.planMode.updatedAt).toBe(3);
  });

  it('cancels an impossible step and inserts its revision after it', () => {
    const r = updatePlan(
      approved(),
      {
        updates: [{ id: '1', status: 'cancelled' }],
        add: [{ text: 'Write the test in the old suite', after: '1' }],
      },
      { now: 3 },
    );
    expect(r.state.planMode.plan?.steps).toEqual([
      { id: '1', text: 'Add a failing test', status: 'cancelled' },
      {
        id: '3',
        text: 'Write the test in the old suite',
        status: 'pending',
        addedAfterApproval: true,
      },
      { id: '2', text: 'Guard the lookahead in parse()', status: 'pending' },
    ]);
  });

  it('allows at most one step in progress, changing nothing otherwise', () => {
    const s = approved();
    const r = updatePlan(
      s,
      {
        updates: [
          { id: '1', status: 'in_progress' },
          { id: '2', status: 'in_progress' },
        ],
      },
      { now: 3 },
    );
    expect(r).toMatchObject({ applied: false, reason: 'invalid_update', state: s });
  });

  it.each([
    ['an unknown id', { updates: [{ id: '9', status: 'completed' }] }],
    ['an unknown anchor', { add: [{ text: 'x', after: '9' }] }],
    ['nothing to do', {}],
    ['a bad status', { updates: [{ id: '1', status: 'done' }] }],
    ['a non-object', 'step 1 done'],
  ])('rejects %s with a message for the model', (_label, input) => {
    const s = approved();
    const r = updatePlan(s, input, { now: 3 });
    expect(r).toMatchObject({ applied: false, reason: 'invalid_update', state: s });
  });

  it('does not change a plan that is still being decided', () => {
    const p = requestApproval(planSession(), { plan: samplePlan, now: 1 }).state;
    const r = updatePlan(p, { updates: [{ id: '1', status: 'completed' }] }, { now: 2 });
    expect(r).toMatchObject({ applied: false, reason: 'no_approved_plan', state: p });
    expect(!r.applied && r.message).toContain('exit_plan_mode');
  });
});
