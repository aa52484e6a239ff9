import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AssistantMessage,
  createSession,
  type PlanfirstOptions,
  resolveOptions,
  runAgent,
  worstCaseModelCalls,
} from '../../src/index.js';
import { assistant, scriptedModel, toolCall } from '../../src/testing/index.js';
import { executingSession } from '../helpers.js';
import { readThenNarrate, recordingTools, stalls } from './fixtures.js';

// worstCaseModelCalls(options) must be exactly what the driver does with a model that
// never acts. The model below spends every budget: each stall kind up to its limit, then the
// planning stall that exhausts the cycle, cycle after cycle.
function neverActingScript(options: PlanfirstOptions, startInPlan: boolean): AssistantMessage[] {
  const o = resolveOptions(options);
  const l = o.incompleteTurn.retryLimits;
  const repeat = (n: number, make: () => AssistantMessage) => Array.from({ length: n }, make);
  // With the resolver off nothing is judged: a narration ends the run, so the model that
  // reaches the cap is one that keeps calling tools.
  if (!o.incompleteTurn.enabled) return repeat(o.run.maxModelCalls, readThenNarrate);
  // Plan bookkeeping is no stall: the loop carries on from run.maxBookkeepingTurns of them.
  const bookkeeping = repeat(o.run.maxBookkeepingTurns, stalls.bookkeeping);
  if (startInPlan)
    return [
      ...bookkeeping,
      ...repeat(l.reasoningOnly, stalls.thinkingOnly),
      ...repeat(l.empty, stalls.empty),
      ...repeat(l.planAckOnly + 1, stalls.planAck),
    ];
  const cycle = () => [
    ...repeat(l.reasoningOnly, stalls.thinkingOnly),
    ...repeat(l.empty, stalls.empty),
    ...repeat(l.claimedDone, stalls.claimedDone),
    ...repeat(l.planningOnly + 1, stalls.narration),
  ];
  const cycles = o.autoContinue.enabled ? o.autoContinue.maxCycles : 0;
  const script = [...bookkeeping, ...Array.from({ length: cycles + 1 }, cycle).flat()];
  if (o.planMode.allowModelEnter) {
    // In the last cycle, enter plan mode instead of exhausting planning, and stall there.
    script.splice(
      script.length - 1,
      1,
      assistant("I'll investigate first.", toolCall('enter_plan_mode', {})),
      ...repeat(l.planAckOnly, stalls.planAck),
    );
  }
  return script;
}

const optionSets: PlanfirstOptions[] = [
  {},
  { autoContinue: { enabled: true } },
  {
    autoContinue: { enabled: true, maxCycles: 1 },
    incompleteTurn: {
      retryLimits: { planningOnly: 2, singleActionNarration: 1, reasoningOnly: 0, empty: 3 },
    },
  },
  { planMode: { allowModelEnter: true } },
  { autoContinue: { enabled: true, maxCycles: 2 }, planMode: { allowModelEnter: true } },
  { autoContinue: { enabled: true, maxCycles: 10 } },
  { run: { maxModelCalls: 7 } },
  { run: { maxBookkeepingTurns: 0 } },
  { run: { maxBookkeepingTurns: 10 }, autoContinue: { enabled: true } },
  { incompleteTurn: { enabled: false } },
];

async function countCalls(
  options: PlanfirstOptions,
  startInPlan: boolean,
  script: AssistantMessage[],
) {
  const model = scriptedModel(script);
  // Outside plan mode the run executes an approved plan: "done" with steps open stalls too.
  const result = await runAgent(
    { model, tools: recordingTools(), options },
    startInPlan
      ? createSession({ ...options, planMode: { ...options.planMode, enabled: true } })
      : executingSession(),
    { message: 'fix the parser' },
  );
  return { calls: model.requests.length, result };
}

describe('worstCaseModelCalls against the driver', () => {
  it.each(optionSets.map((o) => [JSON.stringify(o), o] as const))(
    'a model that never acts makes exactly the worst case (%s)',
    async (_name, options) => {
      const normal = await countCalls(options, false, neverActingScript(options, false));
      const plan = await countCalls(options, true, neverActingScript(options, true));
      expect(['blocked', 'budget_exhausted', 'completed']).toContain(normal.result.status);
      expect(Math.max(normal.calls, plan.calls)).toBe(worstCaseModelCalls(options));
    },
  );

  it('no script of stalls makes more calls, and no script at all exceeds the hard cap', async () => {
    // In plan mode one read is investigation (acting), so it is not a stall there.
    const stall = fc.constantFrom(...Object.values(stalls));
    const planStall = fc.constantFrom(
      stalls.bookkeeping,
      stalls.enterAgain,
      stalls.narration,
      stalls.planAck,
      stalls.thinkingOnly,
      stalls.empty,
    );
    const anyTurn = fc.oneof(
      stall,
      fc.constant(readThenNarrate),
      fc.constant(() => assistant('Fixed it; all tests pass.')),
      fc.constant(() => assistant(toolCall('write_file', { path: 'x' }))),
      fc.constant(() =>
        assistant(toolCall('read_file', { path: 'x' }), toolCall('read_file', { path: 'y' })),
      ),
      fc.constant(() =>
        assistant(
          'Plan ready.',
          toolCall('exit_plan_mode', { title: 't', steps: [{ text: 's' }] }),
        ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...optionSets),
        fc.boolean(),
        fc.array(stall, { minLength: 1, maxLength: 60 }),
        fc.array(planStall, { minLength: 1, maxLength: 60 }),
        fc.array(anyTurn, { minLength: 1, maxLength: 80 }),
        async (options, startInPlan, stallScript, planStallScript, anyScript) => {
          const cap = resolveOptions(options).run.maxModelCalls;
          const stallsOnly = startInPlan ? planStallScript : stallScript;
          const a = await countCalls(
            options,
            startInPlan,
            stallsOnly.map((make) => make()),
          );
          expect(a.calls).toBeLessThanOrEqual(worstCaseModelCalls(options));
          const b = await countCalls(
            options,
            startInPlan,
            anyScript.map((make) => make()),
          );
          expect(b.calls).toBeLessThanOrEqual(cap);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('plan bookkeeping cannot loop past the worst case', () => {
  it('a model that only ever calls update_plan stops at worstCaseModelCalls', async () => {
    for (const startInPlan of [false, true]) {
      const model = scriptedModel(Array.from({ length: 60 }, stalls.bookkeeping));
      const result = await runAgent(
        { model, tools: recordingTools(), options: {} },
        createSession({ planMode: { enabled: startInPlan } }),
        { message: 'fix the parser' },
      );
      expect(model.requests.length).toBeLessThanOrEqual(worstCaseModelCalls({}));
      expect(result).toMatchObject({ status: 'budget_exhausted', reason: 'max_bookkeeping_turns' });
    }
  });

  it('a turn that calls a host tool resets the count', async () => {
    const b = stalls.bookkeeping;
    const model = scriptedModel([
      b(),
      b(),
      b(),
      readThenNarrate(),
      b(),
      b(),
      b(),
      assistant('Done.'),
    ]);
    const result = await runAgent(
      { model, tools: recordingTools(), options: {} },
      createSession(),
      { message: 'fix the parser' },
    );
    expect(result).toMatchObject({ status: 'completed', text: 'Done.' });
    expect(model.requests).toHaveLength(8);
  });
});
