import type { ResolvedOptions } from '../options.js';
import {
  type CueLists,
  defaultCues,
  type PromptCueCategory,
  promptCueCategories,
  type TextCueCategory,
  textCueCategories,
} from './cues/index.js';
import { promptKeys, textKeys } from './cues/keys.js';
import { foldText, promptTokens } from './text/fold.js';
import { type PerTextPhraseMatcher, perTextPhrases } from './text/per-text-matcher.js';

/** The cue lists of one options object, compiled: one matcher for assistant text, one for prompts. */
export interface CompiledCues {
  text: PerTextPhraseMatcher<TextCueCategory>;
  prompt: PerTextPhraseMatcher<PromptCueCategory>;
}

// Compiling a few thousand phrases takes milliseconds; classifying takes microseconds, so
// resolveOptions() compiles once per options object (prepareCues) and the first classifyTurn()
// finds it here. Options nobody prepared (defaultOptions(), for a short-lived process) compile
// per text, only the phrases each text contains. Resolved options are frozen, so their cue
// object is a safe cache key.
const cache = new WeakMap<object, CompiledCues>();
let compiledDefaults: CompiledCues | undefined;

/** The compiled matchers for these options, built once (normally by resolveOptions) and cached. */
export function compiledCues(options: ResolvedOptions): CompiledCues {
  const cues = options.incompleteTurn.cues;
  const cached = cache.get(cues);
  if (cached) return cached;
  // Each resolveOptions() call copies the default lists; recognise them instead of recompiling.
  const compiled = isDefault(cues) ? defaults() : compile(cues);
  cache.set(cues, compiled);
  return compiled;
}

/** Compiles every phrase of these options' cues now (a long-lived host pays it once, up front). */
export function prepareCues(options: ResolvedOptions): void {
  const compiled = compiledCues(options);
  compiled.text.compileAll();
  compiled.prompt.compileAll();
}

function defaults(): CompiledCues {
  // The built-in phrases' keys are known without folding them (cues/keys.ts): folding 5,000
  // phrases costs more than the few texts a short-lived process classifies.
  compiledDefaults ??= {
    text: perTextPhrases(pick(defaultCues, textCueCategories), foldText, keyFrom(textKeys)),
    prompt: perTextPhrases(
      pick(defaultCues, promptCueCategories),
      promptTokens,
      keyFrom(promptKeys),
    ),
  };
  return compiledDefaults;
}

/** A built-in phrase's key: listed when folding does more than lower its case. */
function keyFrom(listed: Readonly<Record<string, string>>): (phrase: string) => string {
  return (phrase) =>
    Object.hasOwn(listed, phrase) ? (listed[phrase] as string) : lowerCaseKey(phrase);
}

/** The key of a phrase that folding only lowers the case of (see phraseKey). */
export function lowerCaseKey(phrase: string): string {
  const raw = phrase.trimEnd();
  return (raw.endsWith('*') ? raw.slice(0, -1) : raw).toLowerCase().trim();
}

function compile(cues: CueLists): CompiledCues {
  return {
    text: perTextPhrases(pick(cues, textCueCategories), foldText),
    prompt: perTextPhrases(pick(cues, promptCueCategories), promptTokens),
  };
}

function pick<C extends keyof CueLists>(
  cues: CueLists,
  categories: readonly C[],
): Record<C, readonly string[]> {
  const out = {} as Record<C, readonly string[]>;
  for (const category of categories) out[category] = cues[category];
  return out;
}

function isDefault(cues: CueLists): boolean {
  for (const category of [...textCueCategories, ...promptCueCategories]) {
    const mine = cues[category];
    const theirs = defaultCues[category];
    if (mine === theirs) continue;
    if (mine.length !== theirs.length) return false;
    for (let i = 0; i < mine.length; i++) if (mine[i] !== theirs[i]) return false;
  }
  return true;
}
