import { describe, expect, it } from 'vitest';
import {
  classifyTurn,
  createSession,
  isExecutionAck,
  resolveIncompleteTurn,
  resolveOptions,
} from '../../src/index.js';
import { read, turn } from './turns.js';

// The classes the labelled corpus exposed, as rules (not rows), and the `uncertain` outcome.

const options = resolveOptions({});
const classify = (text: string, extra: Parameters<typeof turn>[1] = {}, planMode = false) =>
  classifyTurn(turn(text, extra), { planMode, options });

describe('a preamble before a pending tool call is acting', () => {
  it('one read-only call with stop reason tool_use is acted, whatever the text promises', () => {
    const got = classify("I'll check the latest CI run logs.", {
      toolCalls: [read('bash')],
      stopReason: 'tool_use',
    });
    expect(got).toEqual({
      kind: 'acted',
      evidence: { rule: 'tool-pending', detail: 'a read-only call pending (stop reason tool_use)' },
    });
  });
  it('the same text and call with stop reason stop is single-action narration', () => {
    expect(classify("I'll check the latest CI run logs.", { toolCalls: [read('bash')] }).kind).toBe(
      'single-action-narration',
    );
  });
});

describe('a promise that then delivers is an answer', () => {
  it('prose after the colon: a sure answer', () => {
    const got = classify(
      "I'll summarize: the worker crashed three times with ECONNRESET and every retry failed because the pool was exhausted.",
    );
    expect(got.kind).toBe('answered');
    expect(got.evidence.rule).toBe('delivered-content');
    expect(got.uncertain).toBeUndefined();
  });
  it('a list after the colon: findings or steps, so an uncertain answer', () => {
    const got = classify(
      "I'll break it down:\n- the API has no rate limit\n- cookies lack SameSite",
    );
    expect(got).toMatchObject({ kind: 'answered', uncertain: true });
  });
  it('a promise after the colon content keeps it narration', () => {
    expect(
      classify("Here's my plan:\n1. Add the route\n2. Add tests\n\nI'll begin with step 1.").kind,
    ).toBe('planning-only');
  });
  it('too little after the colon is still narration', () => {
    expect(classify("I'll do this: the fix.").kind).toBe('planning-only');
  });
});

describe('promise-shaped pleasantries after chit-chat', () => {
  it('a fully social prompt makes the reply a sure answer', () => {
    const got = classify("Happy to help! I'll keep that in mind.", { userPrompt: 'thanks!' });
    expect(got.kind).toBe('answered');
    expect(got.uncertain).toBeUndefined();
  });
  it('thanks or praise in a short prompt with other words: an uncertain answer', () => {
    const got = classify("Anytime! I'll follow the same pattern next time.", {
      userPrompt: 'Perfect, thanks a lot!',
    });
    expect(got).toMatchObject({ kind: 'answered', uncertain: true });
  });
  it('a request marker keeps it a request', () => {
    expect(
      classify("I'll add the tests now.", { userPrompt: 'thanks, can you add tests' }).kind,
    ).toBe('planning-only');
  });
});

describe('plan-mode status lines', () => {
  it.each([
    ['Planning now.'],
    ['Plan created. I will investigate the data access next.'],
    ['Ready when you are. Starting the planning phase now.'],
  ])('%s is plan-ack-only', (text) => {
    const got = classify(text, { userPrompt: 'Plan the migration.' }, true);
    expect(got.kind).toBe('plan-ack-only');
    expect(got.uncertain).toBeUndefined();
  });
  it('a few words with no cue at all are plan-ack-only, but uncertain', () => {
    expect(classify('Sharding, then.', { userPrompt: 'Plan the sharding.' }, true)).toMatchObject({
      kind: 'plan-ack-only',
      uncertain: true,
    });
  });
  it('a bare acknowledgement after a question is uncertain', () => {
    expect(classify('Yes.', { userPrompt: 'Can you plan it?' }, true)).toMatchObject({
      kind: 'plan-ack-only',
      uncertain: true,
    });
  });
  it('a sentence that reports something makes it an answer', () => {
    expect(
      classify('The router matches paths in registration order, so order matters.', {}, true).kind,
    ).toBe('answered');
  });
});

describe('cue phrases ending in * are word prefixes', () => {
  it('Arabic سأ* (I will …) catches future verbs no list names', () => {
    expect(classify('سأضع خطة بعد استكشاف المستودع.').kind).toBe('planning-only');
  });
  it('سأل* (asked) masks it', () => {
    expect(classify('سألت عن الملف.').kind).toBe('answered');
  });
});

describe('go-aheads', () => {
  const ack = (prompt: string, previous: string | null = null) =>
    isExecutionAck(prompt, { previousAssistantText: previous, options });
  it('a polite frame makes an assent a request without an offer', () => {
    expect(ack('please proceed')).toBe(true);
    expect(ack('Bitte fortfahren.')).toBe(true);
    expect(ack('por favor, procede')).toBe(true);
    expect(ack('proceed')).toBe(false);
    expect(ack('please')).toBe(false);
  });
  it('emoji no list holds do not break a go-ahead, and alone are nothing', () => {
    expect(ack('Ship it 🚢🚢')).toBe(true);
    expect(ack('🚢')).toBe(false);
  });
  it('a question that promises the work is an offer', () => {
    expect(ack('oui', 'Je lance la migration ?')).toBe(true);
    expect(ack('oui', 'Le test échoue aussi chez toi ?')).toBe(false);
  });
});

describe('the uncertain outcome in the resolver', () => {
  const borderline = turn('Sharding, then.', { userPrompt: 'Plan the sharding.' });
  const planning = () => createSession({ planMode: { enabled: true } });
  it('by default an uncertain stall is not retried and counts nothing', () => {
    const state = planning();
    const r = resolveIncompleteTurn(state, borderline, {});
    expect(r.outcome).toBe('continue');
    expect(r.classification).toMatchObject({ kind: 'plan-ack-only', uncertain: true });
    expect(r.state.incompleteTurn?.attempts ?? {}).toEqual({});
  });
  it("with uncertain: 'retry' (the host's model judged it a stall) it is retried", () => {
    const r = resolveIncompleteTurn(planning(), borderline, {}, { uncertain: 'retry' });
    expect(r.outcome).toBe('retry');
    expect(r.state.incompleteTurn?.attempts).toEqual({ 'plan-ack-only': 1 });
  });
  it('a sure stall is retried either way', () => {
    const sure = turn('Planning now.', { userPrompt: 'Plan the sharding.' });
    expect(resolveIncompleteTurn(planning(), sure, {}).outcome).toBe('retry');
  });
});
