import { HookCodes } from './codes.js';
import type { HookEvent } from './event.js';
import { inPlanMode } from './plan-mode-flag.js';
import type { HookJudgement, HookPolicy } from './policy.js';

// After the host compacts the conversation the plan may be gone from the model's context:
// SessionStart with source `compact` puts it back.

/** Plans longer than this are cut, with a pointer to the file for the rest. */
export const MAX_PLAN_REMINDER = 8000;

export function judgeSessionStart(event: HookEvent, policy: HookPolicy): HookJudgement {
  const planMode = inPlanMode(event, policy);
  const plan = policy.plan;
  if (event.source !== 'compact' || plan === undefined || plan.text.trim() === '')
    return { verdict: 'neutral', code: HookCodes.noPlan, reason: 'nothing to re-anchor', planMode };
  const body =
    plan.text.length > MAX_PLAN_REMINDER
      ? `${plan.text.slice(0, MAX_PLAN_REMINDER)}\n… (cut; read ${plan.path} for the rest)`
      : plan.text;
  const rule = planMode
    ? 'Plan mode is on: only provably read-only shell commands run until the user approves the plan.'
    : 'Carry on with the plan from where you stopped; do not start over.';
  return {
    verdict: 'context',
    code: HookCodes.planReanchored,
    reason: 'the plan was re-injected after compaction',
    planMode,
    context: `The conversation was compacted. The current planfirst plan (${plan.path}):\n\n${body}\n\n${rule}`,
  };
}
