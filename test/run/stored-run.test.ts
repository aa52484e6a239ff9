import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createSession,
  parseSession,
  SessionError,
  type SessionState,
  step,
} from '../../src/index.js';
import { assistant, toolCall } from '../../src/testing/index.js';
import { definitions } from './fixtures.js';

// A stored run that step could not carry on from is rejected when it is read back, with the
// path of what is wrong, instead of crashing a later step.

const context = { tools: definitions };
function midTools(): SessionState {
  const started = step(createSession(), { type: 'user_message', content: 'fix', now: 0 }, context);
  const message = assistant(
    'Reading.',
    toolCall('read_file', { path: 'a.ts' }, 'c1'),
    toolCall('read_file', { path: 'b.ts' }, 'c2'),
  );
  const r = step(started.session, { type: 'model_response', message, now: 1 }, context);
  expect(r.effect.type).toBe('execute_tools');
  return r.session;
}

type Json = {
  run: Record<string, unknown> & { turn: Record<string, unknown> & { calls: { id: string }[] } };
};
// biome-ignore format: one row per line reads as a table
const tampered: [string, (j: Json) => void, string][] = [
  ['the turn points at the user message', (j) => { j.run.turn.messageIndex = 0; }, 'run.turn.messageIndex'],
  ['the turn points past the end', (j) => { j.run.turn.messageIndex = 9; }, 'run.turn.messageIndex'],
  ['a tracked call is not in the message', (j) => { j.run.turn.calls[0] = { ...j.run.turn.calls[0], id: 'zz' }; }, 'run.turn.calls'],
  ['a call is missing', (j) => { j.run.turn.calls.pop(); }, 'run.turn.calls'],
  ['tools phase without a turn', (j) => { delete (j.run as Record<string, unknown>).turn; }, 'run.phase'],
  ['a turn outside the tools phase', (j) => { j.run.phase = 'model'; }, 'run.turn'],
  ['the run starts past the last message', (j) => { j.run.startIndex = 50; }, 'run.startIndex'],
];

describe('parseSession checks the stored run', () => {
  it('accepts a run stopped in the middle of its tool calls', () => {
    const session = midTools();
    expect(parseSession(JSON.parse(JSON.stringify(session)))).toEqual(session);
  });

  it.each(tampered)('rejects %s', (_name, tamper, path) => {
    const json = JSON.parse(JSON.stringify(midTools())) as Json;
    tamper(json);
    let error: unknown;
    try {
      parseSession(json);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SessionError);
    expect((error as SessionError).issues.map((i) => i.path)).toContain(path);
  });

  it('accepts a model that reused a tool call id (step answers the second with an error)', () => {
    const started = step(
      createSession(),
      { type: 'user_message', content: 'fix', now: 0 },
      context,
    );
    const message = assistant(
      toolCall('read_file', { path: 'a.ts' }, 'same'),
      toolCall('read_file', { path: 'b.ts' }, 'same'),
    );
    const r = step(started.session, { type: 'model_response', message, now: 1 }, context);
    expect(parseSession(JSON.parse(JSON.stringify(r.session)))).toEqual(r.session);
  });
});

describe('a model response that cannot be read', () => {
  it('ends the run with a model error instead of throwing out of step', () => {
    const started = step(
      createSession(),
      { type: 'user_message', content: 'fix', now: 0 },
      context,
    );
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('boom');
        },
        getPrototypeOf() {
          throw new Error('boom');
        },
      },
    );
    const r = step(
      started.session,
      { type: 'model_response', message: hostile as never, now: 1 },
      context,
    );
    expect(r.effect).toMatchObject({
      type: 'finish',
      outcome: { status: 'error', reason: 'model_error' },
    });
  });
});

describe('tool results that cannot be read', () => {
  it('become error results instead of throwing out of step', () => {
    const session = midTools();
    const unreadable = {
      toString() {
        throw new Error('boom');
      },
    };
    const r = step(
      session,
      {
        type: 'tool_results',
        results: [
          { toolCallId: 'c1', content: unreadable as never, isError: false },
          null as never,
          { toolCallId: 'c2', content: 'ok', isError: false },
        ],
        now: 2,
      },
      context,
    );
    expect(r.effect.type).toBe('call_model');
    const tools = r.session.messages.filter((m) => m.role === 'tool');
    expect(tools).toMatchObject([
      { toolCallId: 'c1', isError: true, content: 'The tool result could not be read as text.' },
      { toolCallId: 'c2', isError: false, content: 'ok' },
    ]);
  });

  it('a results list that is not an array leaves the calls pending', () => {
    const r = step(midTools(), { type: 'tool_results', results: 'nope' as never, now: 2 }, context);
    expect(r.effect).toMatchObject({ type: 'execute_tools' });
  });
});

describe('malformed step inputs', () => {
  it.each([
    ['no input', undefined],
    ['an unknown type', { type: 'tool_result', now: 1 }],
    ['a missing clock', { type: 'resume' }],
    ['a clock that is not a number', { type: 'abort', now: '1' }],
    ['a user message that is not text', { type: 'user_message', content: 42, now: 1 }],
    ['a model error that is not text', { type: 'model_error', error: {}, now: 1 }],
    [
      'an approval id that is not text',
      { type: 'model_response', message: {}, approvalId: 7, now: 1 },
    ],
  ])('%s ends the run with invalid_input and leaves the session as it was', (_name, input) => {
    const session = midTools();
    const r = step(session, input as never, context);
    expect(r.effect).toMatchObject({
      type: 'finish',
      outcome: { status: 'error', reason: 'invalid_input' },
    });
    expect(r.session).toEqual(session);
  });
});

describe('step under arbitrary input', () => {
  it('never throws, whatever the host passes, in any phase', () => {
    const sessions = [createSession(), midTools()];
    const shaped = fc.record(
      {
        type: fc.constantFrom(
          'user_message',
          'model_response',
          'model_error',
          'tool_results',
          'approval_decision',
          'abort',
          'resume',
        ),
        now: fc.oneof(fc.integer(), fc.anything()),
        content: fc.anything(),
        message: fc.anything(),
        error: fc.anything(),
        results: fc.oneof(fc.array(fc.anything()), fc.anything()),
        decision: fc.anything(),
        approvalId: fc.anything(),
      },
      { requiredKeys: ['type'] },
    );
    fc.assert(
      fc.property(fc.constantFrom(...sessions), fc.oneof(shaped, fc.anything()), (s, input) => {
        const r = step(s, input as never, context);
        expect(['call_model', 'execute_tools', 'request_approval', 'finish']).toContain(
          r.effect.type,
        );
      }),
      { numRuns: 5000 },
    );
  });
});
