import type { z } from 'zod';
import { lazy, zod } from '../lazy.js';
import { emptyRecord } from '../own-data.js';
import { bool, intInRange, nameList } from '../schema-helpers.js';
import {
  type CueCategory,
  cueDescriptions,
  defaultCues,
  promptCueCategories,
  textCueCategories,
} from './cues/index.js';

const limit = () => intInRange(0, 10);

export const retryLimitsSchema = lazy((z) =>
  z.strictObject({
    planningOnly: limit().default(3).describe('Retries of a turn that only narrated a plan.'),
    singleActionNarration: limit()
      .default(3)
      .describe(
        'Retries of one read-only action followed by narration, where a host judges a whole attempt in one summary; the driver and adapters never retry a turn that called a tool.',
      ),
    reasoningOnly: limit()
      .default(2)
      .describe('Retries of a turn with thinking but no visible text.'),
    empty: limit().default(1).describe('Retries of an empty turn.'),
    planAckOnly: limit()
      .default(2)
      .describe('Retries of a plan-mode status line that neither investigates nor proposes.'),
    claimedDone: limit()
      .default(2)
      .describe(
        'Retries of a turn, while an approved plan executes, that says the work is done while approved steps are still open.',
      ),
  }),
);

// Phrases are plain text (never patterns), bounded so that compiling them stays cheap.
const phraseError = 'expected an array of at most 5000 phrases of 1 to 200 characters';
const cueList = (category: CueCategory) => {
  const z = zod();
  return z
    .array(
      z
        .string({ error: phraseError })
        .min(1, { error: phraseError })
        .max(200, { error: phraseError }),
      {
        error: phraseError,
      },
    )
    .max(5000, { error: phraseError })
    .default(() => [...defaultCues[category]])
    .meta({ defaultLabel: `defaultCues.${category}` })
    .describe(cueDescriptions[category]);
};

const cueShape = () =>
  Object.fromEntries(
    [...textCueCategories, ...promptCueCategories].map((category) => [category, cueList(category)]),
  ) as { [K in CueCategory]: ReturnType<typeof cueList> };

export const cueOptionsSchema = lazy((z) =>
  z
    .strictObject(cueShape())
    .describe(
      'Cue phrases per category, matched after NFKC and case folding (word boundaries for spaced scripts, substrings for CJK/Thai-like ones). Replace a list or extend it: `[...defaultCues.promise, "mine"]`.',
    ),
);

export const incompleteTurnOptionsSchema = lazy((z) =>
  z.strictObject({
    enabled: bool().default(true).describe('Detect incomplete turns and re-prompt the model.'),
    retryLimits: retryLimitsSchema.prefault(emptyRecord),
    ackFastPath: bool()
      .default(true)
      .describe('On a short go-ahead ("ok", "do it"), tell the model to skip the recap and act.'),
    appliesTo: nameList()
      .default(['*'])
      .describe('`provider/model` patterns the resolver applies to (`*` wildcards; default all).'),
    narrationMaxLength: intInRange(50, 100_000)
      .default(700)
      .describe(
        'Longest text (Latin-equivalent characters; Han/kana count 3, Hangul 2) still judged as narration; longer turns are answers.',
      ),
    cues: cueOptionsSchema.prefault(emptyRecord),
  }),
);

export type IncompleteTurnOptions = z.output<typeof incompleteTurnOptionsSchema>;
