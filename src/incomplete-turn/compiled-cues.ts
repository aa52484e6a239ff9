import type { ResolvedOptions } from '../options.js';
import {
  type CueLists,
  defaultCues,
  type PromptCueCategory,
  promptCueCategories,
  type TextCueCategory,
  textCueCategories,
} from './cues/index.js';
import { foldText, promptTokens } from './text/fold.js';
import { compilePhrases, type PhraseMatcher } from './text/phrase-matcher.js';

/** The cue lists of one options object, compiled: one matcher for assistant text, one for prompts. */
export interface CompiledCues {
  text: PhraseMatcher<TextCueCategory>;
  prompt: PhraseMatcher<PromptCueCategory>;
}

// Compiling a few thousand phrases takes milliseconds; classifying takes microseconds, so
// resolveOptions() compiles once per options object and the first classifyTurn() finds it
// here. Resolved options are frozen, so their cue object is a safe cache key.
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

function defaults(): CompiledCues {
  compiledDefaults ??= compile(defaultCues);
  return compiledDefaults;
}

function compile(cues: CueLists): CompiledCues {
  return {
    text: compilePhrases(pick(cues, textCueCategories), foldText),
    prompt: compilePhrases(pick(cues, promptCueCategories), promptTokens),
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
