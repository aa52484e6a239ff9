import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPlanfirstAiSdk } from '../../../src/adapters/ai-sdk/index.js';
import { createSession, memorySessionStore } from '../../../src/index.js';
import { asStream, callTools, say } from './scripted.js';

// The gate judges every field of a shell call the host's tool receives, through the real
// generateText loop: a host `exec` tool whose schema accepts env, args and cwd.
function run(input: Record<string, unknown>, name = 'exec') {
  const options = { planMode: { enabled: true, planFile: { path: 'PLAN.md' } } };
  const store = memorySessionStore(createSession(options, { now: 0 }));
  const pf = createPlanfirstAiSdk({ store, options, now: () => 1_000 });
  const ran: unknown[] = [];
  const tools = pf.tools({
    exec: tool({
      description: 'Run a command.',
      inputSchema: z.object({
        command: z.string(),
        env: z.record(z.string(), z.string()).optional(),
        args: z.array(z.string()).optional(),
        cwd: z.string().optional(),
        description: z.string().optional(),
      }),
      execute: (call) => {
        ran.push(call);
        return 'ok';
      },
    }),
    write_file: tool({
      description: 'Write a file.',
      inputSchema: z.object({
        path: z.string(),
        content: z.string(),
        target_file: z.string().optional(),
      }),
      execute: (call) => {
        ran.push(call);
        return 'ok';
      },
    }),
  });
  const replies = [callTools([name, input]), say('Done looking.')];
  const model = new MockLanguageModelV3({
    doGenerate: replies,
    doStream: replies.map(asStream),
  });
  return generateText({
    model,
    tools,
    prompt: 'Look around.',
    prepareStep: pf.prepareStep,
    onStepFinish: pf.onStepFinish,
    stopWhen: [pf.stopWhen, stepCountIs(5)].flat(),
  }).then((result) => ({ ran, result }));
}

describe('AI SDK adapter: every field of a shell call is judged', () => {
  it.each([
    ['env that runs a file', { command: 'ls', env: { BASH_ENV: 'PLAN.md' } }],
    ['args that delete', { command: 'find', args: ['src', '-delete'] }],
    ['a working directory in a bare repository', { command: 'git log -p', cwd: 'vendor/evil.git' }],
  ])('refuses a read-only command with %s', async (_label, input) => {
    const { ran } = await run(input);
    expect(ran).toEqual([]);
  });

  it('runs a read-only command whose other fields are harmless or read-only', async () => {
    const { ran } = await run({ command: 'ls', cwd: 'src', description: 'list the sources' });
    expect(ran).toEqual([{ command: 'ls', cwd: 'src', description: 'list the sources' }]);
  });
});

describe('AI SDK adapter: a plan-file write passes only when every target is the plan file', () => {
  it('writes the plan file', async () => {
    const { ran } = await run({ path: 'PLAN.md', content: '# Plan' }, 'write_file');
    expect(ran).toEqual([{ path: 'PLAN.md', content: '# Plan' }]);
  });

  it.each([
    ['a second target field', { path: 'PLAN.md', content: 'x', target_file: 'src/a.ts' }],
    ['a `..` segment', { path: 'docs/../PLAN.md', content: 'x' }],
  ])('refuses a plan-file write with %s', async (_label, input) => {
    const { ran } = await run(input, 'write_file');
    expect(ran).toEqual([]);
  });
});
