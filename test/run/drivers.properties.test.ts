import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AssistantMessage,
  checkToolCall,
  createSession,
  memoryVersionedStore,
  parseSession,
  type RunEvent,
  type RunResult,
  runAgent,
  runStored,
  type SessionState,
  type ToolCallBlock,
  worstCaseModelCalls,
} from '../../src/index.js';
import { assistant, toolCall } from '../../src/testing/index.js';
import { definitions } from './fixtures.js';

// runAgent and runStored against a model that sends anything (repeated ids, plan tools,
// mutating shell commands), tools that throw or ignore the signal, and aborts fired from
// onEvent at a random event. Invariants: nothing the gate blocks reaches the executor, every
// result an executor returned is in the session, sessions parse, the model-call bounds hold.

const call = fc.oneof(
  fc
    .constantFrom('ls', 'rm -rf build', 'cat a > b')
    .map((c) => toolCall('bash', { command: c }, 'same')),
  fc.constant(toolCall('read_file', { path: 'a' }, 'same')),
  fc.constant(toolCall('write_file', { path: 'a' }, '')),
  fc.constant(toolCall('update_plan', { updates: [{ id: '1', status: 'completed' }] })),
  fc.constant(toolCall('enter_plan_mode', {})),
  fc.constant(toolCall('exit_plan_mode', { title: 'P', steps: [{ text: 's' }] })),
);
const turn = fc.oneof(
  fc.array(call, { minLength: 1, maxLength: 4 }).map((calls) => assistant('Working.', ...calls)),
  fc.constantFrom(assistant("I'll look."), assistant('Done.'), assistant()),
  fc.constant('throw' as const),
);

const probe = { planMode: { mode: 'plan', approval: 'none', rejectionCount: 0 } };

describe('runAgent and runStored under adversarial models, tools and aborts', () => {
  for (const driver of ['runAgent', 'runStored'] as const)
    it(`${driver}: no blocked call runs, results survive, bounds hold`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.boolean(),
          fc.boolean(),
          fc.array(turn, { minLength: 1, maxLength: 8 }),
          fc.option(fc.nat({ max: 30 })),
          fc.constantFrom('ok', 'throw', 'ignoreAbort'),
          async (startInPlan, parallel, script, abortAt, toolMode) => {
            const options = {
              planMode: { enabled: startInPlan, allowModelEnter: true },
              run: { parallelToolCalls: parallel, maxModelCalls: 12 },
            };
            let planning = startInPlan;
            const controller = new AbortController();
            let seen = 0;
            const onEvent = (e: RunEvent) => {
              if (e.type === 'plan_mode_entered') planning = true;
              if (e.type === 'approval_resolved' && (e.code === 'approved' || e.code === 'edited'))
                planning = false;
              if (abortAt !== null && seen++ === abortAt) controller.abort();
            };
            const violations: string[] = [];
            const returned: string[] = [];
            let n = 0;
            const execute = async (c: ToolCallBlock, { signal }: { signal: AbortSignal }) => {
              if (planning) {
                const d = definitions.find((x) => x.name === c.name);
                const input = {
                  name: c.name,
                  input: c.input,
                  ...(d?.readOnly ? { readOnly: true } : {}),
                };
                if (!checkToolCall(probe, input, options).allowed) violations.push(c.name);
              }
              if (toolMode === 'throw') throw new Error('tool down');
              if (toolMode === 'ignoreAbort') await new Promise((r) => setTimeout(r, 0));
              else if (signal.aborted) throw new Error('aborted');
              const out = `result ${n++}`;
              returned.push(out);
              return out;
            };
            let modelCalls = 0;
            const model = async () => {
              const entry = script[modelCalls++ % script.length] as AssistantMessage | 'throw';
              if (entry === 'throw') throw new Error('model down');
              return structuredClone(entry);
            };
            const tools = { definitions, execute };
            let result: RunResult;
            let session: SessionState;
            if (driver === 'runAgent') {
              result = await runAgent(
                { model, tools, options, onEvent, signal: controller.signal },
                createSession(options),
                { message: 'go' },
              );
              session = result.session;
            } else {
              const store = memoryVersionedStore();
              const out = await runStored(
                { store, model, tools, options, onEvent, signal: controller.signal },
                's',
                { message: 'go' },
              );
              if (out.outcome !== 'ran') throw new Error(out.outcome);
              result = out.result;
              session = (await store.load('s'))?.record.session as SessionState;
              expect(session).toEqual(result.session);
            }
            expect(violations).toEqual([]);
            expect(parseSession(JSON.parse(JSON.stringify(session)))).toEqual(session);
            const contents = new Set(
              session.messages.flatMap((m) => (m.role === 'tool' ? [m.content] : [])),
            );
            for (const r of returned) expect(contents.has(r), r).toBe(true);
            expect(modelCalls).toBeLessThanOrEqual(options.run.maxModelCalls);
            if (
              returned.length === 0 &&
              toolMode === 'ok' &&
              abortAt === null &&
              !script.includes('throw')
            )
              expect(modelCalls).toBeLessThanOrEqual(Math.max(worstCaseModelCalls(options), 1));
          },
        ),
        { numRuns: 120, seed: 9 },
      );
    });
});
