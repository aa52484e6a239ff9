import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  memoryVersionedStore,
  parseSession,
  runStored,
  sweepExpiredApprovals,
  type VersionedSessionStore,
} from '../../src/index.js';
import { conversationModel, manualClock, options, recordingTools } from './fixtures.js';

/** Every store call waits a few ms picked by the property, so workers interleave differently. */
function jittery(base: VersionedSessionStore, delays: number[]): VersionedSessionStore {
  let i = 0;
  const wait = () => new Promise((r) => setTimeout(r, delays[i++ % delays.length] ?? 0));
  return {
    ...base,
    load: async (id) => {
      await wait();
      return base.load(id);
    },
    save: async (id, record, expected) => {
      await wait();
      return base.save(id, record, expected);
    },
  };
}

describe('property: decisions and timeouts apply once, whatever the interleaving', () => {
  it('concurrent workers with any mix of decisions: one applies; writes happen once for an approval, never otherwise', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('approve', 'reject', 'timeout'), { minLength: 2, maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 8 }),
        async (actions, delays) => {
          const base = memoryVersionedStore();
          const now = manualClock();
          const tools = recordingTools();
          const setup = { store: base, model: conversationModel(), tools, options, now };
          const first = await runStored(setup, 's', { message: 'Write the file' });
          const approvalId =
            first.outcome === 'ran' ? (first.result.approval?.approvalId ?? '') : '';
          const store = jittery(base, delays);
          const results = await Promise.all(
            actions.map((action, i) =>
              runStored({ ...setup, store, workerId: `w${i}` }, 's', {
                decision: { action: action as 'approve', approvalId },
              }),
            ),
          );
          const ran = results.filter((r) => r.outcome === 'ran');
          expect(ran).toHaveLength(1);
          for (const r of results) expect(['ran', 'duplicate', 'ignored']).toContain(r.outcome);
          const session = parseSession((await base.load('s'))?.record.session);
          const decided = session.planMode.approvals?.find(
            (a) => a.approvalId === approvalId,
          )?.outcome;
          expect(tools.executed).toHaveLength(decided === 'approved' ? 1 : 0);
        },
      ),
      { seed: 1320, numRuns: 40 },
    );
  });

  it('concurrent sweeps over sessions with any deadlines: each expired approval times out once, the rest stay pending', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 2, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 5 }),
        async (requested, sweepers, delays) => {
          const base = memoryVersionedStore();
          const model = conversationModel();
          for (const [i, at] of requested.entries())
            await runStored(
              { store: base, model, tools: recordingTools(), options, now: () => at },
              `s${i}`,
              {
                message: 'Write the file',
              },
            );
          const timeoutMs = 1_800_000;
          const sweepAt = 5 + timeoutMs;
          const store = jittery(base, delays);
          const reports = await Promise.all(
            Array.from({ length: sweepers }, (_, i) =>
              sweepExpiredApprovals({
                store,
                options,
                now: () => sweepAt,
                batch: 2,
                workerId: `w${i}`,
              }),
            ),
          );
          const timedOut = reports
            .flat()
            .filter((e) => e.code === 'timed_out')
            .map((e) => e.sessionId);
          const expired = requested.flatMap((at, i) =>
            at + timeoutMs <= sweepAt ? [`s${i}`] : [],
          );
          expect(timedOut.sort()).toEqual(expired.sort());
          for (const [i] of requested.entries()) {
            const s = parseSession((await base.load(`s${i}`))?.record.session);
            expect(s.planMode.approval).toBe(expired.includes(`s${i}`) ? 'timed_out' : 'pending');
            expect(
              s.messages.filter((m) => m.role === 'user' && m.kind === 'plan_timed_out'),
            ).toHaveLength(expired.includes(`s${i}`) ? 1 : 0);
          }
        },
      ),
      { seed: 1321, numRuns: 30 },
    );
  });
});
