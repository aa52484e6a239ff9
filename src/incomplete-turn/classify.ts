import type { PlanfirstOptions, ResolvedOptions } from '../options.js';
import { classifyResolvedTurn, invalid, type TurnClassification } from './classify-resolved.js';
import { optionsOrDefault } from './options-or-default.js';
import { isTurnSummary, type TurnSummary, turnSummarySchema } from './turn-summary.js';

export type { TurnClassification, TurnEvidence } from './classify-resolved.js';

export interface ClassifyContext {
  planMode: boolean;
  options?: PlanfirstOptions | ResolvedOptions;
  /**
   * Ids of the approved plan steps still open while the plan executes (the resolver fills it
   * from the session). A turn that then says the work is done is `claimed-done`.
   */
  openSteps?: readonly string[];
}

/**
 * Classifies one assistant turn so the resolver knows whether to re-prompt. Pure
 * and total: invalid input is `not-retryable` with the reason in the evidence, never a throw
 * (invalid options still throw OptionsError, as everywhere).
 */
export function classifyTurn(turn: TurnSummary, context: ClassifyContext): TurnClassification {
  if (!isTurnSummary(turn)) {
    const parsed = turnSummarySchema.safeParse(turn);
    return invalid(
      `turn: ${parsed.success ? 'not a turn summary' : firstIssue(parsed.error.issues)}`,
    );
  }
  if (typeof context !== 'object' || context === null || typeof context.planMode !== 'boolean')
    return invalid('context: planMode must be true or false');
  const open = Array.isArray(context.openSteps) ? context.openSteps : [];
  return classifyResolvedTurn(
    turn,
    context.planMode,
    () => optionsOrDefault(context.options),
    open,
  );
}

function firstIssue(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  const issue = issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
