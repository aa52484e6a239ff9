import type { AgentTool } from '@mariozechner/pi-agent-core';
import { fauxAssistantMessage, fauxToolCall, Type } from '@mariozechner/pi-ai';
import { describe, expect, it } from 'vitest';
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

describe('pi adapter: every field of a shell call is judged', () => {
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

describe('pi adapter: a plan-file write passes only when every target is the plan file', () => {
  it('writes the plan file', async () => {
    expect(await run({ path: 'PLAN.md', content: '# Plan' }, 'write_plan')).toEqual([
      { path: 'PLAN.md', content: '# Plan' },
    ]);
  });

  it.each([
    ['a second target field', { path: 'PLAN.md', content: 'x', target_file: 'src/a.ts' }],
    ['a `..` segment', { path: 'docs/../PLAN.md', content: 'x' }],
  ])('refuses a plan-file write with %s', async (_label, input) => {
    expect(await run(input, 'write_plan')).toEqual([]);
  });
});
