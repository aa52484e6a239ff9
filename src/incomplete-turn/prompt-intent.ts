import { isAck } from './ack.js';
import type { CompiledCues } from './compiled-cues.js';
import type { PromptCueCategory } from './cues/index.js';
import { coverMasks } from './text/coverage.js';
import { promptTokens } from './text/fold.js';

// Narration is a failure only when the user asked for work. After "thanks!",
// "lgtm" on a finished report, or "fyi …", a reply that says "I'll keep an eye on CI" is an
// answer, and retrying it would be noise.

/** What the user's prompt was, as far as the narration rule cares. */
export type PromptIntent =
  | { work: true; why: 'missing' | 'ack' | 'question' | 'request' | 'directive' }
  | { work: false; why: 'chit-chat' | 'informational' | 'mostly-social' };

// Chit-chat and FYIs are short; a longer prompt carries a task or the context for one.
const CHIT_CHAT_MAX_LENGTH = 400;
const MOSTLY_SOCIAL_MAX_LENGTH = 40;
const questionMarks = /[?¿؟⸮]/;
const symbolToken = /^\p{S}$/u;
const nonAscii = /[^\u0020-\u007e]/;
const socialUnits: readonly PromptCueCategory[] = [
  'chitChat',
  'contextualAck',
  'okay',
  'ackFiller',
];

/**
 * Whether the prompt asked for work: a directive, a request, a question, or a go-ahead. A
 * missing prompt counts as work (an autonomous run has nothing else to answer).
 */
export function promptIntent(
  prompt: string | null,
  previous: string | null,
  cues: CompiledCues,
): PromptIntent {
  // A run asks the same question on every turn it judges: remember the last answer per cues.
  const last = lastIntent.get(cues);
  if (last !== undefined && last.prompt === prompt && last.previous === previous)
    return last.intent;
  const intent = judgePrompt(prompt, previous, cues);
  lastIntent.set(cues, { prompt, previous, intent });
  return intent;
}

const lastIntent = new WeakMap<
  CompiledCues,
  { prompt: string | null; previous: string | null; intent: PromptIntent }
>();

function judgePrompt(
  prompt: string | null,
  previous: string | null,
  cues: CompiledCues,
): PromptIntent {
  if (prompt === null || !prompt.trim()) return { work: true, why: 'missing' };
  if (prompt.length > CHIT_CHAT_MAX_LENGTH) return { work: true, why: 'directive' };
  const text = prompt.normalize('NFKC').trim();
  const tokens = promptTokens(text);
  if (isAck(text, tokens, previous, cues)) return { work: true, why: 'ack' };
  const found = cues.prompt.scan(tokens);
  // "Explain the retry logic", "Review this PR", "教えて": asks for an answer in words, as a
  // question does.
  const asksForWords = found.some((m) => m.category === 'infoRequest');
  if (questionMarks.test(text)) {
    // "Can you migrate the users table?", "¿Puedes añadir un índice?": a request for work in
    // the form of a question, unless it asks for words ("Can you explain …?").
    const politeRequest =
      !asksForWords && cues.prompt.matchesAt(tokens, 0).some((m) => m.category === 'request');
    return politeRequest ? { work: true, why: 'request' } : { work: true, why: 'question' };
  }
  if (asksForWords) return { work: true, why: 'question' };
  if (cues.prompt.matchesAt(tokens, 0).some((m) => m.category === 'infoPrefix'))
    return found.some((m) => m.category === 'request')
      ? { work: true, why: 'request' }
      : { work: false, why: 'informational' };
  // Emoji and other symbols say nothing about work; drop them before the coverage test.
  const words = nonAscii.test(tokens)
    ? tokens
        .split(' ')
        .filter((t) => !symbolToken.test(t))
        .join(' ')
    : tokens;
  if (!words || coverMasks(words, cues.prompt, socialUnits) !== 0)
    return { work: false, why: 'chit-chat' };
  // "Perfect, thanks a lot!", "Thanks, that fixed it!", "今天干得不错！": thanks or praise in a
  // short prompt with no request marker is most likely social, though not every word is in a
  // list ("Great, now add tests" is the rarer reading, hence `mostly-social`, not chit-chat).
  if (words.length <= MOSTLY_SOCIAL_MAX_LENGTH) {
    const found = cues.prompt.scan(words);
    if (
      found.some((m) => m.category === 'chitChat') &&
      !found.some((m) => m.category === 'request')
    )
      return { work: false, why: 'mostly-social' };
  }
  return { work: true, why: 'directive' };
}
