import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
import { describe, expect, it } from 'vitest';
import { worstCaseModelCalls } from '../../../src/index.js';
import { setup } from './helpers.js';

// A model that never acts: it only narrates, says nothing, or only reasons. The adapter must
// stop within worstCaseModelCalls(options), as step and runAgent do.
let n = 0;
const kinds = {
  narration: () => [assistantMessage("I'll look into it and fix the bug.")],
  empty: () => [],
  invalidPlan: () => [
    functionCall(
      'exit_plan_mode',
      { title: '', steps: [], summary: null, assumptions: null, risks: null, verification: null },
      { callId: `p${++n}` },
    ),
  ],
  enterNotAllowed: () => [
    functionCall('enter_plan_mode', { reason: 'plan first' }, { callId: `e${++n}` }),
  ],
  reasoningOnly: () => [
    { type: 'reasoning' as const, content: [{ type: 'input_text' as const, text: 'Thinking…' }] },
  ],
};

describe('OpenAI Agents: a model that never acts stops at the worst case', () => {
  for (const [kind, reply] of Object.entries(kinds))
    for (const planMode of [false, true])
      it(`${kind}, plan mode ${planMode ? 'on' : 'off'}`, async () => {
        const options = { planMode: { enabled: planMode } };
        const model = new ScriptedModel(Array.from({ length: 200 }, () => reply() as never));
        const env = setup(model, options);
        // Whatever the SDK makes of it (an outcome, or its own MaxTurnsExceeded), the calls count.
        await env.pf.run(env.agent, 'Fix the bug in src/a.ts.').catch(() => undefined);
        expect(model.calls.length).toBeLessThanOrEqual(worstCaseModelCalls(options));
      });
});
