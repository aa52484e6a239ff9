import { describe, expect, it } from 'vitest';
import {
  classifyTurn,
  createSession,
  resolveIncompleteTurn,
  type SessionState,
  updatePlan,
} from '../../src/index.js';
import { executingSession, samplePlan } from '../helpers.js';
import { turn } from './turns.js';

const done = turn('All done: the parser is fixed.');

function run(s: SessionState, n: number, options: object = {}) {
  let state = s;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = resolveIncompleteTurn(state, done, options);
    state = r.state;
    out.push(r.outcome === 'retry' ? (r.instruction?.text ?? '') : r.outcome);
  }
  return out;
}

describe('claimed-done: "done" while approved steps are open', () => {
  it('is retried with escalating tiers and the real count, then blocks', () => {
    const out = run(executingSession(), 3);
    expect(out[0]).toContain('retry 1 of 2');
    expect(out[0]).toContain('update_plan');
    expect(out[1]).toMatch(/^Final retry \(retry 2 of 2\)/);
    expect(out[2]).toBe('blocked');
    const three = run(executingSession(), 4, {
      incompleteTurn: { retryLimits: { claimedDone: 3 } },
    });
    expect(three.slice(0, 3).map((t) => t.slice(0, 30))).toEqual([
      expect.stringContaining('You said the work is done'),
      expect.stringContaining('The approved plan still has'),
      expect.stringContaining('Final retry'),
    ]);
    const r = resolveIncompleteTurn(executingSession(), done);
    expect(r.classification).toMatchObject({
      kind: 'claimed-done',
      evidence: { rule: 'open-plan-steps', detail: 'approved steps still open: 1, 2' },
    });
  });

  it('is not a claim once every approved step is closed, after a question, or with "remaining" last', () => {
    const s = executingSession();
    const closed = updatePlan(
      s,
      {
        updates: [
          { id: '1', status: 'completed' },
          { id: '2', status: 'cancelled' },
        ],
      },
      { now: 5 },
    );
    if (!closed.applied) throw new Error(closed.message);
    expect(resolveIncompleteTurn(closed.state, done).outcome).toBe('continue');
    expect(
      resolveIncompleteTurn(s, turn('Done with step 1. Shall I go on with step 2?')).outcome,
    ).toBe('continue');
    expect(
      resolveIncompleteTurn(s, turn('Step 1 is done. Guarding the lookahead is what remains.'))
        .outcome,
    ).toBe('continue');
  });

  it('applies only while a tracked, approved plan executes', () => {
    // A plan nobody tracks (every step still pending as approved) says nothing about progress.
    expect(resolveIncompleteTurn(executingSession(samplePlan), done).outcome).toBe('continue');
    expect(resolveIncompleteTurn(createSession(), done).outcome).toBe('continue');
    expect(classifyTurn(done, { planMode: true, openSteps: ['1'] }).kind).not.toBe('claimed-done');
    expect(classifyTurn(done, { planMode: false, openSteps: ['1'] }).kind).toBe('claimed-done');
    expect(classifyTurn(done, { planMode: false }).kind).toBe('answered');
  });
});
