import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  handlePlanToolCall,
  isVerified,
  type Plan,
  parseSession,
  requestApproval,
  type SessionState,
  updatePlan,
} from '../../src/index.js';
import { executingSession, planSession } from '../helpers.js';

const plan = {
  title: 'Fix parse()',
  steps: [
    { text: 'Add a failing test', criteria: ['the test fails on main'] },
    { text: 'Guard the lookahead', criteria: ['npm test passes', 'no lint errors'] },
    { text: 'Update the changelog' },
  ],
};

const steps = (s: SessionState) => (s.planMode.plan as Plan).steps;

describe('verified steps', () => {
  it('a step with criteria is completed only with evidence for each; the refusal says what is missing', () => {
    const s = executingSession(plan);
    const bare = updatePlan(s, { updates: [{ id: '2', status: 'completed' }] }, { now: 5 });
    expect(bare).toMatchObject({ applied: false, reason: 'criteria_unverified' });
    if (bare.applied) throw new Error('applied');
    expect(bare.message).toContain('1. "npm test passes"');
    expect(bare.message).toContain('2. "no lint errors"');
    expect(bare.state).toBe(s);

    const half = updatePlan(
      s,
      {
        updates: [
          { id: '2', status: 'completed', evidence: [{ criterion: '1', evidence: '42 passed' }] },
        ],
      },
      { now: 5 },
    );
    expect(half).toMatchObject({ applied: false, reason: 'criteria_unverified' });
    if (half.applied) throw new Error('applied');
    expect(half.message).not.toContain('npm test passes"');
    expect(half.message).toContain('no lint errors');

    const unknown = updatePlan(
      s,
      {
        updates: [
          {
            id: '1',
            status: 'completed',
            evidence: [
              { criterion: 'the test fails on main', evidence: 'it failed' },
              { criterion: 'it compiles', evidence: 'tsc ok' },
            ],
          },
        ],
      },
      { now: 5 },
    );
    expect(unknown).toMatchObject({ applied: false, reason: 'criteria_unverified' });
    if (unknown.applied) throw new Error('applied');
    expect(unknown.message).toContain('not criteria of this step: "it compiles"');

    const full = updatePlan(
      s,
      {
        updates: [
          {
            id: '2',
            status: 'completed',
            evidence: [
              { criterion: 'NPM test passes', evidence: 'npm test: 42 passed' },
              { criterion: '#2', evidence: 'biome: no errors' },
            ],
          },
        ],
      },
      { now: 6 },
    );
    if (!full.applied) throw new Error(full.message);
    expect(steps(full.state)[1]).toMatchObject({
      status: 'completed',
      evidence: [
        { criterion: 'npm test passes', evidence: 'npm test: 42 passed' },
        { criterion: 'no lint errors', evidence: 'biome: no errors' },
      ],
    });
    // A step without criteria needs no evidence; evidence goes only with completed.
    expect(updatePlan(s, { updates: [{ id: '3', status: 'completed' }] }, { now: 6 }).applied).toBe(
      true,
    );
    expect(
      updatePlan(
        s,
        {
          updates: [
            { id: '3', status: 'in_progress', evidence: [{ criterion: 'x', evidence: 'y' }] },
          ],
        },
        { now: 6 },
      ),
    ).toMatchObject({ applied: false, reason: 'invalid_update' });
    // Leaving completed drops the evidence.
    const reopened = updatePlan(
      full.state,
      { updates: [{ id: '2', status: 'in_progress' }] },
      {
        now: 7,
      },
    );
    if (!reopened.applied) throw new Error(reopened.message);
    expect(steps(reopened.state)[1]?.evidence).toBeUndefined();
  });

  it('a step with criteria can be neither proposed nor added as completed', () => {
    const proposed = requestApproval(planSession(), {
      plan: { title: 't', steps: [{ text: 's', status: 'completed', criteria: ['c'] }] },
      now: 1,
    });
    expect(proposed).toMatchObject({ applied: false, reason: 'invalid_plan' });
    const added = updatePlan(
      executingSession(plan),
      { add: [{ text: 'more', status: 'completed', criteria: ['c'] }] },
      { now: 5 },
    );
    expect(added).toMatchObject({ applied: false, reason: 'criteria_unverified' });
  });

  it('the update_plan tool result carries the code and the message the model can act on', () => {
    const out = handlePlanToolCall(
      executingSession(plan),
      { name: 'update_plan', input: { updates: [{ id: '1', status: 'completed' }] } },
      { now: 5 },
    );
    expect(out.code).toBe('criteria_unverified');
    expect(out.result.isError).toBe(true);
    expect(out.result.content).toContain('"evidence"');
  });

  it('a stored completed step without evidence for its criteria does not parse', () => {
    const s = JSON.parse(JSON.stringify(executingSession(plan)));
    s.planMode.plan.steps[0].status = 'completed';
    expect(() => parseSession(s)).toThrow(/evidence/);
  });

  it('no update sequence makes a step completed without evidence covering its criteria (property)', () => {
    const criterion = fc.constantFrom('1', '2', '3', 'npm test passes', 'no lint errors', 'nope');
    const evidence = fc.array(
      fc.record({ criterion, evidence: fc.constantFrom('ok', '42 passed', ' ') }),
      { maxLength: 3 },
    );
    const update = fc.record(
      {
        id: fc.constantFrom('1', '2', '3', '4'),
        status: fc.constantFrom('pending', 'in_progress', 'completed', 'cancelled'),
        evidence,
      },
      { requiredKeys: ['id', 'status'] },
    );
    const add = fc.record(
      {
        text: fc.constant('another step'),
        status: fc.constantFrom('pending', 'completed'),
        criteria: fc.constantFrom(['c'], ['npm test passes']),
      },
      { requiredKeys: ['text'] },
    );
    const call = fc.record(
      { updates: fc.array(update, { maxLength: 3 }), add: fc.array(add, { maxLength: 1 }) },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(call, { maxLength: 12 }), (calls) => {
        let s = executingSession(plan);
        for (const [i, input] of calls.entries()) {
          const r = updatePlan(s, input, { now: 10 + i });
          s = r.state;
          for (const step of steps(s))
            if (step.status === 'completed') expect(isVerified(step), step.id).toBe(true);
          // What a host stores reads back.
          parseSession(JSON.parse(JSON.stringify(s)));
        }
      }),
      { numRuns: 300 },
    );
  });
});
