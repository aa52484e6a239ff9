import { describe, expect, it } from 'vitest';
import { lowerCaseKey } from '../../src/incomplete-turn/compiled-cues.js';
import {
  defaultCues,
  promptCueCategories,
  textCueCategories,
} from '../../src/incomplete-turn/cues/index.js';
import { promptKeys, textKeys } from '../../src/incomplete-turn/cues/keys.js';
import { foldText, promptTokens } from '../../src/incomplete-turn/text/fold.js';
import { phraseKey } from '../../src/incomplete-turn/text/phrase-matcher.js';
import { cueKeyExceptions } from './cue-key-exceptions.js';

// The built-in phrases' keys the default matchers use without folding (cues/keys.ts) must be
// the keys folding gives: otherwise a cue would silently stop matching in the hook.

describe('the built-in cue keys', () => {
  it('cues/keys.ts is current (rewrite it: node scripts/run-ts.mjs scripts/cue-keys.ts)', () => {
    expect({ text: textKeys, prompt: promptKeys }).toEqual(cueKeyExceptions());
  });

  it('every built-in phrase: the listed key, or its lower case, is the folded key', () => {
    const cases = [
      [textCueCategories, foldText, textKeys],
      [promptCueCategories, promptTokens, promptKeys],
    ] as const;
    for (const [categories, fold, listed] of cases)
      for (const category of categories)
        for (const phrase of defaultCues[category]) {
          const key = Object.hasOwn(listed, phrase) ? listed[phrase] : lowerCaseKey(phrase);
          expect(key, `${category}: ${phrase}`).toBe(phraseKey(phrase, fold).key);
        }
  });

  it('lowerCaseKey drops a trailing * and surrounding spaces as phraseKey does', () => {
    for (const phrase of ['Go*', ' Go ', 'go  *', 'GO * ', '*'])
      expect(lowerCaseKey(phrase)).toBe(phraseKey(phrase, (s) => s.toLowerCase()).key);
  });
});
