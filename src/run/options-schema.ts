import { z } from 'zod';

export const runOptionsSchema = z.object({
  maxModelCalls: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(50)
    .describe('Hard cap on model calls in one run, whatever the retry and cycle budgets allow.'),
  parallelToolCalls: z
    .boolean()
    .default(false)
    .describe('Execute the tool calls of one assistant message in parallel.'),
});

export type RunOptions = z.output<typeof runOptionsSchema>;
