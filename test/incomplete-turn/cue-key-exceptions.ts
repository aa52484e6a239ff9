import { lowerCaseKey } from '../../src/incomplete-turn/compiled-cues.js';
import {
  defaultCues,
  promptCueCategories,
  textCueCategories,
} from '../../src/incomplete-turn/cues/index.js';
import { foldText, promptTokens } from '../../src/incomplete-turn/text/fold.js';
import { phraseKey } from '../../src/incomplete-turn/text/phrase-matcher.js';

/**
 * The built-in phrases whose match key is not `lowerCaseKey(phrase)`, with their keys, as
 * src/incomplete-turn/cues/keys.ts lists them (scripts/cue-keys.ts writes it from this).
 */
export function cueKeyExceptions(): {
  text: Record<string, string>;
  prompt: Record<string, string>;
} {
  const table = (categories: readonly string[], fold: (s: string) => string) => {
    const out: Record<string, string> = {};
    for (const category of categories)
      for (const phrase of defaultCues[category as keyof typeof defaultCues]) {
        const key = phraseKey(phrase, fold).key;
        if (key !== lowerCaseKey(phrase)) out[phrase] = key;
      }
    return out;
  };
  return {
    text: table(textCueCategories, foldText),
    prompt: table(promptCueCategories, promptTokens),
  };
}
