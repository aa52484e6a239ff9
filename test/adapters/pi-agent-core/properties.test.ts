import type { AgentTool, BeforeToolCallContext } from '@mariozechner/pi-agent-core';
import { fauxAssistantMessage, fauxToolCall, Type } from '@mariozechner/pi-ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPlanfirstPi } from '../../../src/adapters/pi-agent-core/index.js';
import {
  checkToolCall,
  enterPlanMode,
  exitPlanMode,
  memorySessionStore,
  parseSession,
  resolveOptions,
  worstCaseModelCalls,
} from '../../../src/index.js';
import { type Fault, faultArbitrary } from '../faults.js';
import { plan, type Scenario, scenario, script } from './harness.js';

// Adversarial runs through a real pi Agent on pi's faux model: random turns (parallel and
// repeated-id calls, plan tools, mutating and read-only shell commands, narration) and random
// host actions (decisions with right or random ids, repeated decisions, plan mode toggled by
// the host) and faults (a host tool throws, or hangs until the agent is aborted; the host aborts
// after a tool completed or from inside planfirst's onEvent). Every host tool checks, when it
// runs, that the gate allows it at that moment; every result a tool returned must be in the
// transcript as it returned it; a session stored as JSON and parsed back must give a fresh
// adapter the same next effect (the same pending approval, the same gate verdicts).

// A low cap, so scripts reach it: then both bounds are 4 (a model that never acts stays within
// worstCaseModelCalls, one that keeps working is stopped by maxModelCalls).
const options = { planMode: { enabled: true }, run: { maxModelCalls: 4 } };
const resolved = resolveOptions(options);
// Across all runs: the generator really reaches tools and decisions (the property is not vacuous).
const seen = {
  executed: 0,
  applied: 0,
  thrown: 0,
  hung: 0,
  abortedAfterTool: 0,
  abortedInEvent: 0,
  resultsChecked: 0,
  capped: 0,
};
// Faults, each at the n-th host tool execution or planfirst event of the whole run.
const fault = faultArbitrary(3);
const probes = [
  ['edit_file', { path: 'a.ts', content: 'x' }],
  ['exec', { command: 'rm -rf build' }],
  ['exec', { command: 'ls' }],
  ['read', { path: 'a.ts' }],
] as const;
const commands = ['ls', 'cat a.ts', 'rm -rf build', 'echo x > a.ts', 'git log -1'];
const call = fc.oneof(
  fc.constant(['read', { path: 'a.ts' }] as const),
  fc.constant(['edit_file', { path: 'a.ts', content: 'x' }] as const),
  fc.constantFrom(...commands).map((command) => ['exec', { command }] as const),
  fc
    .constantFrom(...commands)
    .map((command) => ['exec', { command, env: { BASH_ENV: 'a' } }] as const),
  fc.constant(['exit_plan_mode', plan] as const),
  fc.constant(['update_plan', { updates: [{ id: '1', status: 'completed' }] }] as const),
);
const turn = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      calls: fc.array(call, { minLength: 1, maxLength: 3 }),
      ids: fc.constantFrom('unique', 'same', 'empty'),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ text: 'Done.' }) },
);
const action = fc.record({
  kind: fc.constantFrom('approve', 'reject', 'timeout', 'toggle'),
  id: fc.constantFrom('right', 'random'),
  twice: fc.boolean(),
  turns: fc.array(turn, { maxLength: 3 }),
});

type Turn = typeof turn extends fc.Arbitrary<infer T> ? T : never;

function responses(turns: readonly Turn[], offset: number) {
  return turns.map((t, n) =>
    'text' in t
      ? fauxAssistantMessage(t.text)
      : fauxAssistantMessage(
          t.calls.map(([name, input], i) =>
            fauxToolCall(name, input, {
              id: t.ids === 'same' ? 'same' : t.ids === 'empty' ? '' : `c${offset + n}-${i}`,
            }),
          ),
          { stopReason: 'toolUse' },
        ),
  );
}

interface Faults {
  at: (kind: Fault['kind'], n: number) => boolean;
  executions: number;
  completed: string[];
}

function checkedTools(
  get: () => Scenario | undefined,
  violations: string[],
  faults: Faults,
): AgentTool[] {
  return ['read', 'edit_file', 'exec'].map((name) => ({
    name,
    label: name,
    description: name,
    parameters: Type.Object({}, { additionalProperties: true }),
    execute: async (_id, input, signal) => {
      const s = get();
      seen.executed += 1;
      if (s && !checkToolCall(s.store.get(), { name, input }, resolved).allowed)
        violations.push(`${name} ${JSON.stringify(input)}`);
      const n = faults.executions++;
      if (faults.at('throw', n)) {
        seen.thrown++;
        throw new Error('the tool crashed');
      }
      if (faults.at('hang', n)) {
        // A tool that never finishes on its own: the host aborts the agent.
        seen.hung++;
        setTimeout(() => s?.agent.abort(), 0);
        await new Promise((_resolve, reject) => {
          if (signal?.aborted) reject(new Error('aborted'));
          signal?.addEventListener('abort', () => reject(new Error('aborted')));
        });
      }
      const text = `ok ${n}`;
      faults.completed.push(text);
      if (faults.at('abort_after_tool', n)) {
        seen.abortedAfterTool++;
        s?.agent.abort();
      }
      return { content: [{ type: 'text', text }], details: {} };
    },
  }));
}

// Every result a host tool returned is in the transcript, as it returned it.
function lostResults(s: Scenario, completed: readonly string[]): string[] {
  const kept = new Set(
    s.agent.state.messages.flatMap((m) =>
      m.role === 'toolResult' && !m.isError
        ? m.content.map((b) => (b.type === 'text' ? b.text : ''))
        : [],
    ),
  );
  seen.resultsChecked += completed.length;
  return completed.filter((text) => !kept.has(text));
}

// A fresh adapter over the session stored as JSON and parsed back decides as the live one.
async function checkReload(s: Scenario): Promise<void> {
  const session = parseSession(JSON.parse(JSON.stringify(s.store.get())));
  const fresh = createPlanfirstPi({ store: memorySessionStore(session), options });
  expect(fresh.pendingApproval()).toEqual(s.planfirst.pendingApproval());
  for (const [name, input] of probes) {
    const verdict = await fresh.beforeToolCall({
      toolCall: { type: 'toolCall', id: 'probe', name, arguments: input },
      args: input,
      context: { systemPrompt: '', messages: [], tools: [] },
    } as unknown as BeforeToolCallContext);
    expect(verdict?.block === true).toBe(
      !checkToolCall(s.store.get(), { name, input }, resolved).allowed,
    );
  }
}

describe('pi adapter properties', () => {
  it('under faults: nothing the gate blocks runs, completed results survive, every session parses and reloads to the same next effect, a decision applies once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(turn, { minLength: 1, maxLength: 8 }),
        fc.array(action, { maxLength: 4 }),
        fc.array(fault, { maxLength: 3 }),
        async (turns, actions, faultList) => {
          const violations: string[] = [];
          let current: Scenario | undefined;
          const faults: Faults = {
            at: (kind, n) => faultList.some((f) => f.kind === kind && f.at === n),
            executions: 0,
            completed: [],
          };
          let events = 0;
          const s = scenario({
            options,
            extraTools: checkedTools(() => current, violations, faults),
            responses: responses(turns, 0),
            onEvent: () => {
              if (faults.at('abort_in_event', events++)) {
                seen.abortedInEvent++;
                current?.agent.abort();
              }
            },
          });
          current = s;
          const attempt = async (f: () => Promise<unknown>) => {
            const before = s.requests.length;
            try {
              await f();
            } catch {
              // The faux script ran out: nothing ran past it.
            }
            // One prompt or decision is one run (no approvals handler injects another).
            expect(s.requests.length - before).toBeLessThanOrEqual(resolved.run.maxModelCalls);
            expect(s.requests.length - before).toBeLessThanOrEqual(worstCaseModelCalls(options));
            if (s.planfirst.outcome().status === 'budget_exhausted') seen.capped++;
            expect(lostResults(s, faults.completed)).toEqual([]);
            await checkReload(s);
          };
          await attempt(() => s.agent.prompt('Fix a.ts'));
          let offset = turns.length;
          for (const a of actions) {
            script(s, responses(a.turns, offset));
            offset += a.turns.length;
            if (a.kind === 'toggle') {
              // The host's own switch, through the public transitions.
              const state = s.store.get();
              const t =
                state.planMode.mode === 'plan'
                  ? exitPlanMode(state, { now: 1_000 })
                  : enterPlanMode(state, { now: 1_000 });
              s.store.set(t.state);
              await attempt(() => s.agent.prompt('Go on.'));
            } else {
              const pending = s.planfirst.pendingApproval();
              const approvalId = a.id === 'right' ? (pending?.approvalId ?? 'none') : 'not-an-id';
              const decision =
                a.kind === 'approve'
                  ? { action: 'approve' as const, approvalId }
                  : a.kind === 'reject'
                    ? { action: 'reject' as const, approvalId, feedback: 'No.' }
                    : { action: 'timeout' as const, approvalId };
              let first: { applied: boolean } = { applied: false };
              await attempt(async () => {
                first = await s.planfirst.resolveApproval(decision);
              });
              if (first.applied) seen.applied += 1;
              if (a.twice && first.applied) {
                const requests = s.requests.length;
                const again = await s.planfirst.resolveApproval(decision);
                expect(again.applied).toBe(false);
                expect(s.requests.length).toBe(requests);
              }
            }
            expect(() => parseSession(JSON.parse(JSON.stringify(s.store.get())))).not.toThrow();
          }
          expect(violations).toEqual([]);
          expect(() => parseSession(JSON.parse(JSON.stringify(s.store.get())))).not.toThrow();
        },
      ),
      { seed: 20261203, numRuns: 40 },
    );
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(0);
  });
});
