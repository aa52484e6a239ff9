import { compilePhrases, type PhraseMatcher, phraseKey } from './phrase-matcher.js';

// Compiling the automaton of every default cue phrase (about 5,000) costs tens of milliseconds
// of CPU in a fresh process, far more than the few short texts a short-lived process scans
// (the coding-agent hook judges one final message per process). This matcher answers exactly
// as the full automaton does, and builds for each text an automaton of only the phrases that
// occur in it: a phrase matches only where its folded key is a substring of the text, so no
// match is lost, and the matches found are the same ones in the same order. A long text, or
// more than a few texts, switch it to the full automaton, compiled once.

/** A phrase matcher that compiles per text until it is worth compiling every phrase. */
export interface PerTextPhraseMatcher<C extends string> extends PhraseMatcher<C> {
  /** Compiles the automaton of every phrase now, so no later scan pays for it. */
  compileAll(): PhraseMatcher<C>;
}

/** Texts up to this many code units get an automaton of their own phrases. */
export const PER_TEXT_MAX_LENGTH = 4000;
/** After this many texts the full automaton is compiled and used from then on. */
export const PER_TEXT_MAX_TEXTS = 16;

/**
 * The same matcher as `compilePhrases(lists, fold)`. `keyOf`, when given, returns the folded key
 * of a phrase (as `phraseKey` computes it) faster than `fold` does; it must agree with it.
 */
export function perTextPhrases<C extends string>(
  lists: Readonly<Record<C, readonly string[]>>,
  fold: (phrase: string) => string,
  keyOf: (phrase: string) => string = (phrase) => phraseKey(phrase, fold).key,
): PerTextPhraseMatcher<C> {
  let full: PhraseMatcher<C> | undefined;
  // Each category's keys, index for index with its phrases: no object per phrase, since a
  // short-lived process computes them for one or two texts.
  let keys: Record<C, string[]> | undefined;
  const perText = new Map<string, PhraseMatcher<C>>();
  const compileAll = (): PhraseMatcher<C> => {
    full ??= compilePhrases(lists, fold);
    perText.clear();
    return full;
  };
  const allKeys = (): Record<C, string[]> => {
    const out = {} as Record<C, string[]>;
    for (const category of Object.keys(lists) as C[]) out[category] = lists[category].map(keyOf);
    return out;
  };
  const forText = (text: string): PhraseMatcher<C> => {
    if (full !== undefined) return full;
    const known = perText.get(text);
    if (known !== undefined) return known;
    if (text.length > PER_TEXT_MAX_LENGTH || perText.size >= PER_TEXT_MAX_TEXTS)
      return compileAll();
    keys ??= allKeys();
    // The phrases in their configured order, so duplicates resolve as in the full automaton.
    const present = {} as Record<C, string[]>;
    for (const category of Object.keys(lists) as C[]) {
      const phrases = lists[category];
      const keyList = keys[category];
      const found: string[] = [];
      for (let i = 0; i < phrases.length; i++) {
        const key = keyList[i] as string;
        if (key !== '' && text.includes(key)) found.push(phrases[i] as string);
      }
      present[category] = found;
    }
    const matcher = compilePhrases(present, fold);
    perText.set(text, matcher);
    return matcher;
  };
  return {
    scan: (text) => forText(text).scan(text),
    matchesAt: (text, start) => forText(text).matchesAt(text, start),
    compileAll,
  };
}
