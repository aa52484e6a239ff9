import { describe, expect, it } from 'vitest';
import {
  createSession,
  decideAutoContinue,
  noteMutation,
  resolveIncompleteTurn,
  type SessionState,
  type TurnSummary,
  worstCaseModelCalls,
} from '../../src/internal.js';
import { executingSession } from '../helpers.js';
import {
  acting,
  claimedDone,
  emptyTurn,
  narration,
  planAck,
  question,
  singleAction,
  thinkingOnly,
} from '../incomplete-turn/stalls.js';
import { turn } from '../incomplete-turn/turns.js';

const auto = { autoContinue: { enabled: true, maxCycles: 2 } };

function outcomes(
  turns: readonly TurnSummary[],
  options: object,
  state: SessionState = createSession(),
) {
  let s = state;
  return turns.map((t) => {
    const r = resolveIncompleteTurn(s, t, options);
    s = r.state;
    return r.instruction?.kind ?? r.outcome;
  });
}

describe('auto-continue', () => {
  it('starts a new cycle with a fresh retry budget when planning retries are exhausted', () => {
    const options = { ...auto, incompleteTurn: { retryLimits: { planningOnly: 1 } } };
    expect(outcomes(Array(6).fill(narration), options)).toEqual([
      'planning-only',
      'auto-continue',
      'planning-only',
      'auto-continue',
      'planning-only',
      'blocked',
    ]);
  });

  it('carries the real cycle count', () => {
    let s = createSession();
    const texts: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = resolveIncompleteTurn(s, narration, {
        ...auto,
        incompleteTurn: { retryLimits: { planningOnly: 0 } },
      });
      s = r.state;
      texts.push(r.instruction?.text ?? r.message ?? '');
    }
    expect(texts[0]).toContain('auto-continue 1 of 2');
    expect(texts[1]).toContain('auto-continue 2 of 2');
    expect(texts[2]).toContain('The agent stopped');
  });

  it('stops a later cycle when an earlier attempt mutated (the origin bug)', () => {
    const options = { ...auto, incompleteTurn: { retryLimits: { planningOnly: 1 } } };
    // Attempt 1 edits a file, then the model only narrates.
    expect(outcomes([acting, narration, narration], options)).toEqual([
      'continue',
      'planning-only',
      'blocked',
    ]);
    // Without the mutation the same narration starts a cycle.
    expect(outcomes([narration, narration], options)).toEqual(['planning-only', 'auto-continue']);
    // Side effects count too, and the flag survives retries and cycles.
    expect(
      outcomes(
        [narration, narration, turn('x', { sideEffects: true }), narration, narration],
        options,
      ),
    ).toEqual(['planning-only', 'auto-continue', 'continue', 'planning-only', 'blocked']);
  });

  it('keeps cycling after a mutation when stopOnMutation is off', () => {
    const options = {
      autoContinue: { enabled: true, maxCycles: 1, stopOnMutation: false },
      incompleteTurn: { retryLimits: { planningOnly: 0 } },
    };
    expect(outcomes([acting, narration, narration], options)).toEqual([
      'continue',
      'auto-continue',
      'blocked',
    ]);
  });

  it('does not start a cycle after a question to the user, empty or reasoning-only stalls, or in plan mode', () => {
    expect(outcomes([question], auto)).toEqual(['continue']);
    const tight = {
      ...auto,
      incompleteTurn: { retryLimits: { empty: 0, reasoningOnly: 0, planAckOnly: 0 } },
    };
    expect(outcomes([emptyTurn], tight)).toEqual(['blocked']);
    expect(outcomes([thinkingOnly], tight)).toEqual(['blocked']);
    expect(outcomes([planAck], tight, createSession({ planMode: { enabled: true } }))).toEqual([
      'blocked',
    ]);
  });

  it('decides retry, auto-continue or stop with the reason', () => {
    const state = { cycles: 0, mutated: false };
    expect(
      decideAutoContinue(state, { kind: 'planning-only', exhausted: false, planMode: false }, auto),
    ).toEqual({ decision: 'retry' });
    expect(
      decideAutoContinue(state, { kind: 'planning-only', exhausted: true, planMode: false }, auto),
    ).toEqual({ decision: 'auto-continue', cycle: 1, maxCycles: 2 });
    expect(
      decideAutoContinue(state, { kind: 'planning-only', exhausted: true, planMode: false }),
    ).toEqual({ decision: 'stop', reason: 'auto_continue_disabled' });
    expect(
      decideAutoContinue(
        { cycles: 2, mutated: false },
        { kind: 'planning-only', exhausted: true, planMode: false },
        auto,
      ),
    ).toEqual({ decision: 'stop', reason: 'max_cycles' });
    expect(
      decideAutoContinue(
        { cycles: 0, mutated: true },
        { kind: 'single-action-narration', exhausted: true, planMode: false },
        auto,
      ),
    ).toEqual({ decision: 'stop', reason: 'mutated' });
    expect(
      decideAutoContinue(state, { kind: 'empty', exhausted: true, planMode: false }, auto),
    ).toEqual({ decision: 'stop', reason: 'not_a_planning_stall' });
    expect(
      decideAutoContinue(state, { kind: 'plan-ack-only', exhausted: true, planMode: true }, auto),
    ).toEqual({ decision: 'stop', reason: 'plan_mode' });
  });

  it('notes mutation from any unproven tool call or side effect, never from plan bookkeeping', () => {
    const clean = { cycles: 0, mutated: false };
    expect(noteMutation(clean, acting).mutated).toBe(true);
    expect(noteMutation(clean, turn('', { sideEffects: true })).mutated).toBe(true);
    expect(noteMutation(clean, singleAction).mutated).toBe(false);
    expect(
      noteMutation(clean, turn('', { toolCalls: [{ name: 'update_plan', readOnly: false }] }))
        .mutated,
    ).toBe(false);
    expect(noteMutation({ cycles: 1, mutated: true }, narration)).toEqual({
      cycles: 1,
      mutated: true,
    });
  });
});

describe('worstCaseModelCalls', () => {
  // A model that never acts and spends the budget as greedily as it can: any stall that still
  // draws an ordinary retry first, then the planning stall that exhausts the cycle.
  // Outside plan mode it starts executing an approved plan, so "done" with open steps stalls too.
  function adversary(options: object, startInPlan: boolean): number {
    let s = startInPlan ? createSession({ planMode: { enabled: true } }) : executingSession();
    const stalls = startInPlan
      ? [thinkingOnly, emptyTurn, planAck]
      : [thinkingOnly, emptyTurn, claimedDone, narration];
    const exhausting = startInPlan ? planAck : narration;
    for (let calls = 1; ; calls++) {
      const retry = stalls
        .map((t) => resolveIncompleteTurn(s, t, options))
        .find((r) => r.outcome === 'retry' && r.instruction?.kind !== 'auto-continue');
      const r = retry ?? resolveIncompleteTurn(s, exhausting, options);
      if (r.outcome === 'blocked') return calls;
      s = r.state;
    }
  }

  it.each([
    // Stalls, plus run.maxBookkeepingTurns (3 by default) turns of plan bookkeeping only.
    [{}, 12],
    [{ run: { maxBookkeepingTurns: 0 } }, 9],
    [{ autoContinue: { enabled: true } }, 39],
    [{ autoContinue: { enabled: true, maxCycles: 10 } }, 50],
    [{ autoContinue: { enabled: true, maxCycles: 10 }, run: { maxModelCalls: 1000 } }, 102],
    [
      {
        incompleteTurn: {
          retryLimits: { planningOnly: 1, singleActionNarration: 0, reasoningOnly: 0, empty: 0 },
        },
        autoContinue: { enabled: true, maxCycles: 4 },
      },
      23,
    ],
    [{ planMode: { allowModelEnter: true } }, 14],
    [
      {
        incompleteTurn: {
          retryLimits: { planningOnly: 0, singleActionNarration: 0, planAckOnly: 9 },
        },
      },
      16,
    ],
    [{ incompleteTurn: { enabled: false } }, 50],
    [{ run: { maxModelCalls: 5 } }, 5],
  ])('for %j is %i', (options, expected) => {
    expect(worstCaseModelCalls(options)).toBe(expected);
  });

  // The resolver alone (no driver, so no plan bookkeeping): the stall part of the bound.
  it('matches what the resolver allows a model that never acts, from either mode', () => {
    for (const options of [
      {},
      { autoContinue: { enabled: true } },
      {
        autoContinue: { enabled: true, maxCycles: 1 },
        incompleteTurn: {
          retryLimits: { planningOnly: 2, singleActionNarration: 1, reasoningOnly: 0, empty: 3 },
        },
      },
      {
        incompleteTurn: {
          retryLimits: { planAckOnly: 9, planningOnly: 0, singleActionNarration: 0 },
        },
      },
    ]) {
      const cap = { ...options, run: { maxModelCalls: 1000, maxBookkeepingTurns: 0 } };
      expect(Math.max(adversary(cap, false), adversary(cap, true)), JSON.stringify(options)).toBe(
        worstCaseModelCalls(cap),
      );
    }
  });
});
