import { ar } from './ar.js';
import {
  type CueCategory,
  type CueLists,
  promptCueCategories,
  textCueCategories,
} from './categories.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { ja } from './ja.js';
import { ko } from './ko.js';
import { pt } from './pt.js';
import { zh } from './zh.js';

export * from './categories.js';

// Each language's lists are built on first read, not when the module loads.
const languages = { en, de, fr, es, pt, ja, ko, zh, ar };

/** The language codes of the built-in lists. */
export type CueLanguage = keyof typeof languages;

const builtLanguages: Partial<Record<CueLanguage, CueLists>> = {};

function language(code: CueLanguage): CueLists {
  builtLanguages[code] ??= languages[code]();
  return builtLanguages[code];
}

/** The built-in cue lists per language, for hosts that want only some languages. */
export const cuesByLanguage: Readonly<Record<CueLanguage, CueLists>> = Object.freeze(
  Object.defineProperties(
    {} as Record<CueLanguage, CueLists>,
    Object.fromEntries(
      (Object.keys(languages) as CueLanguage[]).map((code) => [
        code,
        { enumerable: true, get: () => language(code) },
      ]),
    ),
  ),
);

/**
 * Combines languages into one set of lists (duplicates dropped, order kept), e.g.
 * `mergeCues(cuesByLanguage.en, myLists)` for English plus a host's own phrases.
 */
export function mergeCues(...sets: readonly Partial<CueLists>[]): CueLists {
  const merged = {} as Record<CueCategory, readonly string[]>;
  for (const category of [...textCueCategories, ...promptCueCategories])
    merged[category] = Object.freeze([...new Set(sets.flatMap((set) => set[category] ?? []))]);
  return Object.freeze(merged);
}

/**
 * The default of every `incompleteTurn.cues.*` option: all built-in languages. Extend a list
 * with `[...defaultCues.promise, 'mine']`; the lists are frozen.
 */
export const defaultCues: CueLists = Object.freeze(
  Object.defineProperties(
    {} as CueLists,
    // One getter per category: merging every language's lists is deferred to the first read.
    Object.fromEntries(
      [...textCueCategories, ...promptCueCategories].map((category) => [
        category,
        { enumerable: true, get: () => allLanguages()[category] },
      ]),
    ),
  ),
);

let merged: CueLists | undefined;

function allLanguages(): CueLists {
  merged ??= mergeCues(...Object.values(cuesByLanguage));
  return merged;
}
