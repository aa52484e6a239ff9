import { Agent, tool, webSearchTool } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { describe, expect, it } from 'vitest';
import { createPlanfirstAgents } from '../../../src/adapters/openai-agents/index.js';
import { createSession, memorySessionStore } from '../../../src/index.js';
import { now, planOptions, setup, toolResultText, workspace } from './helpers.js';

function shellSetup(model: ScriptedModel) {
  const store = memorySessionStore(createSession(planOptions, { now: now() }));
  const pf = createPlanfirstAgents({ store, options: planOptions, now });
  const ran: string[] = [];
  // A shell tool with two optional spellings: strict mode sends the unused one as null.
  const bash = tool({
    name: 'bash',
    description: 'Run a shell command.',
    parameters: {
      type: 'object',
      properties: { command: { type: 'string' }, cmd: { type: 'string' } },
      required: [],
      additionalProperties: false,
    },
    execute: async (input) => {
      const { command } = input as { command?: string };
      ran.push(command ?? '');
      return `ran ${command}`;
    },
  });
  const agent = new Agent({ name: 'sh', tools: pf.wrapTools([bash]), model });
  return { pf, agent, ran };
}

describe('the gate as a tool input guardrail', () => {
  it('lets a provably read-only shell command run while planning (strict-mode nulls ignored)', async () => {
    const model = new ScriptedModel([
      [functionCall('bash', { command: 'grep -rn parse src', cmd: null }, { callId: 's1' })],
      [assistantMessage('parse() is called in two places; here is what I found.')],
    ]);
    const { pf, agent, ran } = shellSetup(model);
    await pf.run(agent, 'Where is parse called?');
    expect(ran).toEqual(['grep -rn parse src']);
  });

  it('blocks a shell command that is not provably read-only, with the analyzer’s reason', async () => {
    const model = new ScriptedModel([
      [functionCall('bash', { command: 'sed -i s/a/b/ src/a.ts', cmd: null }, { callId: 's1' })],
      [assistantMessage('That edit has to wait for an approved plan; here is the plan instead.')],
    ]);
    const { pf, agent, ran } = shellSetup(model);
    await pf.run(agent, 'Rename a to b');
    expect(ran).toEqual([]);
    const seen = toolResultText(model.calls[1], 's1');
    expect(seen).toMatch(/^Plan mode is active and this command is not provably read-only \(/);
    expect(seen).toContain('call exit_plan_mode with your plan');
  });

  it('allows everything in normal mode', async () => {
    const model = new ScriptedModel([
      [functionCall('write_file', { path: 'src/a.ts', content: 'b' }, { callId: 'w1' })],
      [assistantMessage('Wrote src/a.ts.')],
    ]);
    const { pf, agent, ws } = setup(model, {});
    await pf.run(agent, 'Write b into src/a.ts');
    expect(ws.written).toEqual([{ path: 'src/a.ts', content: 'b' }]);
  });

  it('wrapTools copies your tools, attaches the gate once, and refuses tools it cannot gate', () => {
    const { pf } = setup(new ScriptedModel());
    const { writeFile } = workspace();
    const [wrapped] = pf.wrapTools([writeFile]);
    expect(writeFile.inputGuardrails ?? []).toEqual([]);
    expect(wrapped).not.toBe(writeFile);
    const names = (t: typeof wrapped) =>
      t?.type === 'function' ? (t.inputGuardrails ?? []).map((g) => g.name) : [];
    expect(names(wrapped)).toEqual(['planfirst_gate']);
    expect(names(pf.wrapTools(wrapped ? [wrapped] : [])[0])).toEqual(['planfirst_gate']);
    expect(() => pf.wrapTools([webSearchTool()])).toThrow(/can only gate function tools/);
  });
});
