import type { z } from 'zod';
import { lazy } from '../lazy.js';
import { bool, intInRange } from '../schema-helpers.js';

export const runOptionsSchema = lazy((z) =>
  z.strictObject({
    maxModelCalls: intInRange(1, 1000)
      .default(50)
      .describe('Hard cap on model calls in one run, whatever the retry and cycle budgets allow.'),
    maxBookkeepingTurns: intInRange(0, 100)
      .default(3)
      .describe(
        'Turns in a row that call only plan bookkeeping (update_plan, enter_plan_mode) the loop carries on from; one more ends the run.',
      ),
    parallelToolCalls: bool()
      .default(false)
      .describe('Execute the tool calls of one assistant message in parallel.'),
  }),
);

export type RunOptions = z.output<typeof runOptionsSchema>;
