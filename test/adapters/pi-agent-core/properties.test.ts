import type { AgentTool } from '@mariozechner/pi-agent-core';
import { fauxAssistantMessage, fauxToolCall, Type } from '@mariozechner/pi-ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkToolCall,
  enterPlanMode,
  exitPlanMode,
  parseSession,
  resolveOptions,
} from '../../../src/index.js';
import { plan, type Scenario, scenario, script } from './harness.js';

// Adversarial runs through a real pi Agent on pi's faux model: random turns (parallel and
// repeated-id calls, plan tools, mutating and read-only shell commands, narration) and random
// host actions (decisions with right or random ids, repeated decisions, plan mode toggled by
// the host). Every host tool checks, when it runs, that the gate allows it at that moment.

const options = { planMode: { enabled: true } };
const resolved = resolveOptions(options);
// Across all runs: the generator really reaches tools and decisions (the property is not vacuous).
const seen = { executed: 0, applied: 0 };
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

function checkedTools(get: () => Scenario | undefined, violations: string[]): AgentTool[] {
  return ['read', 'edit_file', 'exec'].map((name) => ({
    name,
    label: name,
    description: name,
    parameters: Type.Object({}, { additionalProperties: true }),
    execute: async (_id, input) => {
      const s = get();
      seen.executed += 1;
      if (s && !checkToolCall(s.store.get(), { name, input }, resolved).allowed)
        violations.push(`${name} ${JSON.stringify(input)}`);
      return { content: [{ type: 'text', text: 'ok' }], details: {} };
    },
  }));
}

describe('pi adapter properties', () => {
  it('nothing the gate blocks runs, every session parses, a decision applies once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(turn, { minLength: 1, maxLength: 6 }),
        fc.array(action, { maxLength: 4 }),
        async (turns, actions) => {
          const violations: string[] = [];
          let current: Scenario | undefined;
          const s = scenario({
            options,
            extraTools: checkedTools(() => current, violations),
            responses: responses(turns, 0),
          });
          current = s;
          const attempt = async (f: () => Promise<unknown>) => {
            try {
              await f();
            } catch {
              // The faux script ran out: nothing ran past it.
            }
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
    expect(seen.executed).toBeGreaterThan(0);
    expect(seen.applied).toBeGreaterThan(0);
  });
});
