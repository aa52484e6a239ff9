import type { z } from 'zod';
import { lazy } from '../lazy.js';

// Retry counters of the incomplete-turn resolver. They live in the session so a run resumed
// in another process keeps its budget; they reset when the agent acts.
export const incompleteTurnStateSchema = lazy((z) =>
  z.object({
    attempts: z.record(z.string(), z.number().int().nonnegative()).default({}),
  }),
);

export type IncompleteTurnState = z.output<typeof incompleteTurnStateSchema>;

export const initialIncompleteTurnState = (): IncompleteTurnState => ({ attempts: {} });
