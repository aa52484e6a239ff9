import type { AgentTool } from '@mariozechner/pi-agent-core';
import { fauxAssistantMessage, fauxToolCall, Type } from '@mariozechner/pi-ai';
import { gateFieldsSuite } from '../gate-fields-suite.js';
import { scenario } from './harness.js';

// The gate judges every field of a shell call, through a real pi Agent: a host `exec` tool
// whose schema accepts env, args and cwd.
async function run(input: Record<string, unknown>, name = 'exec') {
  const ran: unknown[] = [];
  const exec: AgentTool = {
    name: 'exec',
    label: 'exec',
    description: 'Run a command.',
    parameters: Type.Object({
      command: Type.String(),
      env: Type.Optional(Type.Record(Type.String(), Type.String())),
      args: Type.Optional(Type.Array(Type.String())),
      cwd: Type.Optional(Type.String()),
      description: Type.Optional(Type.String()),
    }),
    execute: async (_id, params) => {
      ran.push(params);
      return { content: [{ type: 'text', text: 'ok' }], details: {} };
    },
  };
  const writeFile: AgentTool = {
    name: 'write_plan',
    label: 'write_plan',
    description: 'Write a file.',
    parameters: Type.Object({
      path: Type.String(),
      content: Type.String(),
      target_file: Type.Optional(Type.String()),
      patch: Type.Optional(Type.String()),
    }),
    execute: async (_id, params) => {
      ran.push(params);
      return { content: [{ type: 'text', text: 'ok' }], details: {} };
    },
  };
  const s = scenario({
    options: {
      planMode: { enabled: true, planFile: { path: 'PLAN.md', tools: ['write_plan'] } },
    },
    extraTools: [exec, writeFile],
    responses: [
      fauxAssistantMessage([fauxToolCall(name, input, { id: 'c1' })], { stopReason: 'toolUse' }),
      fauxAssistantMessage('Done looking.'),
    ],
  });
  await s.agent.prompt('Look around.');
  return ran;
}

gateFieldsSuite('pi adapter', (input, tool) =>
  run(input, tool === 'plan-file' ? 'write_plan' : 'exec'),
);
