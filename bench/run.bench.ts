import { bench, describe } from 'vitest';
import { createSession, resolveOptions, runAgent } from '../src/index.js';
import { assistant, scriptedModel, toolCall } from '../src/testing/index.js';

// Driver overhead per turn: a run of 20 turns that each read a file, then an answer, with the
// scripted model and an executor that returns at once. Divide the mean by 21 for one turn
// (target: at most 20 µs a turn).
const options = resolveOptions({});
const definitions = [
  {
    name: 'read_file',
    description: 'Read a file.',
    parameters: { type: 'object' },
    readOnly: true,
  },
];
const script = [
  ...Array.from({ length: 20 }, (_, i) =>
    assistant(`Reading part ${i}.`, toolCall('read_file', { path: `src/${i}.ts` })),
  ),
  assistant('Done: the parser guards empty input now.'),
];
const tools = { definitions, execute: async () => 'contents' };

describe('runAgent', () => {
  bench(
    'a 21-turn run (20 tool turns + answer)',
    async () => {
      await runAgent({ model: scriptedModel(script), tools, options }, createSession(options), {
        message: 'fix the parser',
      });
    },
    // Warm up long enough for the JIT: the first few hundred runs are not the steady state a
    // host's agent loop lives in.
    { warmupTime: 2000, time: 3000 },
  );
});
