import { z } from 'zod';
import { bool, intInRange, nameList } from '../schema-helpers.js';

const limit = () => intInRange(0, 10);

export const retryLimitsSchema = z.strictObject({
  planningOnly: limit().default(3).describe('Retries of a turn that only narrated a plan.'),
  singleActionNarration: limit()
    .default(3)
    .describe('Retries of one read-only action followed by narration.'),
  reasoningOnly: limit()
    .default(2)
    .describe('Retries of a turn with thinking but no visible text.'),
  empty: limit().default(1).describe('Retries of an empty turn.'),
  planAckOnly: limit()
    .default(2)
    .describe('Retries of a plan-mode status line that neither investigates nor proposes.'),
});

export const incompleteTurnOptionsSchema = z.strictObject({
  enabled: bool().default(true).describe('Detect incomplete turns and re-prompt the model.'),
  retryLimits: retryLimitsSchema.prefault({}),
  ackFastPath: bool()
    .default(true)
    .describe('On a short go-ahead ("ok", "do it"), tell the model to skip the recap and act.'),
  appliesTo: nameList()
    .default(['*'])
    .describe('`provider/model` patterns the resolver applies to (`*` wildcards; default all).'),
});

export type IncompleteTurnOptions = z.output<typeof incompleteTurnOptionsSchema>;
