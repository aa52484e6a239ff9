import type { z } from 'zod';
import { lazy } from '../lazy.js';
import { bool, intInRange } from '../schema-helpers.js';

export const autoContinueOptionsSchema = lazy((z) =>
  z.strictObject({
    enabled: bool()
      .default(false)
      .describe(
        'When planning retries are exhausted, start a new cycle instead of ending blocked.',
      ),
    maxCycles: intInRange(1, 10).default(3).describe('Most auto-continue cycles in one run.'),
    stopOnMutation: bool()
      .default(true)
      .describe('Stop auto-continuing once any attempt of the run has mutated anything.'),
  }),
);

export type AutoContinueOptions = z.output<typeof autoContinueOptionsSchema>;
