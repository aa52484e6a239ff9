import { Agent, tool } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { describe, expect, it } from 'vitest';
import { createPlanfirstAgents } from '../../../src/adapters/openai-agents/index.js';
import { createSession, memorySessionStore } from '../../../src/index.js';

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

describe('OpenAI Agents adapter: every field of a shell call is judged', () => {
  it.each([
    ['env that runs a file', { command: 'ls', env: { BASH_ENV: 'PLAN.md' } }],
    ['args that delete', { command: 'find', args: ['src', '-delete'] }],
    ['a working directory in a bare repository', { command: 'git log -p', cwd: 'vendor/evil.git' }],
  ])('refuses a read-only command with %s', async (_label, input) => {
    expect(await run(input)).toEqual([]);
  });

  it('runs a read-only command whose other fields are harmless or read-only', async () => {
    expect(await run({ command: 'ls', cwd: 'src', description: 'list the sources' })).toEqual([
      { command: 'ls', cwd: 'src', description: 'list the sources' },
    ]);
  });
});

describe('OpenAI Agents adapter: a plan-file write passes only when every target is the plan file', () => {
  it('writes the plan file', async () => {
    expect(await run({ path: 'PLAN.md', content: '# Plan' }, 'write_file')).toEqual([
      { path: 'PLAN.md', content: '# Plan' },
    ]);
  });

  it.each([
    ['a second target field', { path: 'PLAN.md', content: 'x', target_file: 'src/a.ts' }],
    ['a `..` segment', { path: 'docs/../PLAN.md', content: 'x' }],
  ])('refuses a plan-file write with %s', async (_label, input) => {
    expect(await run(input, 'write_file')).toEqual([]);
  });
});
