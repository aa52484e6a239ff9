import type { TextCueCategory } from './cues/index.js';
import {
  type AnalysedSentence,
  cueIn,
  isAcknowledgementOnly,
  promiseIn,
  questionIn,
  type TextAnalysis,
} from './text-analysis.js';

// What a sentence does for the user, read from its cues and its shape. The classifier decides
// on the function of the last sentences: a turn whose last sentence commits to work the user
// asked for, with no action, is narration; one that asks, blocks, completes or informs is not.

export const SentenceFunctions = [
  'ask',
  'block',
  'commit',
  'complete',
  'acknowledge',
  'inform',
] as const;
export type SentenceFunction = (typeof SentenceFunctions)[number];

export interface SentenceRole {
  function: SentenceFunction;
  /** The cue that decided, when one did. */
  cue?: { category: TextCueCategory; phrase: string };
}

/**
 * The function of one sentence, first that applies: it asks the user (a question, an offer),
 * blocks (a blocker), commits to work (a promise, a progress verb opening it, or a commitment
 * frame: "Next step: …", "Will rework …", "The idea is to …"), completes (a completion cue no
 * promise governs), only acknowledges ("Got it."), or else informs.
 */
export function sentenceRole(analysis: TextAnalysis, sentence: AnalysedSentence): SentenceRole {
  const question = questionIn(sentence);
  if (question) return { function: 'ask', cue: question };
  const blocker = cueIn(sentence, 'blocker');
  if (blocker) return { function: 'block', cue: blocker };
  const promise = promiseIn(analysis, sentence);
  const completion = cueIn(sentence, 'completion');
  // "Fixed, and I'll rerun the suite next" reports first; "I'll make sure it's fixed" promises.
  if (completion && (!promise || promise.start > completion.start))
    return { function: 'complete', cue: completion };
  if (promise) return { function: 'commit', cue: promise };
  if (isAcknowledgementOnly(analysis, sentence)) return { function: 'acknowledge' };
  return { function: 'inform' };
}

/** The function of the last sentence, or undefined for a text without one. */
export function lastRole(analysis: TextAnalysis): SentenceRole | undefined {
  const last = analysis.sentences.at(-1);
  return last ? sentenceRole(analysis, last) : undefined;
}
