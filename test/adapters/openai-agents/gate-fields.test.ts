import { Agent, tool } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { createPlanfirstAgents } from '../../../src/adapters/openai-agents/index.js';
import { createSession, memorySessionStore } from '../../../src/index.js';
import { gateFieldsSuite } from '../gate-fields-suite.js';

// The gate judges every field of a shell call, through the real Agents SDK run loop: a host
// `exec` tool (non-strict JSON schema) that accepts any extra field.
async function run(input: Record<string, unknown>, name = 'exec') {
  const options = { planMode: { enabled: true, planFile: { path: 'PLAN.md' } } };
  const store = memorySessionStore(createSession(options, { now: 0 }));
  const pf = createPlanfirstAgents({ store, options, now: () => 1_000 });
  const ran: unknown[] = [];
  const exec = tool({
    name: 'exec',
    description: 'Run a command.',
    strict: false,
    parameters: {
      type: 'object',
      properties: { command: { type: 'string' } },
      required: ['command'],
      additionalProperties: true,
    },
    execute: async (call) => {
      ran.push(call);
      return 'ok';
    },
  });
  const writeFile = tool({
    name: 'write_file',
    description: 'Write a file.',
    strict: false,
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' } },
      required: ['path'],
      additionalProperties: true,
    },
    execute: async (call) => {
      ran.push(call);
      return 'ok';
    },
  });
  const model = new ScriptedModel([
    [functionCall(name, input, { callId: 'c1' })],
    [assistantMessage('Done looking.')],
  ]);
  const agent = new Agent({
    name: 'coder',
    instructions: pf.instructions('You are a careful coding agent.'),
    tools: [...pf.wrapTools([exec, writeFile]), ...pf.planTools],
    model,
  });
  await pf.run(agent, 'Look around.');
  return ran;
}

gateFieldsSuite('OpenAI Agents adapter', (input, tool) =>
  run(input, tool === 'plan-file' ? 'write_file' : 'exec'),
);
