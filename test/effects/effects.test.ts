import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterIntent, checkDecision, performModelCall } from '../../src/effects/index.js';
import { createSession, requestApproval, resolveApproval } from '../../src/index.js';
import { assistant } from '../../src/testing/index.js';

const plan = { title: 'Write the file', steps: [{ text: 'Write it' }] };

function parked() {
  const s = createSession({ planMode: { enabled: true } }, { now: 1 });
  return requestApproval(s, { plan, now: 2, approvalId: 'ap-1' }).state;
}

describe('afterIntent', () => {
  it('runs a call without a prior intent as attempt 1, whatever its delivery', () => {
    expect(afterIntent('at-most-once', undefined)).toEqual({ action: 'run', attempt: 1 });
    expect(afterIntent('at-least-once', undefined)).toEqual({ action: 'run', attempt: 1 });
  });

  it('never runs an at-most-once call again; runs an at-least-once call as the next attempt', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (attempt) => {
        expect(afterIntent('at-most-once', { attempt })).toEqual({ action: 'report', attempt });
        expect(afterIntent('at-least-once', { attempt })).toEqual({
          action: 'run',
          attempt: attempt + 1,
        });
      }),
    );
  });
});

describe('checkDecision', () => {
  it('applies a decision on the pending plan and gives the state after it', () => {
    const check = checkDecision(parked(), { action: 'approve', approvalId: 'ap-1' }, 3);
    expect(check.applies).toBe(true);
    if (check.applies) expect(check.session.planMode.approval).toBe('approved');
  });

  it('refuses the same decision again as duplicate, and any other as ignored with its reason', () => {
    const decided = resolveApproval(
      parked(),
      { action: 'approve', approvalId: 'ap-1' },
      { now: 3 },
    );
    if (!decided.applied) throw new Error('setup');
    expect(
      checkDecision(decided.state, { action: 'approve', approvalId: 'ap-1' }, 4),
    ).toMatchObject({
      applies: false,
      outcome: 'duplicate',
      reason: 'duplicate_decision',
    });
    expect(checkDecision(decided.state, { action: 'reject', approvalId: 'ap-1' }, 4)).toMatchObject(
      {
        applies: false,
        outcome: 'ignored',
        reason: 'already_decided',
      },
    );
    const timedOut = resolveApproval(
      parked(),
      { action: 'timeout', approvalId: 'ap-1' },
      { now: 9 },
    );
    if (!timedOut.applied) throw new Error('setup');
    expect(
      checkDecision(timedOut.state, { action: 'approve', approvalId: 'ap-1' }, 10),
    ).toMatchObject({ applies: false, outcome: 'ignored', reason: 'approval_timed_out' });
    expect(checkDecision(parked(), { action: 'approve', approvalId: 'other' }, 4)).toMatchObject({
      applies: false,
      outcome: 'ignored',
    });
  });

  it('agrees with resolveApproval on every decision: applies exactly when it applies', () => {
    const decision = fc.record({
      action: fc.constantFrom('approve', 'reject', 'timeout', 'edit', 'bogus'),
      approvalId: fc.constantFrom('ap-1', 'ap-2', ''),
    });
    fc.assert(
      fc.property(fc.array(decision, { maxLength: 4 }), decision, (before, d) => {
        let s = parked();
        for (const b of before) {
          const r = resolveApproval(s, b, { now: 5 });
          if (r.applied) s = r.state;
        }
        const r = resolveApproval(s, d, { now: 6 });
        const check = checkDecision(s, d, 6);
        expect(check.applies).toBe(r.applied);
        if (!check.applies && !r.applied)
          expect(check.outcome).toBe(r.reason === 'duplicate_decision' ? 'duplicate' : 'ignored');
      }),
    );
  });
});

describe('performModelCall', () => {
  const at = (signal: AbortSignal) => ({ signal, now: () => 7, newId: () => 'id-1' });

  it('turns a reply into a model_response with a fresh approval id and question id', async () => {
    const input = await performModelCall(
      async () => assistant('hi'),
      { messages: [], system: [], tools: [] },
      at(new AbortController().signal),
    );
    expect(input).toEqual({
      type: 'model_response',
      message: assistant('hi'),
      now: 7,
      approvalId: 'id-1',
      questionId: 'id-1',
    });
  });

  it('turns a throw into a model_error, and anything after an abort into an abort', async () => {
    const request = { messages: [], system: [], tools: [] };
    const failed = await performModelCall(
      async () => {
        throw new Error('down');
      },
      request,
      at(new AbortController().signal),
    );
    expect(failed).toEqual({ type: 'model_error', error: 'down', now: 7 });
    const controller = new AbortController();
    const aborted = await performModelCall(
      async () => {
        controller.abort();
        return assistant('late');
      },
      request,
      at(controller.signal),
    );
    expect(aborted).toEqual({ type: 'abort', now: 7 });
  });
});
