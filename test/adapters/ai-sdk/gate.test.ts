import { generateText, ToolLoopAgent, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isPlanfirstToolError } from '../../../src/adapters/ai-sdk/index.js';
import { checkToolCall } from '../../../src/index.js';
import { callTools, conversation, say, toolOutputs } from './scripted.js';

describe('planfirst/ai-sdk gate: host tools in plan mode', () => {
  it('lets read-only exploration run: a tool marked by name, one marked by metadata, a read-only shell command', async () => {
    const c = conversation([
      callTools(['read_file', { path: 'src/parser.ts' }], ['search', { query: 'parse(' }]),
      callTools(['bash', { command: 'ls src && git status' }]),
      say('The crash comes from parse(); I will propose a plan.'),
    ]);
    await c.generate();

    expect(c.ran).toEqual([
      'read_file src/parser.ts',
      'search parse(',
      'bash ls src && git status',
    ]);
    expect(toolOutputs(c.prompt(2))).toEqual([
      { toolName: 'read_file', type: 'text', text: 'contents of src/parser.ts' },
      { toolName: 'search', type: 'text', text: '3 hits for parse(' },
      { toolName: 'bash', type: 'text', text: 'ran ls src && git status' },
    ]);
    expect(c.store.get().planMode.mode).toBe('plan');
  });

  it("blocks a write and the model's next request carries the gate's message verbatim as an error result", async () => {
    const input = { path: 'src/parser.ts', content: 'fixed' };
    const c = conversation([
      callTools(['write_file', input]),
      say('Understood, I will plan first.'),
    ]);
    const expected = checkToolCall(c.store.get(), { name: 'write_file', input });
    const result = await c.generate();

    expect(c.ran).toEqual([]);
    expect(toolOutputs(c.prompt(1))).toEqual([
      { toolName: 'write_file', type: 'error-text', text: expected.message },
    ]);
    expect(expected).toMatchObject({ allowed: false, code: 'not_read_only' });
    const error = result.steps[0]?.content.find((p) => p.type === 'tool-error');
    expect(error?.type === 'tool-error' && isPlanfirstToolError(error.error)).toBe(true);
  });

  it('blocks a shell command that is not provably read-only, with the analyzer verdict in the message', async () => {
    const c = conversation([
      callTools(['bash', { command: 'sed -i s/a/b/ src/parser.ts' }]),
      say('Noted.'),
    ]);
    await c.generate();

    expect(c.ran).toEqual([]);
    const [output] = toolOutputs(c.prompt(1));
    expect(output?.type).toBe('error-text');
    expect(output?.text).toMatch(/^Plan mode is active and this command is not provably read-only/);
  });

  it("skips a host tool's own approval when the gate blocks the call anyway", async () => {
    const c = conversation([callTools(['deploy', { env: 'prod' }]), say('Noted.')]);
    const tools = c.pf.tools({
      deploy: tool({
        inputSchema: z.object({ env: z.string() }),
        needsApproval: true,
        execute: () => 'deployed',
      }),
    });
    const result = await generateText({
      model: c.model,
      tools,
      messages: c.messages,
      prepareStep: c.pf.prepareStep,
      onStepFinish: c.pf.onStepFinish,
      stopWhen: c.pf.stopWhen,
    });

    expect(result.content.some((p) => p.type === 'tool-approval-request')).toBe(false);
    expect(toolOutputs(c.prompt(1))[0]).toMatchObject({ toolName: 'deploy', type: 'error-text' });
  });

  it('runs everything in normal mode', async () => {
    const c = conversation(
      [callTools(['write_file', { path: 'a.ts', content: 'x' }]), say('Done: a.ts is written.')],
      { options: {} },
    );
    await c.generate();
    expect(c.ran).toEqual(['write_file a.ts']);
  });

  it('blocks the same way under streamText', async () => {
    const c = conversation([
      callTools(['write_file', { path: 'src/parser.ts', content: 'x' }]),
      say('I will plan first.'),
    ]);
    const result = await c.stream();
    await result.consumeStream();

    expect(c.ran).toEqual([]);
    expect(c.model.doStreamCalls).toHaveLength(2);
    const [output] = toolOutputs(c.prompt(1));
    expect(output).toMatchObject({ toolName: 'write_file', type: 'error-text' });
    expect(output?.text).toContain('`write_file` is blocked');
  });

  it('plugs into a ToolLoopAgent the same way', async () => {
    const c = conversation([
      callTools(['read_file', { path: 'a.ts' }], ['write_file', { path: 'a.ts', content: 'x' }]),
      say('I will plan first.'),
    ]);
    const agent = new ToolLoopAgent({
      model: c.model,
      tools: c.tools,
      prepareStep: c.pf.prepareStep,
      onStepFinish: c.pf.onStepFinish,
      stopWhen: c.pf.stopWhen,
    });
    await agent.generate({ messages: c.messages });

    expect(c.ran).toEqual(['read_file a.ts']);
    expect(toolOutputs(c.prompt(1)).map((o) => o.type)).toEqual(['text', 'error-text']);
  });

  it('exposes the gate for tools you run yourself, with your read-only marks', () => {
    const c = conversation([]);
    expect(c.pf.gate('read_file', { path: 'a' }).allowed).toBe(true);
    expect(c.pf.gate('open_in_editor', { path: 'a' })).toMatchObject({
      allowed: false,
      code: 'not_read_only',
    });
  });

  it('refuses host tools named like a plan tool', () => {
    const c = conversation([]);
    expect(() =>
      c.pf.tools({
        exit_plan_mode: tool({ inputSchema: z.object({}), execute: () => 'mine' }),
      }),
    ).toThrow(/may not be named exit_plan_mode/);
  });
});
