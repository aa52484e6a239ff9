import { describe, expect, it } from 'vitest';
import {
  ackFastPathInstruction,
  createSession,
  resetRunBudgets,
  resolveIncompleteTurn,
  type SessionState,
} from '../../src/index.js';
import {
  acting,
  emptyTurn,
  narration,
  planAck,
  question,
  readingTwice,
  singleAction,
  thinkingOnly,
} from './stalls.js';
import { turn } from './turns.js';

const normal = () => createSession();
const planning = () => createSession({ planMode: { enabled: true } });

function run(
  state: SessionState,
  turns: readonly Parameters<typeof resolveIncompleteTurn>[1][],
  options = {},
) {
  const results = [];
  let s = state;
  for (const t of turns) {
    const r = resolveIncompleteTurn(s, t, options);
    results.push(r);
    s = r.state;
  }
  return { results, state: s };
}

describe('escalation', () => {
  it.each([
    [1, ['final']],
    [2, ['standard', 'final']],
    [3, ['standard', 'firm', 'final']],
    [5, ['standard', 'firm', 'firm', 'firm', 'final']],
  ])('limit %i: tiers %j with real counts, then blocked', (limit, tiers) => {
    const options = { incompleteTurn: { retryLimits: { planningOnly: limit } } };
    const { results } = run(normal(), Array(limit + 1).fill(narration), options);
    const retries = results.slice(0, limit);
    expect(retries.map((r) => r.outcome)).toEqual(Array(limit).fill('retry'));
    expect(retries.map((r) => r.instruction?.tier)).toEqual(tiers);
    retries.forEach((r, i) => {
      expect(r.instruction).toMatchObject({ kind: 'planning-only', attempt: i + 1, limit });
      expect(r.instruction?.text).toContain(`retry ${i + 1} of ${limit}`);
    });
    const last = results[limit];
    expect(last?.outcome).toBe('blocked');
    expect(last?.instruction).toBeUndefined();
    expect(last?.message).toContain('Nothing was changed');
  });

  it('a limit of 0 blocks at once', () => {
    const r = resolveIncompleteTurn(normal(), narration, {
      incompleteTurn: { retryLimits: { planningOnly: 0 } },
    });
    expect(r.outcome).toBe('blocked');
  });

  it('acting resets the counters', () => {
    const { state } = run(normal(), [narration, narration, acting]);
    expect(state.incompleteTurn.attempts).toEqual({});
    const again = resolveIncompleteTurn(state, narration);
    expect(again.instruction).toMatchObject({ attempt: 1, tier: 'standard' });
  });

  it('counts each kind against its own limit', () => {
    const { results } = run(normal(), [
      narration,
      singleAction,
      thinkingOnly,
      emptyTurn,
      emptyTurn,
    ]);
    expect(results.map((r) => r.instruction?.kind ?? r.outcome)).toEqual([
      'planning-only',
      'single-action-narration',
      'reasoning-only',
      'empty',
      'blocked',
    ]);
    expect(results[4]?.message).toContain('neither an answer nor an action');
  });

  it('words the blocked message differently once something was changed', () => {
    const { results } = run(normal(), [acting, narration, narration, narration, narration]);
    expect(results.at(-1)?.outcome).toBe('blocked');
    expect(results.at(-1)?.message).toContain('already made changes');
  });

  it('never retries answers, questions or turns that must not be retried', () => {
    for (const t of [
      question,
      turn('Fixed. All 214 tests pass.'),
      turn("I'll retry.", { aborted: true, stopReason: 'aborted' }),
      turn("I'll retry.", { timedOut: true }),
      turn("I'll retry.", { toolError: true }),
      turn("I'll retry.", { sideEffects: true }),
      turn("I'll continue.", { stopReason: 'length' }),
      turn("I'll continue.", { stopReason: 'error' }),
    ]) {
      const r = resolveIncompleteTurn(normal(), t);
      expect(r.outcome, t.text).toBe('continue');
      expect(r.instruction).toBeUndefined();
    }
  });

  it('does nothing when disabled, or for models it does not apply to', () => {
    expect(
      resolveIncompleteTurn(normal(), narration, { incompleteTurn: { enabled: false } }).outcome,
    ).toBe('continue');
    const gpt5 = { incompleteTurn: { appliesTo: ['gpt-5*'] } };
    expect(
      resolveIncompleteTurn(normal(), narration, gpt5, { model: 'openai/gpt-5.4' }).outcome,
    ).toBe('retry');
    expect(resolveIncompleteTurn(normal(), narration, gpt5, { model: 'gpt-5o-mini' }).outcome).toBe(
      'retry',
    );
    expect(
      resolveIncompleteTurn(normal(), narration, gpt5, { model: 'anthropic/claude-opus-4-6' })
        .outcome,
    ).toBe('continue');
    expect(resolveIncompleteTurn(normal(), narration, gpt5).outcome).toBe('continue');
    const openai = { incompleteTurn: { appliesTo: ['openai/*'] } };
    expect(
      resolveIncompleteTurn(normal(), narration, openai, { model: 'openai/gpt-4.5' }).outcome,
    ).toBe('retry');
    expect(resolveIncompleteTurn(normal(), narration, openai, { model: 'gpt-4.5' }).outcome).toBe(
      'continue',
    );
  });
});

describe('plan mode', () => {
  it('puts no planning pressure on the model', () => {
    const r = resolveIncompleteTurn(
      planning(),
      turn(
        "Here's the plan:\n1. Add the route\n2. Store the token\nI'll submit it once you confirm.",
      ),
    );
    expect(r.outcome).toBe('continue');
    const investigating = resolveIncompleteTurn(
      planning(),
      turn("Next I'll read the router.", { toolCalls: [{ name: 'read_file', readOnly: true }] }),
    );
    expect(investigating.outcome).toBe('continue');
  });

  it('still retries an empty reply and a reasoning-only reply', () => {
    expect(resolveIncompleteTurn(planning(), emptyTurn).instruction?.kind).toBe('empty');
    expect(resolveIncompleteTurn(planning(), thinkingOnly).instruction?.kind).toBe(
      'reasoning-only',
    );
  });

  it('detects plan-ack-only and escalates with an instruction naming exit_plan_mode', () => {
    const { results } = run(planning(), [planAck, planAck, planAck]);
    expect(results.map((r) => r.instruction?.tier ?? r.outcome)).toEqual([
      'standard',
      'final',
      'blocked',
    ]);
    for (const r of results.slice(0, 2)) {
      expect(r.instruction?.kind).toBe('plan-ack-only');
      expect(r.instruction?.text).toContain('exit_plan_mode');
    }
  });

  it('counts investigating as acting', () => {
    const { state } = run(planning(), [planAck, readingTwice]);
    expect(state.incompleteTurn.attempts).toEqual({});
  });
});

describe('the ACK fast-path', () => {
  it('instructs to skip the recap on a go-ahead in normal mode', () => {
    expect(ackFastPathInstruction(normal(), 'ok do it')).toContain('Skip any recap');
    expect(
      ackFastPathInstruction(normal(), 'yes', { previousAssistantText: 'Want me to go ahead?' }),
    ).toBeDefined();
    expect(ackFastPathInstruction(normal(), 'yes')).toBeUndefined();
    expect(ackFastPathInstruction(normal(), 'ok, but why?')).toBeUndefined();
  });

  it('never fires in plan mode or when switched off', () => {
    expect(ackFastPathInstruction(planning(), 'ok do it')).toBeUndefined();
    expect(ackFastPathInstruction(planning(), 'go ahead')).toBeUndefined();
    expect(
      ackFastPathInstruction(normal(), 'ok do it', {
        options: { incompleteTurn: { ackFastPath: false } },
      }),
    ).toBeUndefined();
  });
});

describe('resetRunBudgets', () => {
  it('clears counters, cycles and the mutation flag for a new run', () => {
    const { state } = run(normal(), [acting, narration]);
    expect(state.autoContinue.mutated).toBe(true);
    const fresh = resetRunBudgets(state);
    expect(fresh.incompleteTurn.attempts).toEqual({});
    expect(fresh.autoContinue).toEqual({ cycles: 0, mutated: false });
  });
});

describe('a turn the loop carries on from (loopContinues)', () => {
  it('is never retried or counted, even when it narrates after one read', () => {
    const retried = resolveIncompleteTurn(normal(), narration);
    const working = resolveIncompleteTurn(retried.state, singleAction, {}, { loopContinues: true });
    expect(working.outcome).toBe('continue');
    expect(working.classification.kind).toBe('single-action-narration');
    expect(working.state.incompleteTurn).toEqual(retried.state.incompleteTurn);
    // Judged as a whole attempt (the flag unset), the same turn is a stall.
    expect(resolveIncompleteTurn(normal(), singleAction).outcome).toBe('retry');
  });

  it('still resets the counters when it acts, and notes mutation', () => {
    const retried = resolveIncompleteTurn(normal(), narration);
    expect(retried.state.incompleteTurn.attempts).toEqual({ 'planning-only': 1 });
    const acted = resolveIncompleteTurn(retried.state, acting, {}, { loopContinues: true });
    expect(acted.state.incompleteTurn.attempts).toEqual({});
    expect(acted.state.autoContinue.mutated).toBe(true);
  });
});
