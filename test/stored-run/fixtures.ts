import type {
  AssistantMessage,
  ModelClient,
  ModelRequest,
  StoredToolContext,
  ToolCallBlock,
} from '../../src/index.js';
import { assistant, toolCall } from '../../src/testing/index.js';

export const options = { planMode: { enabled: true } };

export const definitions = [
  {
    name: 'read_file',
    description: 'Read a file.',
    parameters: { type: 'object' },
    readOnly: true,
  },
  { name: 'write_file', description: 'Write a file.', parameters: { type: 'object' } },
  { name: 'charge_card', description: 'Charge a card.', parameters: { type: 'object' } },
];

/**
 * A model that answers from the conversation alone, so any worker in any process replies the
 * same to the same session: a task → a plan; approval → the writes in `writes`; a tool result
 * → "Done."; a rejection → a revised plan. Call ids are unique per turn.
 */
export function conversationModel(
  config: {
    writes?: readonly string[];
    /** Runs before the reply (a test pauses or kills the worker here). */
    beforeReply?: (request: ModelRequest) => Promise<void>;
  } = {},
): ModelClient & { calls: number } {
  const writes = config.writes ?? ['write_file'];
  const model = async (request: ModelRequest): Promise<AssistantMessage> => {
    model.calls++;
    await config.beforeReply?.(request);
    const n = request.messages.length;
    const last = request.messages.at(-1);
    if (last?.role === 'tool') return assistant('Done.');
    if (last?.role === 'user' && last.kind === 'plan_approved')
      return assistant(
        'Carrying out the plan.',
        ...writes.map((name, i) => toolCall(name, { path: `out-${i}.txt` }, `c${n}-${i}`)),
      );
    if (last?.role === 'user' && (last.source !== 'planfirst' || last.kind === 'plan_rejected'))
      return assistant(
        toolCall(
          'exit_plan_mode',
          {
            title: last.kind === 'plan_rejected' ? 'Revised plan' : 'Write the file',
            steps: [{ text: 'Write it' }],
          },
          `p${n}`,
        ),
      );
    return assistant('Done.');
  };
  model.calls = 0;
  return model;
}

/** Tools that record every execution with its idempotency key and attempt. */
export function recordingTools(
  run: (call: ToolCallBlock, context: StoredToolContext) => Promise<string> = async (c) =>
    `${c.name} ok`,
) {
  const executed: { name: string; id: string; key: string; attempt: number }[] = [];
  return {
    executed,
    definitions,
    async execute(call: ToolCallBlock, context: StoredToolContext) {
      executed.push({
        name: call.name,
        id: call.id,
        key: context.idempotencyKey,
        attempt: context.attempt,
      });
      return run(call, context);
    },
  };
}

/** A clock tests move by hand. */
export function manualClock(start = 1_000_000) {
  let t = start;
  const now = () => t;
  now.advance = (ms: number) => {
    t += ms;
  };
  return now;
}
