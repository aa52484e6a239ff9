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
  type VersionedSessionStore,
  worstCaseModelCalls,
} from '../../src/index.js';
import { parseStoredRecord } from '../../src/stored-run/record.js';
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

// Store and reload inside one run: the run is interrupted at a random model call (the model
// client fails, or the host aborts from onEvent), its session is stored as JSON and parsed
// back, and a fresh call goes on from it: `{ resume: true }` after a failed model call (the
// run carries on with that call), a new message after an abort (an abort ends the run). Going
// on from the reloaded session must do exactly what going on from the live one does; and a run
// whose model failed once, resumed, must as a whole do what an uninterrupted run does.
describe('runAgent and runStored: an interrupted run stored, reloaded and gone on from', () => {
  const options = {
    planMode: { enabled: true, allowModelEnter: true },
    run: { maxModelCalls: 12 },
  };
  // A model whose n-th reply is fixed, whatever the request: runs are comparable call by call.
  const scripted = (script: readonly (AssistantMessage | 'throw')[], from = 0) => {
    const model = async () => {
      const entry = script[model.calls++ % script.length] as AssistantMessage | 'throw';
      if (entry === 'throw') throw new Error('model down');
      return structuredClone(entry);
    };
    model.calls = from;
    return model;
  };
  const recording = () => {
    const executed: string[] = [];
    const execute = async (c: ToolCallBlock) => {
      const out = `result ${executed.length}`;
      executed.push(`${c.name} ${JSON.stringify(c.input)}`);
      return out;
    };
    return { executed, tools: { definitions, execute } };
  };
  const planSteps = (s: SessionState) => ({ mode: s.planMode.mode, plan: s.planMode.plan });
  const interrupted = { model_error: 0, abort: 0 };

  for (const driver of ['runAgent', 'runStored'] as const)
    it(`${driver}: going on from the reloaded session does what the live one would; a failed model call resumed is as if it never failed`, async () => {
      // One driver call: the session and status it ends with. runAgent takes the session;
      // runStored the store that holds it (session id 's').
      const drive = async (
        from: SessionState | VersionedSessionStore,
        input: { message: string } | { resume: true },
        model: () => Promise<AssistantMessage>,
        tools: ReturnType<typeof recording>['tools'],
        onEvent: (e: RunEvent) => void = () => {},
        signal?: AbortSignal,
      ) => {
        // A fixed clock and ids: two runs from the same session are comparable message by message.
        let id = 0;
        const config = {
          model,
          tools,
          options,
          onEvent,
          now: () => 1_000,
          newId: () => `id-${id++}`,
          ...(signal ? { signal } : {}),
        };
        if (!('load' in from)) {
          const result = await runAgent(config, from, input);
          return { status: result.status, session: result.session };
        }
        const out = await runStored({ ...config, store: from }, 's', input);
        if (out.outcome !== 'ran') throw new Error(out.outcome);
        const stored = (await from.load('s'))?.record.session as SessionState;
        expect(stored).toEqual(out.result.session);
        return { status: out.result.status, session: out.result.session };
      };
      const origin = () =>
        driver === 'runAgent' ? createSession(options) : memoryVersionedStore();
      // The stored form of a run, as JSON and parsed back: the session, or the store's record.
      const reload = async (
        from: SessionState | VersionedSessionStore,
        session: SessionState,
      ): Promise<SessionState | VersionedSessionStore> => {
        if (!('load' in from)) return parseSession(JSON.parse(JSON.stringify(session)));
        const record = (await from.load('s'))?.record;
        const copy = memoryVersionedStore();
        const saved = await copy.save(
          's',
          parseStoredRecord(JSON.parse(JSON.stringify(record))),
          0,
        );
        expect(saved.ok).toBe(true);
        return copy;
      };

      await fc.assert(
        fc.asyncProperty(
          fc.array(
            turn.filter((t) => t !== 'throw'),
            { minLength: 1, maxLength: 8 },
          ),
          fc.constantFrom('model_error' as const, 'abort' as const),
          fc.nat({ max: 6 }),
          async (script, interruption, at) => {
            // The uninterrupted run.
            const whole = recording();
            const straight = await drive(
              origin(),
              { message: 'go' },
              scripted(script),
              whole.tools,
            );

            // The same run, interrupted when the model is about to be called for the n-th time.
            const controller = new AbortController();
            const first = recording();
            const model = scripted(script);
            let calls = 0;
            const failing = Object.assign(
              async () => {
                if (interruption === 'model_error' && calls++ === at) throw new Error('model down');
                return model();
              },
              { calls: 0 },
            );
            let events = 0;
            const from = origin();
            const stopped = await drive(
              from,
              { message: 'go' },
              failing,
              first.tools,
              (e) => {
                if (interruption === 'abort' && e.type === 'model_called' && events++ === at)
                  controller.abort();
              },
              controller.signal,
            );
            if (stopped.status !== (interruption === 'abort' ? 'aborted' : 'error')) return;
            interrupted[interruption]++;
            const stored = await reload(from, stopped.session);
            const next =
              interruption === 'abort' ? { message: 'go on' } : { resume: true as const };

            // Going on from the live session and from the reloaded one: the same run.
            const live = recording();
            const fromLive = await drive(
              'load' in from ? await reload(from, stopped.session) : stopped.session,
              next,
              scripted(script, model.calls),
              live.tools,
            );
            const again = recording();
            const resumed = scripted(script, model.calls);
            const fromStore = await drive(stored, next, resumed, again.tools);
            expect(fromStore.status).toBe(fromLive.status);
            expect(fromStore.session.messages).toEqual(fromLive.session.messages);
            expect(again.executed).toEqual(live.executed);
            if (interruption === 'abort') return;
            // One run, across the failure: the failed call and the resumed ones under the cap.
            expect(calls + resumed.calls - model.calls).toBeLessThanOrEqual(
              options.run.maxModelCalls,
            );

            // A failed model call, resumed: the run as a whole did what the uninterrupted one did.
            // The failed call counts towards run.maxModelCalls (it may have cost tokens), so a
            // run that reaches the cap stops one turn sooner: its work is a prefix.
            const executed = [...first.executed, ...again.executed];
            expect(fromStore.status).toBe(straight.status);
            if (straight.status === 'budget_exhausted') {
              expect(executed).toEqual(whole.executed.slice(0, executed.length));
              return;
            }
            expect(executed).toEqual(whole.executed);
            expect(planSteps(fromStore.session)).toEqual(planSteps(straight.session));
          },
        ),
        { numRuns: 60, seed: 20261204 },
      );
      expect(interrupted.model_error).toBeGreaterThan(0);
      expect(interrupted.abort).toBeGreaterThan(0);
    });
});
