import type { z } from 'zod';
import { lazy } from '../lazy.js';
import { oneOf } from '../schema-helpers.js';

/** A decision on a pending plan, as a host's UI or chat channel sends it (untrusted). */
export const approvalDecisionSchema = lazy((z) =>
  z.strictObject({
    action: oneOf(['approve', 'edit', 'reject', 'timeout']),
    approvalId: z.string({ error: 'expected the approval id (a string)' }).min(1).max(200),
    /** The edited plan, for `edit` (same shape as exit_plan_mode's input). */
    plan: z.unknown().optional(),
    /** Why the user rejected (or any note with an approval); shown to the model, quoted. */
    feedback: z.string({ error: 'expected a string' }).max(20_000).optional(),
    /** After approve/edit: start executing now (default) or stop ("approve, don't run yet"). */
    // The public API names this field `then`; it holds a string, never a function, so nothing is thenable.
    then: oneOf(['execute', 'stop']).optional(),
  }),
);

export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;
