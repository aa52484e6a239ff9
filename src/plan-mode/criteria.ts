import type { PlanStep, StepEvidence } from './state.js';

// Verified steps: a step that carries acceptance criteria becomes `completed` only with
// evidence for every one of them (which criterion, and what showed it met).

/** How a step's evidence fell short of its criteria. */
export interface EvidenceGap {
  /** Criteria no evidence covers, as written in the plan. */
  missing: string[];
  /** Evidence entries that name no criterion of the step, as given. */
  unknown: string[];
}

const same = (a: string, b: string) =>
  a.normalize('NFKC').trim().toLowerCase() === b.normalize('NFKC').trim().toLowerCase();

/**
 * The criterion of `criteria` an evidence entry names: its exact text (case and spacing
 * aside), or its 1-based number ("1", "#1").
 */
export function criterionNamed(criteria: readonly string[], name: string): string | undefined {
  const number = /^#?(\d{1,3})$/.exec(name.trim());
  if (number !== null) return criteria[Number(number[1]) - 1];
  return criteria.find((c) => same(c, name));
}

/**
 * The evidence as stored (criterion names resolved to their text), or the gap when it does
 * not cover every criterion of `criteria`. Blank evidence covers nothing.
 */
export function checkEvidence(
  criteria: readonly string[],
  evidence: readonly StepEvidence[],
): { ok: true; evidence: StepEvidence[] } | ({ ok: false } & EvidenceGap) {
  const stored: StepEvidence[] = [];
  const unknown: string[] = [];
  for (const e of evidence) {
    const criterion = criterionNamed(criteria, e.criterion);
    if (criterion === undefined) unknown.push(e.criterion);
    else if (e.evidence.trim() !== '' && !stored.some((s) => s.criterion === criterion))
      stored.push({ criterion, evidence: e.evidence });
  }
  const missing = criteria.filter((c) => !stored.some((s) => s.criterion === c));
  if (missing.length > 0 || unknown.length > 0) return { ok: false, missing, unknown };
  return { ok: true, evidence: stored };
}

/** True when a completed step's stored evidence covers every one of its criteria. */
export function isVerified(step: PlanStep): boolean {
  if (step.criteria === undefined || step.criteria.length === 0) return true;
  const evidence = step.evidence ?? [];
  return step.criteria.every((c) =>
    evidence.some((e) => e.criterion === c && e.evidence.trim() !== ''),
  );
}

/** Steps of an approved plan that are still open: the user approved them and they are not done. */
export function openApprovedSteps(steps: readonly PlanStep[]): PlanStep[] {
  return steps.filter(
    (s) => s.addedAfterApproval !== true && (s.status === 'pending' || s.status === 'in_progress'),
  );
}

/**
 * Whether the plan's statuses carry information: a step has criteria, was added after
 * approval, or is no longer pending (update_plan, or a status given with the plan).
 */
export function isTracked(steps: readonly PlanStep[]): boolean {
  return steps.some(
    (s) => s.criteria !== undefined || s.addedAfterApproval === true || s.status !== 'pending',
  );
}
