import { z } from 'zod';

export const planStepStatusSchema = z.enum(['pending', 'in_progress', 'completed', 'cancelled']);

export const planStepSchema = z.object({
  id: z.string().min(1),
  text: z.string().min(1),
  status: planStepStatusSchema,
});

export const planSchema = z.object({
  title: z.string().min(1),
  summary: z.string().optional(),
  steps: z.array(planStepSchema).min(1),
  assumptions: z.array(z.string()).optional(),
  risks: z.array(z.string()).optional(),
  verification: z.array(z.string()).optional(),
});

export const approvalStateSchema = z.enum([
  'none',
  'pending',
  'approved',
  'edited',
  'rejected',
  'timed_out',
]);

const timestamp = z.number().int().nonnegative();

export const planModeStateSchema = z.object({
  mode: z.enum(['normal', 'plan']),
  approval: approvalStateSchema,
  approvalId: z.string().min(1).optional(),
  plan: planSchema.optional(),
  payloadHash: z.string().optional(),
  feedback: z.string().optional(),
  rejectionCount: z.number().int().nonnegative(),
  /** Why plan mode was entered (host reason or the model's), for UIs. */
  reason: z.string().optional(),
  /** After approval: whether the host asked to execute now or to stop ("approve, don't run yet"). */
  afterApproval: z.enum(['execute', 'stop']).optional(),
  enteredAt: timestamp.optional(),
  requestedAt: timestamp.optional(),
  confirmedAt: timestamp.optional(),
  updatedAt: timestamp.optional(),
  /** `${approval}:${approvalId}` of the last decision message injected, so each goes in once. */
  injected: z.string().optional(),
});

export type PlanStepStatus = z.infer<typeof planStepStatusSchema>;
export type PlanStep = z.infer<typeof planStepSchema>;
export type Plan = z.infer<typeof planSchema>;
export type ApprovalState = z.infer<typeof approvalStateSchema>;
export type PlanModeState = z.infer<typeof planModeStateSchema>;

export const initialPlanModeState: PlanModeState = Object.freeze({
  mode: 'normal',
  approval: 'none',
  rejectionCount: 0,
}) as PlanModeState;
