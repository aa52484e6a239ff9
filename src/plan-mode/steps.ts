import type { SessionState } from '../session.js';
import { IgnoredReasons, TransitionCodes } from './codes.js';
import { checkEvidence, type EvidenceGap } from './criteria.js';
import { checkToolInput, describeIssues } from './plan-input.js';
import { updatePlanInput } from './plan-tools.js';
import { quoteBounded } from './quote.js';
import type { Plan, PlanStep } from './state.js';
import {
  ignored,
  invalidNow,
  invalidState,
  ownNow,
  type Transition,
  totally,
} from './transition.js';

/**
 * Applies the model's update_plan call to the approved plan: status changes by step id and
 * new steps (a revised step after a cancelled one). Only an approved plan can change this way —
 * a pending plan is what the user is deciding on, so it changes only through exit_plan_mode.
 * At most one step may be in_progress afterwards; otherwise nothing changes.
 */
export function updatePlan(
  state: SessionState,
  input: unknown,
  at: { now: number },
): Transition<{ plan: Plan }> {
  return totally(state, () => updatePlanOnce(state, input, at));
}

function updatePlanOnce(
  state: SessionState,
  input: unknown,
  at: { now: number },
): Transition<{ plan: Plan }> {
  const now = ownNow(at) as number;
  const bad = invalidState(state) ?? invalidNow(state, now);
  if (bad) return bad;
  const pm = state.planMode;
  if (pm.plan === undefined || (pm.approval !== 'approved' && pm.approval !== 'edited'))
    return ignored(
      state,
      IgnoredReasons.noApprovedPlan,
      pm.mode === 'plan'
        ? 'the plan is not approved yet; to change the proposed plan, call exit_plan_mode again'
        : 'there is no approved plan to update',
    );
  const checked = checkToolInput(updatePlanInput, input);
  if (!checked.ok)
    return ignored(
      state,
      IgnoredReasons.invalidUpdate,
      describeIssues('update_plan input is not valid', checked.issues),
    );
  const { updates = [], add = [] } = checked.value;
  if (updates.length === 0 && add.length === 0)
    return ignored(state, IgnoredReasons.invalidUpdate, 'give at least one of `updates` or `add`');

  const steps: PlanStep[] = pm.plan.steps.map((s) => ({ ...s }));
  const byId = new Map(steps.map((s) => [s.id, s]));
  for (const u of updates) {
    const step = byId.get(u.id);
    if (step === undefined)
      return ignored(
        state,
        IgnoredReasons.invalidUpdate,
        `no step has id ${quoteBounded(u.id)}; ids are ${steps.map((s) => s.id).join(', ')}`,
      );
    if (u.evidence !== undefined && u.status !== 'completed')
      return ignored(
        state,
        IgnoredReasons.invalidUpdate,
        `evidence goes with status completed; step ${quoteBounded(u.id)} is set to ${u.status}`,
      );
    if (u.status === 'completed' && step.status !== 'completed' && step.criteria !== undefined) {
      const checked = checkEvidence(step.criteria, u.evidence ?? []);
      if (!checked.ok)
        return ignored(state, IgnoredReasons.criteriaUnverified, unverifiedMessage(step, checked));
      step.evidence = checked.evidence;
    }
    if (u.status !== 'completed') delete step.evidence;
    step.status = u.status;
  }
  let nextId = steps.reduce((max, s) => Math.max(max, Number(s.id) || 0), 0) + 1;
  for (const a of add) {
    // Kept apart from the approved steps: the user approved the plan, not what came later.
    const step: PlanStep = {
      id: String(nextId++),
      text: a.text,
      status: a.status ?? 'pending',
      addedAfterApproval: true,
      ...(a.criteria !== undefined && a.criteria.length > 0 ? { criteria: [...a.criteria] } : {}),
    };
    if (step.criteria !== undefined && step.status === 'completed')
      return ignored(
        state,
        IgnoredReasons.criteriaUnverified,
        'a new step with criteria cannot be added as completed; add it, then mark it completed with evidence for each criterion',
      );
    const index = a.after === undefined ? -1 : steps.findIndex((s) => s.id === a.after);
    if (a.after !== undefined && index < 0)
      return ignored(
        state,
        IgnoredReasons.invalidUpdate,
        `no step has id ${quoteBounded(a.after)} to add after`,
      );
    steps.splice(index < 0 ? steps.length : index + 1, 0, step);
    byId.set(step.id, step);
  }
  if (steps.length > 70)
    return ignored(state, IgnoredReasons.invalidUpdate, 'the plan may have at most 70 steps');
  const inProgress = steps.filter((s) => s.status === 'in_progress');
  if (inProgress.length > 1)
    return ignored(
      state,
      IgnoredReasons.invalidUpdate,
      `at most one step may be in_progress, got ${inProgress.map((s) => s.id).join(', ')}`,
    );
  const plan: Plan = { ...pm.plan, steps };
  return {
    state: { ...state, planMode: { ...pm, plan, updatedAt: now } },
    applied: true,
    code: TransitionCodes.planUpdated,
    plan,
  };
}

/** Tells the model which criteria still need evidence, and how to give it. */
function unverifiedMessage(step: PlanStep, gap: EvidenceGap): string {
  const criteria = step.criteria ?? [];
  const lines = [
    `step ${quoteBounded(step.id)} cannot be marked completed yet: give evidence for each of its acceptance criteria (criteria_unverified)`,
  ];
  if (gap.missing.length > 0)
    lines.push(
      `- without evidence: ${gap.missing.map((c) => `${criteria.indexOf(c) + 1}. ${quoteBounded(c)}`).join('; ')}`,
    );
  if (gap.unknown.length > 0)
    lines.push(
      `- not criteria of this step: ${gap.unknown.map((c) => quoteBounded(c)).join(', ')}`,
    );
  lines.push(
    `Verify each criterion first (run the check), then call update_plan again with {"id": ${JSON.stringify(step.id)}, "status": "completed", "evidence": [{"criterion": "1", "evidence": "what showed it met"}, …]}; if a criterion cannot be met, say so to the user instead.`,
  );
  return lines.join('\n');
}
