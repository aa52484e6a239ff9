import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
import { createPlanfirstAiSdk } from '../../../src/adapters/ai-sdk/index.js';
import { createSession, memorySessionStore } from '../../../src/index.js';
import { gateFieldsSuite } from '../gate-fields-suite.js';
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
        patch: z.string().optional(),
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

gateFieldsSuite(
  'AI SDK adapter',
  async (input, tool) => (await run(input, tool === 'plan-file' ? 'write_file' : 'exec')).ran,
);
