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
  ['approval phase with nothing pending', (j) => { j.run.phase = 'approval'; delete (j.run as Record<string, unknown>).turn; }, 'run.phase'],
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
