import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTurnSummary, turnSummarySchema } from '../../src/incomplete-turn/turn-summary.js';
import { classifyTurn, isExecutionAck, resolveOptions, type TurnSummary } from '../../src/index.js';
import { turn } from './turns.js';

// Properties of the classifier and the ACK fast-path over random input: totality,
// determinism, the precedence of not-retryable, and the hard limits of the go-ahead detector.

const options = resolveOptions({});

// Text that hits the interesting paths: cue phrases of several languages glued with noise,
// punctuation, line breaks, code fences and arbitrary Unicode.
const fragment = fc.oneof(
  // biome-ignore format: a list of fragments
  fc.constantFrom(
    "I'll", 'let me', 'let me know', 'done', 'fixed', 'Blocked:', 'next', 'now', 'Plan:',
    '1. step', '- item', '```', '?', '。', '？', '؟', '!', '.', '\n', 'ok', 'yes', 'go ahead',
    'thanks', 'ich werde', 'je vais', 'voy a', 'vou', 'します', '하겠습니다', '我将', 'سأقوم',
    '👍', 'ＯＫ', '\u200b', 'e.g.', 'on it', 'Got it,', 'removing',
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
);
const text = fc.array(fragment, { maxLength: 14 }).map((parts) => parts.join(' '));
const toolCall = fc.record({
  name: fc.oneof(
    fc.constantFrom('read', 'grep', 'edit', 'update_plan', 'enter_plan_mode', 'exit_plan_mode'),
    fc.string(),
  ),
  readOnly: fc.boolean(),
});
const turnArb: fc.Arbitrary<TurnSummary> = fc.record({
  text,
  hasThinking: fc.boolean(),
  toolCalls: fc.array(toolCall, { maxLength: 3 }),
  stopReason: fc.constantFrom('stop', 'tool_use', 'length', 'error', 'aborted'),
  aborted: fc.boolean(),
  timedOut: fc.boolean(),
  toolError: fc.boolean(),
  sideEffects: fc.boolean(),
  userPrompt: fc.option(text, { nil: null }),
  previousAssistantText: fc.option(text, { nil: null }),
});
const flagsSet = (t: TurnSummary) =>
  t.aborted ||
  t.timedOut ||
  t.toolError ||
  t.sideEffects ||
  t.stopReason === 'length' ||
  t.stopReason === 'error' ||
  t.stopReason === 'aborted';

describe('classifyTurn properties', () => {
  it('never throws, on anything at all (non-objects included)', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (turn, context) => {
        const got = classifyTurn(turn as never, context as never);
        expect(typeof got.kind).toBe('string');
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on well-formed turns with hostile text', () => {
    fc.assert(
      fc.property(turnArb, fc.boolean(), (turn, planMode) => {
        classifyTurn(turn, { planMode, options });
      }),
      { numRuns: 2000 },
    );
  });

  it('answers not-retryable whenever a stop flag is set, whatever the text and tools', () => {
    fc.assert(
      fc.property(turnArb, fc.boolean(), (turn, planMode) => {
        const kind = classifyTurn(turn, { planMode, options }).kind;
        if (flagsSet(turn)) expect(kind).toBe('not-retryable');
        else expect(kind).not.toBe('not-retryable');
      }),
      { numRuns: 2000 },
    );
  });

  it('is deterministic: equal input, equal output, across a JSON round trip', () => {
    fc.assert(
      fc.property(turnArb, fc.boolean(), (turn, planMode) => {
        const first = classifyTurn(turn, { planMode, options });
        const again = classifyTurn(JSON.parse(JSON.stringify(turn)) as TurnSummary, {
          planMode,
          options,
        });
        expect(again).toEqual(first);
      }),
      { numRuns: 1000 },
    );
  });

  it('never gives plan-ack-only outside plan mode, nor planning-only inside it', () => {
    fc.assert(
      fc.property(turnArb, fc.boolean(), (turn, planMode) => {
        const kind = classifyTurn(turn, { planMode, options }).kind;
        if (planMode) expect(['planning-only', 'single-action-narration']).not.toContain(kind);
        else expect(kind).not.toBe('plan-ack-only');
      }),
      { numRuns: 1000 },
    );
  });

  it('answers a megabyte of text (timed in bench/worst-case-inputs.bench.ts)', () => {
    const wide = resolveOptions({ incompleteTurn: { narrationMaxLength: 100_000 } });
    const big = "I'll go. Done? let me know ".repeat(4000); // ~100 KB judged in full
    const huge = 'ab '.repeat(350_000); // ~1 MB, over any threshold
    expect(classifyTurn({ ...baseTurn, text: big }, { planMode: false, options: wide }).kind).toBe(
      'answered',
    );
    const hugeTurn = { ...baseTurn, text: huge, userPrompt: huge };
    expect(classifyTurn(hugeTurn, { planMode: false, options }).kind).toBe('answered');
  });
});

const baseTurn = turn('', { userPrompt: 'fix it' });

describe('isExecutionAck properties', () => {
  const prompt = fc.oneof(
    text,
    fc.constantFrom('ok', 'do it', 'yes', 'go ahead', '進めて', 'ＯＫ', '👍', 'continue'),
  );
  const previous = fc.option(fc.oneof(text, fc.constant('Want me to go ahead?')), { nil: null });

  it('never throws, on anything at all', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (p, context) => {
        expect(typeof isExecutionAck(p as never, context as never)).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });

  it('never fires in plan mode', () => {
    fc.assert(
      fc.property(prompt, previous, (p, prev) => {
        expect(isExecutionAck(p, { planMode: true, previousAssistantText: prev, options })).toBe(
          false,
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('never fires over 80 characters, on several lines, or with a question mark', () => {
    const padded = fc
      .tuple(prompt, fc.constantFrom(' please', ' now', ' 👍', ' ok'))
      .map(([p, pad]) => `ok do it${pad.repeat(41)}${p}`);
    // A line break between words (a trailing one is trimmed like any whitespace).
    const multiLine = fc
      .tuple(
        prompt,
        fc.constantFrom('\n', '\r\n', '\r', '\u2028', '\u2029', '\u0085'),
        fc.constantFrom('do it', 'ok', 'also update the README', '👍'),
      )
      .map(([a, br, b]) => `ok ${a}${br}${b}`);
    const questioned = fc
      .tuple(prompt, fc.constantFrom('?', '？', '؟', '¿', '⁇'))
      .map(([p, q]) => `ok do it ${p}${q}`);
    fc.assert(
      fc.property(fc.oneof(padded, multiLine, questioned), previous, (p, prev) => {
        expect(isExecutionAck(p, { previousAssistantText: prev, options })).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('does not depend on case, width or surrounding punctuation', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('ok', 'do it', 'go ahead', 'ship it', 'continue', 'carry on'),
        fc.constantFrom('', '!', '.', '!!!', '…'),
        (p, punctuation) => {
          const variants = [p, p.toUpperCase(), toFullWidth(p), `${p}${punctuation}`];
          for (const v of variants) expect(isExecutionAck(v, { options }), v).toBe(true);
        },
      ),
    );
  });
});

function toFullWidth(s: string): string {
  return [...s]
    .map((c) => (c === ' ' ? '\u3000' : String.fromCharCode(c.charCodeAt(0) + 0xfee0)))
    .join('');
}

describe('the fast turn-summary check', () => {
  const valid = fc.record({
    text: fc.string(),
    hasThinking: fc.boolean(),
    toolCalls: fc.array(fc.record({ name: fc.string(), readOnly: fc.boolean() })),
    stopReason: fc.constantFrom('stop', 'tool_use', 'length', 'error', 'aborted'),
    aborted: fc.boolean(),
    timedOut: fc.boolean(),
    toolError: fc.boolean(),
    sideEffects: fc.boolean(),
    userPrompt: fc.option(fc.string(), { nil: null }),
    previousAssistantText: fc.option(fc.string(), { nil: null }),
  });
  // A valid summary with one field replaced by anything, or with a hole in its calls.
  const mutated = fc
    .tuple(
      valid,
      fc.constantFrom(...Object.keys(turnSummarySchema.shape), 'toolCalls.0'),
      fc.anything(),
    )
    .map(([summary, key, value]) => {
      const copy: Record<string, unknown> = { ...summary };
      if (key === 'toolCalls.0')
        copy.toolCalls = value === undefined ? new Array<unknown>(2).fill(summary, 1) : [value];
      else if (value === undefined) delete copy[key];
      else copy[key] = value;
      return copy;
    });

  it('accepts exactly what turnSummarySchema accepts', () => {
    fc.assert(
      fc.property(fc.oneof(valid, mutated, fc.anything()), (value) => {
        expect(isTurnSummary(value)).toBe(turnSummarySchema.safeParse(value).success);
      }),
      { numRuns: 5000 },
    );
  });
});
