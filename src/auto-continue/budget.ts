import type { TurnSummary } from '../incomplete-turn/turn-summary.js';
import { ensureResolved, type PlanfirstOptions, type ResolvedOptions } from '../options.js';
import { isPlanToolName } from '../plan-mode/tool-names.js';
import type { AutoContinueState } from './state-schema.js';

/** Why the budgeter said stop. Stable codes. */
export const BudgetStopReasons = {
  disabled: 'auto_continue_disabled',
  notPlanning: 'not_a_planning_stall',
  planMode: 'plan_mode',
  mutated: 'mutated',
  maxCycles: 'max_cycles',
} as const;
export type BudgetStopReason = (typeof BudgetStopReasons)[keyof typeof BudgetStopReasons];

export type BudgetDecision =
  | { decision: 'retry' }
  | { decision: 'auto-continue'; cycle: number; maxCycles: number }
  | { decision: 'stop'; reason: BudgetStopReason };

/**
 * Records whether a turn may have changed anything: a tool call the gate did not prove
 * read-only (plan bookkeeping aside) or reported side effects. Called for *every* turn before
 * any decision, so the flag accumulates across all attempts of the run (the origin's
 * stopOnMutation could never trip because it was only updated on a path without mutations).
 */
export function noteMutation(state: AutoContinueState, turn: TurnSummary): AutoContinueState {
  if (state.mutated) return state;
  const mutating =
    turn.sideEffects || turn.toolCalls.some((c) => !c.readOnly && !isPlanToolName(c.name));
  return mutating ? { ...state, mutated: true } : state;
}

const planningKinds: ReadonlySet<string> = new Set(['planning-only', 'single-action-narration']);

/**
 * What to do with a stalled turn of `kind`: retry while its budget lasts; once exhausted,
 * start a new auto-continue cycle (fresh retry budget) only for planning stalls in normal mode
 * when enabled, under `maxCycles`, and — with `stopOnMutation` — only if nothing in the run so
 * far mutated; otherwise stop.
 */
export function decideAutoContinue(
  state: AutoContinueState,
  stall: { kind: string; exhausted: boolean; planMode: boolean },
  optionsInput?: PlanfirstOptions | ResolvedOptions,
): BudgetDecision {
  if (!stall.exhausted) return { decision: 'retry' };
  const { autoContinue } = ensureResolved(optionsInput);
  if (!autoContinue.enabled) return { decision: 'stop', reason: BudgetStopReasons.disabled };
  if (stall.planMode) return { decision: 'stop', reason: BudgetStopReasons.planMode };
  if (!planningKinds.has(stall.kind))
    return { decision: 'stop', reason: BudgetStopReasons.notPlanning };
  if (autoContinue.stopOnMutation && state.mutated)
    return { decision: 'stop', reason: BudgetStopReasons.mutated };
  if (state.cycles >= autoContinue.maxCycles)
    return { decision: 'stop', reason: BudgetStopReasons.maxCycles };
  return { decision: 'auto-continue', cycle: state.cycles + 1, maxCycles: autoContinue.maxCycles };
}

/**
 * The most model calls a run can make when the model never acts: every turn is an incomplete
 * one (planning-only, reasoning-only, empty, plan-ack-only, claimed-done) — the budget the
 * resolver and the budgeter enforce — capped by `run.maxModelCalls`, which bounds every run.
 *
 * A turn that calls a tool (beyond plan bookkeeping) is working: the loop goes on with its
 * results and never retries it, so only `run.maxModelCalls` bounds a model that keeps calling
 * tools, and single-action narration (a kind for hosts that judge a whole attempt, tool calls
 * and all) never draws a retry from the driver.
 *
 * With limits Lp, Lr, Le, La, Lc (planning-only, reasoning-only, empty, plan-ack-only,
 * claimed-done), N = Lp + Lr + Le + Lc and C = maxCycles when auto-continue is on (else 0):
 * - a run in normal mode retries each kind up to its limit and stops on the next stall:
 *   N + 1 calls per cycle, and C more cycles: (C + 1)(N + 1);
 * - if the model may enter plan mode itself, its last cycle can add La plan-ack retries
 *   (auto-continue never runs in plan mode): + La;
 * - a run in plan mode: 1 + Lr + Le + La.
 * The worst case is the larger, plus B = run.maxBookkeepingTurns: turns that call only plan
 * bookkeeping are not stalls, and the loop carries on from at most B of them in a row (a turn
 * that calls any other tool is working, and resets the count). Never more than
 * run.maxModelCalls. With the resolver off (or for a model outside `appliesTo`) nothing judges
 * turns: run.maxModelCalls.
 */
export function worstCaseModelCalls(optionsInput?: PlanfirstOptions | ResolvedOptions): number {
  const options = ensureResolved(optionsInput);
  const cap = options.run.maxModelCalls;
  if (!options.incompleteTurn.enabled) return cap;
  const l = options.incompleteTurn.retryLimits;
  // claimed-done applies while an approved plan executes, which a run may start in.
  const n = l.planningOnly + l.reasoningOnly + l.empty + l.claimedDone;
  const cycles = options.autoContinue.enabled ? options.autoContinue.maxCycles : 0;
  const normal = (cycles + 1) * (n + 1) + (options.planMode.allowModelEnter ? l.planAckOnly : 0);
  const plan = 1 + l.reasoningOnly + l.empty + l.planAckOnly;
  return Math.min(cap, Math.max(normal, plan) + options.run.maxBookkeepingTurns);
}
