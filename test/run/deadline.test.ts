import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createSession,
  enterPlanMode,
  type RunEvent,
  requestApproval,
  resolveApproval,
  runAgent,
  type SessionState,
  step,
} from '../../src/index.js';
import { assistant, scriptedModel, toolCall } from '../../src/testing/index.js';
import { offsetArb } from '../stored-run/deadline-property.js';
import { recordingTools, samplePlan } from './fixtures.js';

const timeoutMs = 60_000;
const options = { planMode: { enabled: true, approvalTimeoutMs: timeoutMs } };
const requestedAt = 1_000_000;
const deadline = requestedAt + timeoutMs;
const propose = () => assistant(toolCall('exit_plan_mode', samplePlan));
const write = () => assistant(toolCall('write_file', { path: 'src/parser.ts' }));

const actionArb = fc.constantFrom('approve' as const, 'reject' as const, 'edit' as const);
const decisionFor = (action: 'approve' | 'reject' | 'edit', approvalId: string) =>
  action === 'edit'
    ? { action, approvalId, plan: { title: 'Edited', steps: [{ text: 'Go' }] } }
    : { action, approvalId };
/** A decision time: at or after the request, around the deadline. */
const timeOf = (offset: number) => Math.max(requestedAt, deadline + offset);

function pending(): { state: SessionState; approvalId: string } {
  const entered = enterPlanMode(createSession(options, { now: 0 }), { now: 0 });
  const r = requestApproval(entered.state, { plan: samplePlan, now: requestedAt });
  if (!r.applied) throw new Error(r.message);
  return { state: r.state, approvalId: r.approvalId };
}

/** A session runAgent parked on its plan at `requestedAt`. */
async function parked() {
  const result = await runAgent(
    { model: scriptedModel([propose()]), tools: recordingTools(), options, now: () => requestedAt },
    createSession(options, { now: 0 }),
    { message: 'Fix the parser.' },
  );
  if (result.status !== 'awaiting_approval') throw new Error(result.status);
  return { session: result.session, approvalId: result.approval.approvalId };
}

describe('the approval deadline binds at the moment of every decision', () => {
  it('resolveApproval: at the deadline the decision is approval_timed_out and the state carries the timeout', () => {
    const { state, approvalId } = pending();
    const r = resolveApproval(
      state,
      { action: 'approve', approvalId },
      { now: deadline, timeoutMs },
    );
    expect(r).toMatchObject({ applied: false, reason: 'approval_timed_out' });
    expect(r.state.planMode).toMatchObject({ mode: 'plan', approval: 'timed_out' });
    const early = resolveApproval(
      state,
      { action: 'approve', approvalId },
      { now: deadline - 1, deadline },
    );
    expect(early).toMatchObject({ applied: true, code: 'approved' });
  });

  it('resolveApproval: the timeout itself still applies after the deadline; stale ids stay stale', () => {
    const { state, approvalId } = pending();
    const at = { now: deadline + 5, deadline };
    expect(resolveApproval(state, { action: 'timeout', approvalId }, at)).toMatchObject({
      applied: true,
      code: 'timed_out',
    });
    const stale = resolveApproval(state, { action: 'approve', approvalId: 'other' }, at);
    expect(stale).toMatchObject({ applied: false, reason: 'stale_id' });
    expect(stale.state).toBe(state);
  });

  it('resolveApproval: a bad deadline is refused as invalid_state, never a throw', () => {
    const { state, approvalId } = pending();
    for (const deadline of [-1, 1.5, Number.NaN, '5' as unknown as number])
      expect(
        resolveApproval(state, { action: 'approve', approvalId }, { now: 1, deadline }),
      ).toMatchObject({ applied: false, reason: 'invalid_state' });
  });

  it('property (resolveApproval, step): random decision times around the deadline', () => {
    const { state, approvalId } = pending();
    fc.assert(
      fc.property(offsetArb, actionArb, fc.boolean(), (offset, action, explicit) => {
        const now = timeOf(offset);
        const decision = decisionFor(action, approvalId);
        const late = now >= deadline;
        const r = resolveApproval(
          state,
          decision,
          explicit ? { now, deadline } : { now, timeoutMs },
        );
        expect(r.applied).toBe(!late);
        if (late) expect(r).toMatchObject({ reason: 'approval_timed_out' });
        const input = { type: 'approval_decision' as const, decision, now };
        const out = step(state, explicit ? { ...input, deadline } : input, { options });
        const approved = out.session.planMode.mode === 'normal';
        expect(approved).toBe(!late && action !== 'reject');
        if (late) {
          expect(out.session.planMode.approval).toBe('timed_out');
          expect(out.effect).toMatchObject({
            type: 'finish',
            outcome: { status: 'completed', reason: 'approval_timed_out' },
          });
          expect(out.events).toContainEqual(
            expect.objectContaining({ type: 'approval_ignored', reason: 'approval_timed_out' }),
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it('step: an explicit deadline wins over the options', () => {
    const { state, approvalId } = pending();
    const decision = {
      type: 'approval_decision' as const,
      decision: { action: 'approve' as const, approvalId },
    };
    const longer = step(
      state,
      { ...decision, now: deadline + 10, deadline: deadline + 11 },
      { options },
    );
    expect(longer.session.planMode.approval).toBe('approved');
    const shorter = step(
      state,
      { ...decision, now: requestedAt + 10, deadline: requestedAt + 10 },
      { options },
    );
    expect(shorter.session.planMode.approval).toBe('timed_out');
    const bad = step(state, { ...decision, now: 1, deadline: -1 }, { options });
    expect(bad.effect).toMatchObject({ type: 'finish', outcome: { reason: 'invalid_input' } });
  });

  it('property (runAgent with { decision }): before the deadline the plan runs, at or after it nothing does', async () => {
    const { session, approvalId } = await parked();
    await fc.assert(
      fc.asyncProperty(offsetArb, actionArb, async (offset, action) => {
        const now = timeOf(offset);
        const tools = recordingTools();
        const result = await runAgent(
          { model: scriptedModel([write(), assistant('Done.')]), tools, options, now: () => now },
          session,
          { decision: decisionFor(action, approvalId) },
        );
        if (now >= deadline) {
          expect(result).toMatchObject({ status: 'completed', reason: 'approval_timed_out' });
          expect(result.session.planMode.approval).toBe('timed_out');
          expect(tools.executed).toEqual([]);
        } else if (action !== 'reject')
          expect(tools.executed.map((c) => c.name)).toEqual(['write_file']);
      }),
      { numRuns: 40 },
    );
  });

  it('runAgent: a handler that answers after the deadline (by the host clock) runs nothing', async () => {
    let t = requestedAt;
    const tools = recordingTools();
    const events: RunEvent[] = [];
    const result = await runAgent(
      {
        model: scriptedModel([propose(), write()]),
        tools,
        options,
        now: () => t,
        onEvent: (e) => events.push(e),
        approvals: async (request) => {
          t = deadline; // the user answers exactly at the deadline
          return { action: 'approve' as const, approvalId: request.approvalId };
        },
      },
      createSession(options, { now: 0 }),
      { message: 'Fix the parser.' },
    );
    expect(result).toMatchObject({ status: 'completed', reason: 'approval_timed_out' });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'approval_ignored', reason: 'approval_timed_out' }),
    );
    expect(tools.executed).toEqual([]);
  });
});
