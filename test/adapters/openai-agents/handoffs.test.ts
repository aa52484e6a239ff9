import { Agent, handoff, Runner, tool } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { describe, expect, it } from 'vitest';
import { createPlanfirstAgents } from '../../../src/adapters/openai-agents/index.js';
import { createSession, memorySessionStore } from '../../../src/index.js';
import { now, planOptions, samplePlan, strictPlanArguments } from './helpers.js';

// A handoff target runs on the same session, so while it plans the target is gated — through
// the real SDK Runner and its ScriptedModel, the write never reaches the executor.

function fixture() {
  const writes: string[] = [];
  const writeFile = tool({
    name: 'write_file',
    description: 'Write a file.',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' } },
      required: ['path', 'content'],
      additionalProperties: false,
    },
    execute: async (input) => {
      writes.push((input as { path: string }).path);
      return 'written';
    },
  });
  const store = memorySessionStore(createSession(planOptions, { now: now() }));
  const pf = createPlanfirstAgents({ store, options: planOptions, now });
  return { writes, writeFile, store, pf };
}

describe('OpenAI Agents handoffs under the gate', () => {
  it('a handoff target started while planning runs gated: its write never runs', async () => {
    const { writes, writeFile, store, pf } = fixture();
    const model = new ScriptedModel([
      [functionCall('transfer_to_fixer', {}, { callId: 'h1' })],
      [functionCall('write_file', { path: 'src/a.ts', content: 'x' }, { callId: 'w1' })],
      [functionCall('exit_plan_mode', strictPlanArguments(samplePlan), { callId: 'p1' })],
    ]);
    const fixer = new Agent({ name: 'fixer', tools: [writeFile, ...pf.planTools], model });
    const triage = new Agent({ name: 'triage', handoffs: [fixer], model });
    const gated = pf.gateAgent(triage);
    const outcome = await pf.run(gated, 'Fix src/a.ts', { runner: new Runner() });
    expect(writes).toEqual([]);
    expect(outcome.status).toBe('awaiting_approval');
    expect(store.get().planMode.mode).toBe('plan');
    // The originals are untouched.
    expect(fixer.tools[0]).toBe(writeFile);
  });

  it('handoff() objects and cycles are gated too; an ungated target would have written', async () => {
    const { writes, writeFile, pf } = fixture();
    const script = () =>
      new ScriptedModel([
        [functionCall('transfer_to_fixer', {}, { callId: 'h1' })],
        [functionCall('write_file', { path: 'src/a.ts', content: 'x' }, { callId: 'w1' })],
        [assistantMessage('Done.')],
      ]);
    const build = (model: ScriptedModel) => {
      const fixer = new Agent({ name: 'fixer', tools: [writeFile], model });
      const triage = new Agent({ name: 'triage', handoffs: [handoff(fixer)], model });
      fixer.handoffs = [triage];
      return triage;
    };
    await pf.run(pf.gateAgent(build(script())), 'Fix src/a.ts', { runner: new Runner() });
    expect(writes).toEqual([]);
    // Control: the same agents without gateAgent let the write through.
    await new Runner().run(build(script()), 'Fix src/a.ts');
    expect(writes).toEqual(['src/a.ts']);
  });
});
