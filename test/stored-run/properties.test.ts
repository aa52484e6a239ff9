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

describe('property: a worker that dies at any save, resumed by another, loses and repeats nothing it must not', () => {
  it('saved results survive unchanged, no at-most-once call runs twice, every call gets one result, the session parses', async () => {
    // Across all runs: workers really die, some after saving results, some mid-batch.
    const seen = { died: 0, savedBeforeDeath: 0, reran: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('write_file', 'charge_card', 'read_file'), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.boolean(),
        fc.nat({ max: 10 }),
        async (writes, parallel, dieAt) => {
          const base = memoryVersionedStore();
          const now = manualClock();
          const opts = { ...options, run: { parallelToolCalls: parallel } };
          const tools = recordingTools();
          const config = {
            model: conversationModel({ writes }),
            tools,
            options: opts,
            now,
            leaseMs: 1_000,
          };
          const first = await runStored({ ...config, store: base }, 's', { message: 'go' });
          if (first.outcome !== 'ran' || first.result.approval === undefined)
            throw new Error('not parked');
          const approvalId = first.result.approval.approvalId;
          // The worker dies (its save throws, nothing after it is written) at the n-th save.
          let saves = 0;
          let died = false;
          const dying: VersionedSessionStore = {
            ...base,
            save: async (id, record, expected) => {
              if (died || saves++ === dieAt) {
                died = true;
                throw new Error('worker died');
              }
              return base.save(id, record, expected);
            },
          };
          try {
            await runStored({ ...config, store: dying, workerId: 'w1' }, 's', {
              decision: { action: 'approve', approvalId },
            });
          } catch {
            // The worker died.
          }
          const atDeath = (await base.load('s'))?.record.session;
          const saved = (atDeath?.messages ?? []).flatMap((m) => (m.role === 'tool' ? [m] : []));
          if (died) seen.died++;
          if (died && saved.length > 0) seen.savedBeforeDeath++;
          now.advance(1_000);
          const resumed = await runStored({ ...config, store: base, workerId: 'w2' }, 's', {
            resume: true,
          });
          if (resumed.outcome !== 'ran') throw new Error(resumed.outcome);
          const final = parseSession((await base.load('s'))?.record.session);
          expect(final).toEqual(resumed.result.session);
          // What was saved before the death is in the final session, unchanged.
          const results = final.messages.flatMap((m) => (m.role === 'tool' ? [m] : []));
          for (const r of saved) expect(results).toContainEqual(r);
          // Every call has exactly one result.
          const ids = final.messages.flatMap((m) =>
            m.role === 'assistant'
              ? m.content.flatMap((b) => (b.type === 'tool_call' ? [b.id] : []))
              : [],
          );
          expect(results.map((r) => r.toolCallId).sort()).toEqual([...ids].sort());
          // At-most-once calls (the default for what the gate did not judge read-only) never
          // run twice, whichever worker ran them.
          for (const id of new Set(tools.executed.map((e) => e.id))) {
            const runs = tools.executed.filter((e) => e.id === id);
            if (runs[0]?.name !== 'read_file') expect(runs).toHaveLength(1);
            else if (runs.length > 1) seen.reran++;
          }
          expect(['completed', 'awaiting_approval']).toContain(resumed.result.status);
        },
      ),
      { seed: 1322, numRuns: 60 },
    );
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(0);
  });
});
