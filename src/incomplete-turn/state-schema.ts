import { z } from 'zod';

// Retry counters of the incomplete-turn resolver. They live in the session so a run resumed
// in another process keeps its budget; they reset when the agent acts.
export const incompleteTurnStateSchema = z.object({
  attempts: z.record(z.string(), z.number().int().nonnegative()).default({}),
});

export type IncompleteTurnState = z.output<typeof incompleteTurnStateSchema>;

export const initialIncompleteTurnState = (): IncompleteTurnState => ({ attempts: {} });
