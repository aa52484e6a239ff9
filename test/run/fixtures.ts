import type { ToolCallBlock } from '../../src/index.js';
import { assistant, thinking, toolCall } from '../../src/testing/index.js';

/** Host tools for run-loop tests: one read-only, one writing, one shell; results are echoes. */
export const definitions = [
  {
    name: 'read_file',
    description: 'Read a file.',
    parameters: { type: 'object' },
    readOnly: true,
  },
  { name: 'write_file', description: 'Write a file.', parameters: { type: 'object' } },
  { name: 'bash', description: 'Run a shell command.', parameters: { type: 'object' } },
];

/** An executor recording what it ran. */
export function recordingTools(fail: readonly string[] = []) {
  const executed: ToolCallBlock[] = [];
  return {
    executed,
    definitions,
    execute: async (call: ToolCallBlock) => {
      executed.push(call);
      if (fail.includes(call.name)) throw new Error(`${call.name} exploded`);
      return `${call.name} done`;
    },
  };
}

/** The turns a model that never acts (calls no tool) can send, one per stall kind. */
export const stalls = {
  narration: () => assistant("I'll inspect the parser and run the tests."),
  thinkingOnly: () => assistant(thinking('Considering the options…')),
  empty: () => assistant(),
  planAck: () => assistant('Got it, I will look around first.'),
  /** Plan bookkeeping only: no stall, but no work either. */
  bookkeeping: () =>
    assistant(
      'Plan updated.',
      toolCall('update_plan', { updates: [{ id: '1', status: 'completed' }] }),
    ),
  enterAgain: () => assistant(toolCall('enter_plan_mode', {})),
  /** "Done" while approved steps are open: claimed-done in a run executing a plan. */
  claimedDone: () => assistant('All done: the parser is fixed.'),
};

/** One read and the next step narrated: working (the loop goes on), never a retry. */
export const readThenNarrate = () =>
  assistant("Next I'll patch the parser.", toolCall('read_file', { path: 'src/parser.ts' }));

export const samplePlan = {
  title: 'Fix the parser',
  steps: [{ text: 'Guard parse()' }, { text: 'Add a test' }],
};
