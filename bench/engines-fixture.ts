// The conversation bench/engines.ts times on every path: a user message, then `steps` turns
// that each call the mutating tool `write_file` once (at-most-once: an intent before it), then
// "Done.". Plan mode is off, so no approval waits; a run is 2 × steps + 1 effects.
import type { AssistantMessage, ModelClient, ModelRequest, ToolCallBlock } from '../src/index.js';
import { assistant, toolCall } from '../src/testing/index.js';

export const benchSteps = 8;

export const benchModel: ModelClient = async (request: ModelRequest): Promise<AssistantMessage> => {
  const writes = request.messages.filter((m) => m.role === 'tool').length;
  return writes < benchSteps
    ? assistant(toolCall('write_file', { path: `f${writes}` }, `w${writes}`))
    : assistant('Done.');
};

export const benchTools = {
  definitions: [
    { name: 'write_file', description: 'Write a file.', parameters: { type: 'object' } },
  ],
  async execute(call: ToolCallBlock): Promise<string> {
    return `${call.name} ok`;
  },
};
