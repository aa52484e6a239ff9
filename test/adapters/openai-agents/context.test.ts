import { Agent, type RunContext, tool } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { describe, expect, it } from 'vitest';
import { createPlanfirstAgents } from '../../../src/adapters/openai-agents/index.js';
import { createSession, memorySessionStore } from '../../../src/index.js';
import { now, planOptions, toolResultText } from './helpers.js';

interface AppContext {
  user: string;
}

describe('with a typed run context', () => {
  it('wrapped tools, plan tools and dynamic instructions keep the context type', async () => {
    const model = new ScriptedModel([
      [functionCall('whoami', {}, { callId: 'c1' })],
      [assistantMessage('You are ada; nothing else to do.')],
    ]);
    const store = memorySessionStore(createSession(planOptions, { now: now() }));
    const pf = createPlanfirstAgents({
      store,
      options: planOptions,
      readOnlyTools: ['whoami'],
      now,
    });
    const whoami = tool({
      name: 'whoami',
      description: 'The current user.',
      parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
      execute: async (_input: unknown, run?: RunContext<AppContext>) =>
        run?.context.user ?? 'nobody',
    });
    const agent = new Agent<AppContext>({
      name: 'ctx',
      instructions: pf.instructions((run: RunContext<AppContext>) => `Serve ${run.context.user}.`),
      tools: [...pf.wrapTools<AppContext>([whoami]), ...pf.planTools],
      model,
    });
    const outcome = await pf.run(agent, 'Who am I?', { runOptions: { context: { user: 'ada' } } });
    expect(outcome.status).toBe('completed');
    expect(toolResultText(model.calls[1], 'c1')).toBe('ada');
    expect(model.calls[0]?.request.systemInstructions).toMatch(/^Serve ada\.\n\nPlan mode is on\./);
  });
});
