import { generateText, type ModelMessage, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPlanfirstAiSdk } from '../../../src/adapters/ai-sdk/index.js';
import {
  createSession,
  memorySessionStore,
  requestApproval,
  runGatedSubagent,
  runningSubagents,
  type SessionState,
  subagentReport,
} from '../../../src/index.js';
import { callTools, plan, say, toolOutputs } from './scripted.js';

// A gated subagent end to end through the real generateText loop (the SDK's own
// MockLanguageModelV3, for the parent and the subagent): the parent plans and delegates; the
// subagent's write is blocked and never reaches its executor, its exit_plan_mode is refused
// (its plan goes back to the parent as the spawn call's result), and the parent's own
// exit_plan_mode is refused while the subagent still runs.

const options = { planMode: { enabled: true } };

describe('AI SDK: a gated subagent through generateText', () => {
  it('blocked writes never run, the subagent cannot exit, the parent waits for it', async () => {
    const writes: string[] = [];
    const writeFile = tool({
      description: 'Write a file.',
      inputSchema: z.object({ path: z.string(), content: z.string() }),
      execute: ({ path }) => {
        writes.push(path);
        return `wrote ${path}`;
      },
    });
    const store = memorySessionStore(createSession(options, { now: 0 }));
    const parentSeen: SessionState[] = [];
    const childModel = new MockLanguageModelV3({
      doGenerate: [
        callTools(['write_file', { path: 'src/parse.ts', content: 'fixed' }]),
        callTools(['exit_plan_mode', plan]),
        say('parse() dereferences a missing token; plan: guard the lookahead.'),
      ],
    });
    const childStores: SessionState[] = [];
    const refused: string[] = [];
    const explore = tool({
      description: 'Delegate an investigation',
      inputSchema: z.object({ task: z.string() }),
      metadata: { subagent: true },
      execute: ({ task }) =>
        runGatedSubagent(
          store,
          async ({ session }) => {
            // While the subagent runs, the parent tracks it.
            parentSeen.push(store.get());
            // …and its own exit_plan_mode is refused until the subagent has finished.
            const early = requestApproval(store.get(), { plan, now: 1_500, approvalId: 'a-1' });
            refused.push(early.applied ? 'applied' : early.reason);
            const childStore = memorySessionStore(session ?? createSession(options));
            const child = createPlanfirstAiSdk({ store: childStore, options, now: () => 2_000 });
            const { prepareStep, onStepFinish, stopWhen } = child;
            const { text } = await generateText({
              model: childModel,
              prompt: task,
              tools: child.tools({ write_file: writeFile }),
              prepareStep,
              onStepFinish,
              stopWhen,
            });
            childStores.push(childStore.get());
            return subagentReport(childStore.get(), text);
          },
          { subagentId: 'sub-1', now: () => 2_000 },
        ),
    });
    const parent = createPlanfirstAiSdk({ store, options, now: () => 1_000 });
    const parentModel = new MockLanguageModelV3({
      doGenerate: [
        callTools(['explore', { task: 'Find the crash in parse()' }]),
        say('The helper found it; shall I guard the lookahead?'),
      ],
    });
    const messages: ModelMessage[] = [{ role: 'user', content: 'Fix the parser crash' }];
    const { prepareStep, onStepFinish, stopWhen } = parent;
    await generateText({
      model: parentModel,
      messages,
      tools: parent.tools({ explore, write_file: writeFile }),
      prepareStep,
      onStepFinish,
      stopWhen,
    });

    // No write reached an executor, at either level.
    expect(writes).toEqual([]);
    // The subagent planned under the gate: its write was blocked, its exit refused.
    const childOutputs = toolOutputs(childModel.doGenerateCalls[2]?.prompt ?? []);
    expect(childOutputs.find((o) => o.toolName === 'write_file')?.type).toBe('error-text');
    const childExit = childOutputs.find((o) => o.toolName === 'exit_plan_mode');
    expect(childExit?.type).toBe('error-text');
    expect(childStores[0]?.planMode.mode).toBe('plan');
    expect(childStores[0]?.planMode.subagent).toMatchObject({ id: 'sub-1', depth: 1 });
    expect(childStores[0]?.planMode.subagent?.plan?.title).toBe(plan.title);
    expect(childExit?.text).toContain('goes back to the parent');
    // The parent tracked the subagent while it ran and released it after.
    expect(runningSubagents(parentSeen[0] as SessionState)).toEqual(['sub-1']);
    expect(runningSubagents(store.get())).toEqual([]);
    expect(refused).toEqual(['subagents_running']);
    // The subagent's answer came back to the parent as the spawn call's result.
    const parentOutputs = toolOutputs(parentModel.doGenerateCalls[1]?.prompt ?? []);
    expect(parentOutputs.find((o) => o.toolName === 'explore')?.text).toContain(
      'parse() dereferences a missing token',
    );
    expect(store.get().planMode.mode).toBe('plan');
  });
});
