import { Agent, RunState, tool } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPlanfirstAgents } from '../../../src/adapters/openai-agents/index.js';
import {
  checkToolCall,
  createSession,
  memorySessionStore,
  parseSession,
  resolveOptions,
  worstCaseModelCalls,
} from '../../../src/index.js';
import { type Fault, faultArbitrary } from '../faults.js';
import { now, revisedPlan, samplePlan, strictPlanArguments } from './helpers.js';

// Adversarial runs through the real Agents SDK loop and its ScriptedModel: random turns
// (parallel and repeated-id calls, plan tools, mutating and read-only shell commands, narration)
// and random host actions on paused runs (decisions with right, stale or random ids, repeated
// decisions, runs saved and restored, resumed twice) and faults (a tool throws, or hangs until
// the run is aborted; the host aborts after a tool completed or from inside onEvent). A run that
// returns carries every result a tool returned; a paused run saved as a string and a session
// stored as JSON, restored, give the same pending approval as the live ones.

const commands = ['ls', 'cat a.ts', 'rm -rf build', 'echo x > a.ts', 'git log -1'];
const call = fc.oneof(
  fc.constant(['read_file', { path: 'a.ts' }] as const),
  fc.constant(['write_file', { path: 'a.ts', content: 'x' }] as const),
  fc.constantFrom(...commands).map((command) => ['bash', { command }] as const),
  fc
    .constantFrom(samplePlan, revisedPlan)
    .map((p) => ['exit_plan_mode', strictPlanArguments(p)] as const),
  fc.constant(['update_plan', { updates: [{ id: '1', status: 'completed' }], add: null }] as const),
);
const turn = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      calls: fc.array(call, { minLength: 1, maxLength: 3 }),
      sameId: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ text: 'Done.' }) },
);
// Faults, each at the n-th tool execution or adapter event of the whole conversation.
const fault = faultArbitrary(2);
// Across all runs: the faults really happen and results really get checked (not vacuous).
const seen = {
  thrown: 0,
  hung: 0,
  abortedAfterTool: 0,
  abortedInEvent: 0,
  resultsChecked: 0,
  reloadsChecked: 0,
};
const action = fc.record({
  kind: fc.constantFrom('approve', 'reject', 'timeout'),
  id: fc.constantFrom('right', 'random'),
  restore: fc.boolean(),
  twice: fc.boolean(),
});

describe('openai-agents properties', () => {
  it('under faults: nothing the gate blocks runs, completed results survive, a decision executes once, model calls stay under both caps, restored runs and sessions give the same next effect', async () => {
    const options = { planMode: { enabled: true }, run: { maxModelCalls: 10 } };
    const resolved = resolveOptions(options);
    // With these options both bounds are 10: a model that never acts stays within
    // worstCaseModelCalls, and one that keeps working is stopped by maxModelCalls.
    expect(worstCaseModelCalls(options)).toBe(resolved.run.maxModelCalls);
    await fc.assert(
      fc.asyncProperty(
        fc.array(turn, { minLength: 1, maxLength: 14 }),
        fc.array(action, { maxLength: 4 }),
        fc.array(fault, { maxLength: 3 }),
        async (turns, actions, faults) => {
          const faultAt = (kind: Fault['kind'], n: number) =>
            faults.some((f) => f.kind === kind && f.at === n);
          let controller = new AbortController();
          let executions = 0;
          let events = 0;
          let completed: string[] = [];
          const store = memorySessionStore(createSession(options, { now: now() }));
          const onEvent = () => {
            if (faultAt('abort_in_event', events++)) {
              seen.abortedInEvent++;
              controller.abort();
            }
          };
          const pf = createPlanfirstAgents({
            store,
            options,
            readOnlyTools: ['read_file'],
            now,
            onEvent,
          });
          const violations: string[] = [];
          const make = (name: string) =>
            tool({
              name,
              description: name,
              parameters: {
                type: 'object',
                properties: {
                  path: { type: 'string' },
                  content: { type: 'string' },
                  command: { type: 'string' },
                },
                required: [],
                additionalProperties: true,
              },
              strict: false,
              execute: async (input, _context, details) => {
                const readOnly = name === 'read_file' ? { readOnly: true } : {};
                if (!checkToolCall(store.get(), { name, input, ...readOnly }, resolved).allowed)
                  violations.push(`${name} ${JSON.stringify(input)}`);
                const n = executions++;
                if (faultAt('throw', n)) {
                  seen.thrown++;
                  throw new Error('the tool crashed');
                }
                const signal = details?.signal;
                if (faultAt('hang', n)) {
                  // A tool that never finishes on its own: the host aborts the run.
                  seen.hung++;
                  setTimeout(() => controller.abort(), 0);
                  await new Promise((_resolve, reject) => {
                    if (signal?.aborted) reject(new Error('aborted'));
                    signal?.addEventListener('abort', () => reject(new Error('aborted')));
                  });
                }
                const result = `ok ${n}`;
                completed.push(result);
                if (faultAt('abort_after_tool', n)) {
                  seen.abortedAfterTool++;
                  controller.abort();
                }
                return result;
              },
            });
          // The script ends in answers, so most runs return (and their results get checked).
          const model = new ScriptedModel([
            ...turns.map((t, n) =>
              'text' in t
                ? [assistantMessage(t.text)]
                : t.calls.map(([name, input], i) =>
                    functionCall(name, input, { callId: t.sameId ? 'same' : `c${n}-${i}` }),
                  ),
            ),
            ...Array.from({ length: 6 }, () => [assistantMessage('Done: a.ts is fixed.')]),
          ]);
          const agent = new Agent({
            name: 'coder',
            instructions: pf.instructions('Be careful.'),
            tools: [
              ...pf.wrapTools([make('read_file'), make('write_file'), make('bash')]),
              ...pf.planTools,
            ],
            model,
          });
          const run = async (input: Parameters<typeof pf.run>[1]) => {
            const before = model.calls.length;
            controller = new AbortController();
            completed = [];
            let outcome: Awaited<ReturnType<typeof pf.run>>;
            try {
              outcome = await pf.run(agent, input, { runOptions: { signal: controller.signal } });
            } catch {
              // The script ran out, the host aborted, or planfirst refused a stale run: nothing
              // ran past it.
              expect(model.calls.length - before).toBeLessThanOrEqual(resolved.run.maxModelCalls);
              return undefined;
            }
            expect(model.calls.length - before).toBe(outcome.modelCalls);
            expect(outcome.modelCalls).toBeLessThanOrEqual(resolved.run.maxModelCalls);
            expect(outcome.modelCalls).toBeLessThanOrEqual(worstCaseModelCalls(options));
            // Every result a tool returned is in the run's history, as it returned it.
            const outputs = JSON.stringify(outcome.result?.history ?? []);
            for (const result of completed) {
              seen.resultsChecked++;
              expect(outputs).toContain(result);
            }
            if (outcome.status === 'awaiting_approval') await checkRestore(outcome);
            return outcome;
          };
          // A paused run saved as a string, and the session stored as JSON under a fresh
          // adapter, wait on the same approval as the live run and session.
          const checkRestore = async (outcome: { result: { state: RunState<unknown, Agent> } }) => {
            const restored = await RunState.fromString(agent, outcome.result.state.toString());
            const live = pf.pendingApproval(outcome.result.state);
            expect(pf.pendingApproval(restored)).toEqual(live);
            const fresh = createPlanfirstAgents({
              store: memorySessionStore(parseSession(JSON.parse(JSON.stringify(store.get())))),
              options,
              readOnlyTools: ['read_file'],
              now,
            });
            expect(fresh.pendingApproval(restored)).toEqual(live);
            seen.reloadsChecked++;
          };
          let outcome = await run('Fix a.ts');
          for (const a of actions) {
            if (outcome?.status !== 'awaiting_approval') break;
            const saved = outcome.result.state.toString();
            const state = a.restore
              ? await RunState.fromString(agent, saved)
              : outcome.result.state;
            const approvalId = a.id === 'right' ? outcome.approval.approvalId : 'not-an-id';
            const decision =
              a.kind === 'approve'
                ? { action: 'approve' as const, approvalId }
                : a.kind === 'reject'
                  ? { action: 'reject' as const, approvalId, feedback: 'No.' }
                  : { action: 'timeout' as const, approvalId };
            const first = pf.decide(state, decision);
            if (a.twice) expect(pf.decide(state, decision).applied).toBe(false);
            if (!first.applied) break;
            const next = await run(state);
            if (a.twice) {
              const copy = await RunState.fromString(agent, saved);
              expect(pf.decide(copy, decision).applied).toBe(false);
              await expect(pf.run(agent, copy)).rejects.toThrow(/stale_run/);
            }
            outcome = next;
          }
          expect(violations).toEqual([]);
          expect(() => parseSession(store.get())).not.toThrow();
          expect(worstCaseModelCalls(options)).toBeLessThanOrEqual(resolved.run.maxModelCalls);
        },
      ),
      { seed: 20261203, numRuns: 100 },
    );
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(0);
  });
});
