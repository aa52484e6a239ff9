import { generateText, type ModelMessage, type ToolExecutionOptions, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPlanfirstAiSdk } from '../../../src/adapters/ai-sdk/index.js';
import {
  checkToolCall,
  createSession,
  enterPlanMode,
  memorySessionStore,
  parseSession,
  resolveOptions,
  worstCaseModelCalls,
} from '../../../src/index.js';
import { type Fault, faultArbitrary } from '../faults.js';

// Adversarial runs through the real generateText loop and the SDK's own mock model: random
// replies (parallel, duplicate-id and plan-tool calls, mutating and read-only shell commands),
// random host actions between calls (answers with right, stale or forged ids, repeated
// answers, plan mode turned back on, a fresh adapter on a reloaded session) and faults: the
// model throws, a host tool throws or hangs until the run is aborted, the host aborts after a
// tool completed or from inside onEvent.

type Reply = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const plans = [
  { title: 'Fix it', steps: [{ text: 'Edit a.ts' }] },
  { title: 'Fix it better', steps: [{ text: 'Test' }, { text: 'Edit a.ts' }] },
];
const commands = [
  'ls',
  'cat a.ts',
  'rm -rf build',
  'echo x > a.ts',
  'git status',
  'sed -i s/a/b/ a.ts',
];

const call = fc.oneof(
  fc.record({ name: fc.constant('read_file'), input: fc.constant({ path: 'a.ts' }) }),
  fc.record({
    name: fc.constant('write_file'),
    input: fc.constant({ path: 'a.ts', content: 'x' }),
  }),
  fc.record({
    name: fc.constant('bash'),
    input: fc.constantFrom(...commands).map((command) => ({ command })),
  }),
  fc.record({ name: fc.constant('exit_plan_mode'), input: fc.constantFrom(...plans) }),
  fc.record({
    name: fc.constant('update_plan'),
    input: fc.constant({ updates: [{ id: '1', status: 'completed' }] }),
  }),
);
const reply = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      calls: fc.array(call, { minLength: 1, maxLength: 3 }),
      sameId: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ text: 'Done.' }) },
  { weight: 1, arbitrary: fc.constant({ fault: true }) },
);
const action = fc.oneof(
  fc.record({
    kind: fc.constant('answer'),
    approved: fc.boolean(),
    target: fc.constantFrom('last', 'first', 'forged'),
    timedOut: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('repeat') }),
  fc.record({ kind: fc.constant('plan_on') }),
  fc.record({ kind: fc.constant('reload') }),
  fc.record({ kind: fc.constant('prompt') }),
);
// Faults, each at the n-th tool execution or adapter event of the whole conversation.
const fault = faultArbitrary(3);
// Calls whose verdict a session reloaded from JSON must give exactly as the live one does.
const probes = [
  ['write_file', { path: 'a.ts', content: 'x' }],
  ['bash', { command: 'rm -rf build' }],
  ['bash', { command: 'ls' }],
  ['read_file', { path: 'a.ts' }],
] as const;

// Across all runs: the faults really happen and results really get checked (not vacuous).
const seen = { checked: 0, thrown: 0, hung: 0, abortedAfterTool: 0, abortedInEvent: 0 };

describe('planfirst/ai-sdk properties', () => {
  it('under faults: nothing the gate blocks runs, completed results survive, a decision is delivered once, model calls stay under the caps, a reloaded session gives the same next effect', async () => {
    const options = { planMode: { enabled: true }, run: { maxModelCalls: 6 } };
    const resolved = resolveOptions(options);
    // With these options both bounds are 6: a model that never acts stays within
    // worstCaseModelCalls, and one that keeps working is stopped by maxModelCalls.
    expect(worstCaseModelCalls(options)).toBe(resolved.run.maxModelCalls);
    await fc.assert(
      fc.asyncProperty(
        fc.array(reply, { minLength: 1, maxLength: 12 }),
        fc.array(action, { minLength: 1, maxLength: 6 }),
        fc.array(fault, { maxLength: 3 }),
        async (replies, actions, faults) => {
          const store = memorySessionStore(createSession(options, { now: 0 }));
          const violations: string[] = [];
          const executed: string[] = [];
          const lost: string[] = [];
          const faultAt = (kind: Fault['kind'], n: number) =>
            faults.some((f) => f.kind === kind && f.at === n);
          let controller = new AbortController();
          let executions = 0;
          let events = 0;
          // Results the host's tools returned since the last finished step.
          let completed: string[] = [];
          const execute =
            (name: string) =>
            async (input: unknown, { abortSignal }: ToolExecutionOptions): Promise<string> => {
              // The invariant: at the moment of execution the gate allows the call.
              if (!checkToolCall(store.get(), { name, input }, resolved).allowed)
                violations.push(`${name} ${JSON.stringify(input)}`);
              executed.push(name);
              const n = executions++;
              if (faultAt('throw', n)) {
                seen.thrown++;
                throw new Error('the tool crashed');
              }
              if (faultAt('hang', n)) {
                // A tool that never finishes on its own: the host aborts the run.
                seen.hung++;
                setTimeout(() => controller.abort(), 0);
                await new Promise((_resolve, reject) => {
                  if (abortSignal?.aborted) reject(abortSignal.reason);
                  abortSignal?.addEventListener('abort', () => reject(abortSignal.reason));
                });
              }
              const result = `ok ${n}`;
              completed.push(result);
              if (faultAt('abort_after_tool', n)) {
                seen.abortedAfterTool++;
                controller.abort();
              }
              return result;
            };
          const hostTools = {
            read_file: tool({
              inputSchema: z.object({ path: z.string() }),
              execute: execute('read_file'),
            }),
            write_file: tool({
              inputSchema: z.object({ path: z.string(), content: z.string() }),
              execute: execute('write_file'),
            }),
            bash: tool({
              inputSchema: z.object({ command: z.string() }),
              execute: execute('bash'),
            }),
          };
          let n = 0;
          let calls = 0;
          const model = new MockLanguageModelV3({
            doGenerate: async (): Promise<Reply> => {
              calls++;
              const r = replies[n++] ?? { text: 'Done.' };
              if ('fault' in r) throw new Error('the provider failed');
              if ('text' in r)
                return {
                  content: [{ type: 'text', text: r.text }],
                  finishReason: { unified: 'stop', raw: 'stop' },
                  usage,
                  warnings: [],
                };
              return {
                content: r.calls.map((c, i) => ({
                  type: 'tool-call' as const,
                  toolCallId: r.sameId ? 'same' : `c${n}-${i}`,
                  toolName: c.name,
                  input: JSON.stringify(c.input),
                })),
                finishReason: { unified: 'tool-calls', raw: 'tool_use' },
                usage,
                warnings: [],
              };
            },
          });
          const onEvent = () => {
            if (faultAt('abort_in_event', events++)) {
              seen.abortedInEvent++;
              controller.abort();
            }
          };
          const adapter = () =>
            createPlanfirstAiSdk({ store, options, readOnlyTools: ['read_file'], onEvent });
          let pf = adapter();
          const onStepFinish: typeof pf.onStepFinish = (step) => {
            // Every result a host tool returned in this step is the result the step records.
            const results = new Set(
              step.content.flatMap((part) =>
                part.type === 'tool-result'
                  ? [(part as unknown as { output: unknown }).output]
                  : [],
              ),
            );
            // (Recorded, not thrown: the SDK would turn a throw here into a failed call.)
            for (const result of completed) {
              seen.checked++;
              if (!results.has(result)) lost.push(result);
            }
            completed = [];
            pf.onStepFinish(step);
          };
          // A fresh adapter on the session stored as JSON and parsed back decides the next
          // effect as the live one would: the same pending approval, the same gate verdicts.
          const checkReload = () => {
            const reloaded = memorySessionStore(
              parseSession(JSON.parse(JSON.stringify(store.get()))),
            );
            const fresh = createPlanfirstAiSdk({
              store: reloaded,
              options,
              readOnlyTools: ['read_file'],
            });
            const live = pf.status();
            const again = fresh.status();
            if (live.kind === 'awaiting_approval') expect(again).toEqual(live);
            else expect(again.kind).not.toBe('awaiting_approval');
            for (const [name, input] of probes)
              expect(fresh.gate(name, input).allowed).toBe(pf.gate(name, input).allowed);
          };
          let messages: ModelMessage[] = [{ role: 'user', content: 'Fix a.ts' }];
          let lastAnswered: ModelMessage[] | undefined;
          const delivered = new Map<string, number>();
          const generate = async () => {
            const before = calls;
            controller = new AbortController();
            completed = [];
            try {
              const result = await generateText({
                model,
                tools: pf.tools(hostTools),
                messages,
                prepareStep: pf.prepareStep,
                onStepFinish,
                stopWhen: pf.stopWhen,
                abortSignal: controller.signal,
              });
              messages = [...messages, ...result.response.messages];
              // Every approved-plan result the model was sent, by its text (it names the id).
              for (const m of result.response.messages)
                if (m.role === 'tool')
                  for (const part of m.content)
                    if (
                      part.type === 'tool-result' &&
                      part.toolName === 'exit_plan_mode' &&
                      part.output.type === 'text'
                    )
                      delivered.set(part.output.value, (delivered.get(part.output.value) ?? 0) + 1);
            } catch {
              // A model fault, an abort or planfirst's refusal of a duplicate: the host keeps
              // the messages it had (the SDK returns none of an aborted call).
            }
            expect(calls - before).toBeLessThanOrEqual(resolved.run.maxModelCalls);
            expect(calls - before).toBeLessThanOrEqual(worstCaseModelCalls(options));
            expect(() => parseSession(JSON.parse(JSON.stringify(store.get())))).not.toThrow();
            checkReload();
          };
          await generate();
          for (const a of actions) {
            // The approval requests of the last assistant message, answered in the tool
            // message after it (where the SDK reads answers).
            let at = messages.length - 1;
            while (at >= 0 && messages[at]?.role !== 'assistant') at--;
            const last = messages[at];
            const requests =
              last?.role === 'assistant' && typeof last.content !== 'string'
                ? last.content.filter((p) => p.type === 'tool-approval-request')
                : [];
            if (a.kind === 'answer') {
              const target = a.target === 'first' ? requests[0] : requests.at(-1);
              if (target === undefined || at < messages.length - 2) continue;
              const approvalId = target.approvalId;
              const response = {
                type: 'tool-approval-response' as const,
                approvalId,
                approved: a.approved,
              };
              const after = messages[at + 1];
              messages =
                after?.role === 'tool'
                  ? [
                      ...messages.slice(0, at + 1),
                      { ...after, content: [...after.content, response] },
                    ]
                  : [...messages, { role: 'tool', content: [response] }];
              lastAnswered = messages;
              const applied = pf.applyApprovalResponses(
                messages,
                a.timedOut ? { [approvalId]: { timedOut: true } } : {},
              );
              messages = applied.messages;
            } else if (a.kind === 'repeat' && lastAnswered !== undefined) {
              const applied = pf.applyApprovalResponses(lastAnswered);
              for (const o of applied.outcomes) expect(o.applied).toBe(false);
              messages = applied.messages;
            } else if (a.kind === 'plan_on') {
              const r = enterPlanMode(store.get(), { now: 1 });
              if (r.applied) store.set(r.state);
            } else if (a.kind === 'reload') {
              store.set(parseSession(JSON.parse(JSON.stringify(store.get()))));
              pf = adapter();
            } else if (messages.at(-1)?.role === 'assistant') {
              messages = [...messages, { role: 'user', content: 'Go on.' }];
            }
            await generate();
          }
          expect(violations).toEqual([]);
          expect(lost).toEqual([]);
          for (const count of delivered.values()) expect(count).toBeLessThanOrEqual(1);
          expect(() => parseSession(store.get())).not.toThrow();
        },
      ),
      { seed: 20261203, numRuns: 60 },
    );
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(0);
  });
});
