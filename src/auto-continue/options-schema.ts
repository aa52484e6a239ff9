import { z } from 'zod';

export const autoContinueOptionsSchema = z.object({
  enabled: z
    .boolean()
    .default(false)
    .describe('When planning retries are exhausted, start a new cycle instead of ending blocked.'),
  maxCycles: z
    .number()
    .int()
    .min(1)
    .max(10)
    .default(3)
    .describe('Most auto-continue cycles in one run.'),
  stopOnMutation: z
    .boolean()
    .default(true)
    .describe('Stop auto-continuing once any attempt of the run has mutated anything.'),
});

export type AutoContinueOptions = z.output<typeof autoContinueOptionsSchema>;
