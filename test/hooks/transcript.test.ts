import { describe, expect, it } from 'vitest';
import { transcriptFacts } from '../../src/hooks/transcript.js';
import { judgeHookEvent } from '../../src/index.js';
import * as f from './fixtures.js';

// Gemini CLI's chat recording, as its ChatRecordingService writes it: a metadata line, one line
// per message, the same message written again under its id when it changes (tool calls added),
// `$set` metadata updates and `$rewindTo` lines.
const lines = (...records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n');
const meta = { sessionId: 's-1', projectHash: 'abc', startTime: '2026-12-03T21:00:00.000Z' };
const user = (id: string, text: string) => ({
  id,
  timestamp: '2026-12-03T21:00:01.000Z',
  type: 'user',
  content: [{ text }],
});
const gemini = (id: string, content: string, toolCalls?: unknown[]) => ({
  id,
  timestamp: '2026-12-03T21:00:02.000Z',
  type: 'gemini',
  content,
  ...(toolCalls === undefined ? {} : { toolCalls }),
  model: 'gemini-2.5-pro',
});
const call = (id: string) => ({
  id,
  name: 'run_shell_command',
  args: { command: 'ls' },
  status: 'success',
  timestamp: '2026-12-03T21:00:03.000Z',
});

describe('transcriptFacts: Gemini CLI', () => {
  it('reads the last prompt and counts each tool call once across rewrites', () => {
    const text = lines(
      meta,
      user('u1', 'Fix the parser'),
      gemini('g1', '', [call('c1')]),
      gemini('g1', '', [call('c1'), call('c2')]),
      { $set: { summary: 'parser' } },
      gemini('g2', 'Done, the tests pass.'),
    );
    expect(transcriptFacts(text)).toEqual({ userPrompt: 'Fix the parser', toolCalls: 2 });
  });

  it('a new prompt restarts the count; narration only is zero tool calls', () => {
    const text = lines(
      meta,
      user('u1', 'Fix the parser'),
      gemini('g1', '', [call('c1')]),
      user('u2', 'Now update the docs'),
      gemini('g2', 'I will update the docs next.'),
    );
    expect(transcriptFacts(text)).toEqual({ userPrompt: 'Now update the docs', toolCalls: 0 });
  });

  it('$rewindTo drops that message and everything after it', () => {
    const text = lines(
      meta,
      user('u1', 'First'),
      gemini('g1', 'ok'),
      user('u2', 'Second'),
      gemini('g2', '', [call('c1')]),
      { $rewindTo: 'u2' },
    );
    expect(transcriptFacts(text)).toEqual({ userPrompt: 'First', toolCalls: 0 });
  });

  it('a tail that starts inside a line is still read', () => {
    const text = lines(user('u1', 'Do it'), gemini('g1', 'I will do it.')).slice(5);
    expect(transcriptFacts(`{"broken\n${text}`).userPrompt).toBeNull();
    expect(transcriptFacts(lines(meta, user('u1', 'Do it'), gemini('g1', 'x'))).toolCalls).toBe(0);
  });
});

describe('the Stop judge with what the stop event carries', () => {
  const narration = 'I will update the parser first and then run the tests.';

  it('Gemini AfterAgent: the prompt and response in the event draw a retry', () => {
    const a = judgeHookEvent('gemini', f.geminiAfterAgent('Fix the parser', narration), {
      stop: { limit: 3, userPrompt: null, toolCalls: 0, attempts: 0 },
    });
    expect(JSON.parse(a.stdout)).toMatchObject({ decision: 'deny' });
    expect(a.judgement.attempts).toBe(1);
  });

  it('unknown tool calls: the final message is judged, not counted as acted', () => {
    const a = judgeHookEvent('gemini', f.geminiAfterAgent('Fix the parser', narration), {
      stop: { limit: 3, userPrompt: null, attempts: 0 },
    });
    expect(a.judgement.verdict).toBe('block-stop');
    const done = judgeHookEvent(
      'gemini',
      f.geminiAfterAgent('Fix the parser', 'Fixed: the parser accepts empty input now.'),
      { stop: { limit: 3, userPrompt: null, attempts: 0 } },
    );
    expect(done.judgement.verdict).toBe('neutral');
  });

  it('the retry text names no local path', () => {
    const a = judgeHookEvent('claude', f.claudeStop(narration), {
      stop: { limit: 3, userPrompt: 'Fix it', toolCalls: 0, attempts: 0 },
    });
    expect(a.judgement.reason).not.toMatch(/\/(home|Users|tmp|opt|usr)\//);
    expect(a.stdout).not.toContain('hook.js');
  });
});
