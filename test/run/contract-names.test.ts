import { describe, expect, it } from 'vitest';
import { createSession, runAgent, type StepInput, step } from '../../src/index.js';
import { assistant, scriptedModel } from '../../src/testing/index.js';

// step and runAgent name the same things the same way: the user's text is `message`, the
// model's id is `modelId`. The 0.1 names (`content`, step's `model`) still work.

const narration = assistant("I'll update the parser and run the tests.");

function afterNarration(ctx: Parameters<typeof step>[2], first: StepInput) {
  const started = step(createSession(), first, ctx);
  return step(started.session, { type: 'model_response', message: narration, now: 2 }, ctx);
}

describe('step input and context names', () => {
  it('takes the user text as `message`, like runAgent', () => {
    const r = step(
      createSession(),
      { type: 'user_message', message: 'fix the parser', now: 1 },
      {},
    );
    expect(r.effect.type === 'call_model' && r.effect.request.messages).toEqual([
      { role: 'user', content: 'fix the parser', source: 'host' },
    ]);
  });

  it('still takes the deprecated `content`', () => {
    const r = step(
      createSession(),
      { type: 'user_message', content: 'fix the parser', now: 1 },
      {},
    );
    expect(r.effect.type === 'call_model' && r.effect.request.messages[0]?.content).toBe(
      'fix the parser',
    );
  });

  it('refuses a user_message without text, naming `message`', () => {
    const r = step(createSession(), { type: 'user_message', now: 1 } as unknown as StepInput, {});
    expect(r.effect).toEqual({
      type: 'finish',
      outcome: {
        status: 'error',
        reason: 'invalid_input',
        text: 'user_message: message must be a string',
      },
    });
  });

  it.each([
    ['modelId', 'openai/gpt-5', 'retry_injected'],
    ['modelId', 'anthropic/claude', 'run_finished'],
    ['model', 'openai/gpt-5', 'retry_injected'],
    ['model', 'anthropic/claude', 'run_finished'],
  ])('passes context.%s = %s to the resolver (incompleteTurn.appliesTo)', (key, id, event) => {
    const ctx = { options: { incompleteTurn: { appliesTo: ['openai/*'] } }, [key]: id };
    const r = afterNarration(ctx, { type: 'user_message', message: 'fix the parser', now: 1 });
    expect(r.events.map((e) => e.type)).toContain(event);
  });
});

describe('a model response planfirst cannot read', () => {
  it('ends the run with the failing field paths and the expected shape', async () => {
    const model = async () => ({
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'x', name: 'read', input: {} }],
      stopReason: 'tool_use',
    });
    const tools = { definitions: [], execute: async () => '' };
    const result = await runAgent({ model: model as never, tools }, createSession(), {
      message: 'hi',
    });
    expect(result.status).toBe('error');
    expect(result.text).toContain('content.0.type:');
    expect(result.text).toContain('got "tool_use"');
    expect(result.text).toContain("expected { role: 'assistant', content: [text | thinking");
  });

  it('names a missing stop reason and content that is not an array', () => {
    const ctx = {};
    const started = step(createSession(), { type: 'user_message', message: 'hi', now: 1 }, ctx);
    const bad = { role: 'assistant', content: 'hello' } as unknown as typeof narration;
    const r = step(started.session, { type: 'model_response', message: bad, now: 2 }, ctx);
    const text = r.effect.type === 'finish' ? (r.effect.outcome.text ?? '') : '';
    expect(text).toMatch(/\(content: .*expected array.*; stopReason: .*got nothing\)/);
  });

  it('a scripted model never trips it', async () => {
    const tools = { definitions: [], execute: async () => '' };
    const model = scriptedModel([assistant('Done.')]);
    const result = await runAgent({ model, tools }, createSession(), { message: 'hi' });
    expect(result.status).toBe('completed');
  });
});
