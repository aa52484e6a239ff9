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
import { now, revisedPlan, samplePlan, strictPlanArguments } from './helpers.js';

// Adversarial runs through the real Agents SDK loop and its ScriptedModel: random turns
// (parallel and repeated-id calls, plan tools, mutating and read-only shell commands, narration)
// and random host actions on paused runs (decisions with right, stale or random ids, repeated
// decisions, runs saved and restored, resumed twice).

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
const action = fc.record({
  kind: fc.constantFrom('approve', 'reject', 'timeout'),
  id: fc.constantFrom('right', 'random'),
  restore: fc.boolean(),
  twice: fc.boolean(),
});

describe('openai-agents properties', () => {
  it('nothing the gate blocks runs, a decision executes once, model calls stay under the caps', async () => {
    const options = { planMode: { enabled: true }, run: { maxModelCalls: 12 } };
    const resolved = resolveOptions(options);
    await fc.assert(
      fc.asyncProperty(
        fc.array(turn, { minLength: 1, maxLength: 14 }),
        fc.array(action, { maxLength: 4 }),
        async (turns, actions) => {
          const store = memorySessionStore(createSession(options, { now: now() }));
          const pf = createPlanfirstAgents({ store, options, readOnlyTools: ['read_file'], now });
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
              execute: async (input) => {
                const readOnly = name === 'read_file' ? { readOnly: true } : {};
                if (!checkToolCall(store.get(), { name, input, ...readOnly }, resolved).allowed)
                  violations.push(`${name} ${JSON.stringify(input)}`);
                return 'ok';
              },
            });
          const model = new ScriptedModel(
            turns.map((t, n) =>
              'text' in t
                ? [assistantMessage(t.text)]
                : t.calls.map(([name, input], i) =>
                    functionCall(name, input, { callId: t.sameId ? 'same' : `c${n}-${i}` }),
                  ),
            ),
          );
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
            try {
              const outcome = await pf.run(agent, input);
              expect(model.calls.length - before).toBe(outcome.modelCalls);
              expect(outcome.modelCalls).toBeLessThanOrEqual(resolved.run.maxModelCalls);
              return outcome;
            } catch {
              // The script ran out, or planfirst refused a stale run: nothing ran past it.
              expect(model.calls.length - before).toBeLessThanOrEqual(resolved.run.maxModelCalls);
              return undefined;
            }
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
      { seed: 20261203, numRuns: 30 },
    );
  });
});
