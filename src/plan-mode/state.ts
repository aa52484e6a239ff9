import type { z } from 'zod';
import { lazy } from '../lazy.js';
import { nonEmptyString, nonNegativeInt, oneOf } from '../schema-helpers.js';
import { isVerified } from './criteria.js';
import { plainDataProblem } from './plain-data.js';

export const planStepStatuses = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export const planStepStatusSchema = lazy(() => oneOf(planStepStatuses));

/** One verified criterion of a step: which one, and what showed it. */
export const stepEvidenceSchema = lazy((z) =>
  z.strictObject({
    criterion: nonEmptyString(),
    evidence: nonEmptyString(),
  }),
);

export const planStepSchema = lazy((z) =>
  z.strictObject({
    id: nonEmptyString(),
    text: nonEmptyString(),
    status: planStepStatusSchema,
    /** Added by the model (update_plan) after the user approved the plan: not approved. */
    addedAfterApproval: z.literal(true).optional(),
    /** Acceptance criteria: the step is `completed` only with evidence for each of them. */
    criteria: z.array(nonEmptyString()).max(20).optional(),
    /** What showed each criterion met, recorded by the update_plan that completed the step. */
    evidence: z.array(stepEvidenceSchema).max(20).optional(),
  }),
);

export const planSchema = lazy((z) =>
  z.strictObject({
    title: nonEmptyString(),
    summary: z.string().optional(),
    steps: z.array(planStepSchema).min(1, { error: 'expected at least one step' }),
    assumptions: z.array(z.string()).optional(),
    risks: z.array(z.string()).optional(),
    verification: z.array(z.string()).optional(),
  }),
);

export const approvalStates = [
  'none',
  'pending',
  'approved',
  'edited',
  'rejected',
  'timed_out',
] as const;
export const approvalStateSchema = lazy(() => oneOf(approvalStates));

/** What became of an approval id issued in this session. */
export const approvalOutcomes = [
  'approved',
  'edited',
  'rejected',
  'timed_out',
  'superseded',
  'withdrawn',
] as const;

/**
 * One approval request of the session. The history outlives plan-mode entries and exits, so an
 * id is never accepted for a second request and a repeated decision is told apart from a stale
 * one.
 */
export const approvalRecordSchema = lazy((z) =>
  z.strictObject({
    approvalId: nonEmptyString(),
    outcome: oneOf(approvalOutcomes).optional(),
  }),
);

/**
 * What makes a session a gated subagent: its id in the parent's `subagents`, how deep it is
 * (1 for a child of the top agent), and the plan it proposed, which goes back to the parent.
 */
export const subagentLinkSchema = lazy((z) =>
  z.strictObject({
    id: nonEmptyString(),
    depth: z.number().int().min(1).max(1000),
    plan: planSchema.optional(),
  }),
);

export const planModeStateSchema = lazy((z) =>
  z.strictObject({
    mode: oneOf(['normal', 'plan']),
    approval: approvalStateSchema,
    approvalId: nonEmptyString().optional(),
    plan: planSchema.optional(),
    /** SHA-256 of the canonical plan JSON the approval id was issued for. */
    payloadHash: z.string().optional(),
    feedback: z.string().optional(),
    rejectionCount: nonNegativeInt(),
    /** Why plan mode was entered (host reason or the model's), for UIs. */
    reason: z.string().optional(),
    /** After approval: execute now, or stop ("approve, don't run yet"). */
    afterApproval: oneOf(['execute', 'stop']).optional(),
    enteredAt: nonNegativeInt().optional(),
    requestedAt: nonNegativeInt().optional(),
    confirmedAt: nonNegativeInt().optional(),
    updatedAt: nonNegativeInt().optional(),
    /** `${approval}:${approvalId}` of the last decision message injected, so each goes in once. */
    injected: z.string().optional(),
    /** Every approval id issued in this session, oldest first, with what became of it. */
    approvals: z.array(approvalRecordSchema).optional(),
    /** Plan-mode episodes so far: 1 on the first entry, one more on each later entry. Shown in
     *  every reminder, so a reminder from an earlier episode is recognisably stale. */
    epoch: nonNegativeInt().optional(),
    /** Gated subagents this session started that have not finished yet (their ids). */
    subagents: z.array(nonEmptyString()).max(1000).optional(),
    /** Set when this session is a subagent started under its parent's plan mode. */
    subagent: subagentLinkSchema.optional(),
  }),
);

export type PlanStepStatus = z.infer<typeof planStepStatusSchema>;
export type PlanStep = z.infer<typeof planStepSchema>;
export type Plan = z.infer<typeof planSchema>;
export type ApprovalState = z.infer<typeof approvalStateSchema>;
export type PlanModeState = z.infer<typeof planModeStateSchema>;
export type ApprovalOutcome = (typeof approvalOutcomes)[number];
export type ApprovalRecord = z.infer<typeof approvalRecordSchema>;
export type StepEvidence = z.infer<typeof stepEvidenceSchema>;
export type SubagentLink = z.infer<typeof subagentLinkSchema>;

export const initialPlanModeState: PlanModeState = Object.freeze({
  mode: 'normal',
  approval: 'none',
  rejectionCount: 0,
}) as PlanModeState;

/**
 * The plan-mode episode the state is in (or last was in): the stored `epoch`, or for a state
 * stored before epochs were kept, 1 when it has been in plan mode at all, else 0.
 */
export function modeEpoch(pm: PlanModeState): number {
  if (pm.epoch !== undefined) return pm.epoch;
  return pm.mode === 'plan' || pm.approval !== 'none' || pm.plan !== undefined ? 1 : 0;
}

/**
 * The approvals each mode can hold. Normal mode never has an open or refused approval: a
 * rejection or timeout keeps plan mode, and leaving plan mode clears them.
 */
const normalModeApprovals: ReadonlySet<string> = new Set(['none', 'approved', 'edited']);

/**
 * True only for a state that is exactly, validly in normal mode: plain data that satisfies the
 * stored-state schema and its invariants (what parseSession accepts) with `mode: 'normal'`.
 * Anything else — a missing or misspelt mode (`"Plan"`, `"NORMAL"`), a normal mode holding a
 * pending approval, fields inherited through a prototype, a non-object — counts as plan mode,
 * so a corrupt state can only make the gate stricter.
 */
export function isNormalMode(planMode: unknown): boolean {
  // Planfirst's own state is read as own data (as parseSession reads it), so a polluted
  // prototype changes nothing here; the gate's refusal of inherited tool-input fields stays.
  if (plainDataProblem(planMode, 'planMode', true) !== undefined) return false;
  const parsed = planModeStateSchema.safeParse(planMode);
  if (!parsed.success || parsed.data.mode !== 'normal') return false;
  return planModeInvariantIssues(parsed.data).length === 0;
}

/**
 * The user approved the plan but said "don't run yet" (`then: 'stop'`): the state is normal
 * mode, yet nothing mutating may run until the user says go (resolveApproval with the same
 * approval id and `then: 'execute'`). The gate stays closed while this holds.
 */
export function isExecutionHeld(planMode: unknown): boolean {
  return isNormalMode(planMode) && (planMode as PlanModeState).afterApproval === 'stop';
}

/** Cross-field rules a stored plan-mode state must satisfy beyond its shape. */
export function planModeInvariantIssues(state: PlanModeState): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  // Optional fields are read as own properties: a parsed state is a plain object, and a field
  // it lacks must not be found on a polluted Object.prototype.
  const subagent = Object.hasOwn(state, 'subagent') ? state.subagent : undefined;
  const plan = Object.hasOwn(state, 'plan') ? state.plan : undefined;
  const subagentPlan =
    subagent !== undefined && Object.hasOwn(subagent, 'plan') ? subagent.plan : undefined;
  const approvalId = Object.hasOwn(state, 'approvalId') ? state.approvalId : undefined;
  if (state.mode === 'normal' && !normalModeApprovals.has(state.approval))
    issues.push({ path: 'approval', message: `'${state.approval}' is only valid in plan mode` });
  // A gated subagent never leaves plan mode: a stored one in normal mode is corrupt.
  if (subagent !== undefined && state.mode !== 'plan')
    issues.push({ path: 'subagent', message: 'a gated subagent is always in plan mode' });
  if (subagent !== undefined && state.approval !== 'none')
    issues.push({ path: 'subagent', message: 'a gated subagent never requests approval' });
  for (const [where, steps] of [
    ['plan', plan?.steps],
    ['subagent.plan', subagentPlan?.steps],
  ] as const)
    steps?.forEach((step, i) => {
      if (step.status === 'completed' && !isVerified(step))
        issues.push({
          path: `${where}.steps.${i}.evidence`,
          message: 'a completed step needs evidence for each of its criteria',
        });
    });
  if (state.approval === 'pending' && (approvalId === undefined || plan === undefined))
    issues.push({
      path: 'approvalId',
      message: 'a pending approval needs an approvalId and a plan',
    });
  return issues;
}
