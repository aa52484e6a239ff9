import { describe, expect, it } from 'vitest';
import { createSession, runAgent } from '../../src/index.js';
import { assistant, scriptedModel, toolCall } from '../../src/testing/index.js';
import { recordingTools } from './fixtures.js';

// A turn that calls a tool is working: the model answers the results next, so whatever its
// text says ("Let me look at…"), it never draws a retry or counts toward a retry limit.
describe('turns that call tools are never retried', () => {
  it('a model that narrates each read runs to its answer without a single instruction', async () => {
    const script = [
      ...Array.from({ length: 6 }, (_, i) =>
        assistant(
          `Let me look at part ${i}; next I'll check the caller.`,
          toolCall('read_file', { path: `src/${i}.ts` }),
        ),
      ),
      assistant('Done: the parser guards empty input now.'),
    ];
    const model = scriptedModel(script);
    const result = await runAgent({ model, tools: recordingTools() }, createSession(), {
      message: 'fix the parser',
    });
    expect(result.status).toBe('completed');
    expect(model.requests).toHaveLength(7);
    expect(result.events.filter((e) => e.type === 'retry_injected')).toEqual([]);
    expect(result.messages.filter((m) => m.role === 'user' && m.source === 'planfirst')).toEqual(
      [],
    );
  });

  it('a narration that ends the turn is still retried after the reads', async () => {
    const model = scriptedModel([
      assistant('Let me look at the parser.', toolCall('read_file', { path: 'src/parser.ts' })),
      assistant("Next I'll patch the parser."),
      assistant('Done: patched and tested.'),
    ]);
    const result = await runAgent({ model, tools: recordingTools() }, createSession(), {
      message: 'fix the parser',
    });
    expect(result.status).toBe('completed');
    const retries = result.events.filter((e) => e.type === 'retry_injected');
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({ instruction: { kind: 'planning-only', attempt: 1 } });
  });

  it('a narration after a tool really failed is not retried (the user should see the failure)', async () => {
    const model = scriptedModel([
      assistant('Let me run the parser.', toolCall('read_file', { path: 'src/parser.ts' })),
      assistant("The read failed; I'll try another way next."),
    ]);
    const result = await runAgent(
      { model, tools: recordingTools(['read_file']) },
      createSession(),
      { message: 'fix the parser' },
    );
    expect(result.status).toBe('completed');
    expect(result.events.filter((e) => e.type === 'retry_injected')).toEqual([]);
    expect(result.events).toContainEqual(
      expect.objectContaining({ type: 'turn_classified', kind: 'not-retryable' }),
    );
    expect(result.session.run.toolFailed).toBe(false);
  });
});
