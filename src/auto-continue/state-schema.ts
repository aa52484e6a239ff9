import type { z } from 'zod';
import { lazy } from '../lazy.js';

// Per-run bookkeeping of the auto-continue budgeter; reset at the start of every run.
export const autoContinueStateSchema = lazy((z) =>
  z.object({
    cycles: z.number().int().nonnegative().default(0),
    mutated: z.boolean().default(false),
  }),
);

export type AutoContinueState = z.output<typeof autoContinueStateSchema>;

export const initialAutoContinueState = (): AutoContinueState => ({ cycles: 0, mutated: false });
