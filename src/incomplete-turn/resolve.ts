import { decideAutoContinue, noteMutation } from '../auto-continue/budget.js';
import { initialAutoContinueState } from '../auto-continue/state-schema.js';
import { ensureResolved, type PlanfirstOptions, type ResolvedOptions } from '../options.js';
import { isTracked, openApprovedSteps } from '../plan-mode/criteria.js';
import { isExecutionHeld, isNormalMode } from '../plan-mode/state.js';
import type { SessionState } from '../session.js';
import { resolverAppliesTo } from './applies-to.js';
import { classifyTurn, type TurnClassification } from './classify.js';
import type { TurnKind } from './codes.js';
import { initialIncompleteTurnState } from './state-schema.js';
import {
  autoContinueInstruction,
  blockedMessage,
  type RetryInstruction,
  type RetryKind,
  retryInstruction,
} from './tiers.js';
import type { TurnSummary } from './turn-summary.js';

type StallKind = Exclude<RetryKind, 'auto-continue'>;

const limitKey: Record<StallKind, keyof ResolvedOptions['incompleteTurn']['retryLimits']> = {
  'planning-only': 'planningOnly',
  'single-action-narration': 'singleActionNarration',
  'reasoning-only': 'reasoningOnly',
  empty: 'empty',
  'plan-ack-only': 'planAckOnly',
  'claimed-done': 'claimedDone',
};

function isStall(kind: TurnKind): kind is StallKind {
  return Object.hasOwn(limitKey, kind);
}

export type ResolveOutcome = 'continue' | 'retry' | 'blocked';

export interface ResolveResult {
  state: SessionState;
  outcome: ResolveOutcome;
  /** For `retry`: what to tell the model on the next call. */
  instruction?: RetryInstruction;
  /** For `blocked`: the short message for the user. */
  message?: string;
  /** `uncertain: true` marks a borderline turn (see ResolveContext.uncertain). */
  classification: TurnClassification;
}

export interface ResolveContext {
  /** The model id (`provider/model` or bare), for `incompleteTurn.appliesTo`. */
  model?: string;
  /**
   * The loop answers this turn's tool results next on its own: set it in a loop that judges
   * every turn when the turn called a tool beyond plan bookkeeping. Such a turn is work in
   * progress — "Let me look at the parser." with a read — so it is never retried or counted,
   * while its acting still resets the counters. Hosts that judge a whole attempt, tool calls
   * and all, leave it unset: there one read and then narration is single-action narration.
   */
  loopContinues?: boolean;
  /**
   * What to do with a stall the classifier marked `uncertain` (a borderline turn): `continue`
   * (the default — never nag on a guess) or `retry`. A host that wants a second opinion asks
   * its own model when a `continue` result carries `classification.uncertain`, and if that
   * model says the turn stalled, calls again with the same state and `uncertain: 'retry'`.
   */
  uncertain?: 'continue' | 'retry';
}

/**
 * Decides what follows an assistant turn: carry on (`continue` — it acted,
 * answered, or must never be retried), re-prompt with an escalating instruction (`retry`), or
 * end the run (`blocked`). Counters live in the session and reset when the agent acts; every
 * turn first updates the run's mutation flag, so the budgeter sees all attempts.
 */
export function resolveIncompleteTurn(
  state: SessionState,
  turn: TurnSummary,
  optionsInput?: PlanfirstOptions | ResolvedOptions,
  context: ResolveContext = {},
): ResolveResult {
  const options = ensureResolved(optionsInput);
  const planMode = !isNormalMode(state.planMode);
  const openSteps = openStepsInExecution(state);
  const classification = classifyTurn(turn, {
    planMode,
    options,
    ...(openSteps.length > 0 ? { openSteps } : {}),
  });
  let autoContinue = noteMutation(state.autoContinue ?? initialAutoContinueState(), turn);
  const attempts = { ...(state.incompleteTurn?.attempts ?? {}) };
  const next = (changes: Partial<SessionState>): SessionState => ({
    ...state,
    autoContinue,
    incompleteTurn: { attempts },
    ...changes,
  });

  const { kind } = classification;
  const applies =
    options.incompleteTurn.enabled &&
    resolverAppliesTo(context.model, options.incompleteTurn.appliesTo);
  if (kind === 'acted')
    return {
      state: next({ incompleteTurn: initialIncompleteTurnState() }),
      outcome: 'continue',
      classification,
    };
  if (!applies || !isStall(kind) || context.loopContinues === true)
    return { state: next({}), outcome: 'continue', classification };
  if (classification.uncertain === true && context.uncertain !== 'retry')
    return { state: next({}), outcome: 'continue', classification };

  const limit = options.incompleteTurn.retryLimits[limitKey[kind]];
  const attempt = (attempts[kind] ?? 0) + 1;
  const budget = decideAutoContinue(
    autoContinue,
    { kind, exhausted: attempt > limit, planMode },
    options,
  );
  switch (budget.decision) {
    case 'retry':
      attempts[kind] = attempt;
      return {
        state: next({}),
        outcome: 'retry',
        instruction: retryInstruction(kind, attempt, limit),
        classification,
      };
    case 'auto-continue':
      autoContinue = { ...autoContinue, cycles: budget.cycle };
      return {
        state: next({ incompleteTurn: initialIncompleteTurnState() }),
        outcome: 'retry',
        instruction: autoContinueInstruction(budget.cycle, budget.maxCycles),
        classification,
      };
    case 'stop':
      return {
        state: next({}),
        outcome: 'blocked',
        message: blockedMessage(kind, autoContinue.mutated),
        classification,
      };
  }
}

/**
 * Clears the per-run budgets (retry counters, auto-continue cycles, the mutation flag): call
 * it when a new user message starts a run.
 */
export function resetRunBudgets(state: SessionState): SessionState {
  return {
    ...state,
    incompleteTurn: initialIncompleteTurnState(),
    autoContinue: initialAutoContinueState(),
  };
}

/**
 * The ids of the approved steps still open (pending or in progress) while an approved plan
 * executes and is tracked; empty outside execution (plan mode, a held plan, no approved plan).
 * A plan nobody tracks — every step still pending as approved, none with criteria — says
 * nothing about progress, so it marks no step open.
 */
export function openStepsInExecution(state: SessionState): string[] {
  const pm = state?.planMode;
  if (!isNormalMode(pm) || isExecutionHeld(pm)) return [];
  if (pm.plan === undefined || (pm.approval !== 'approved' && pm.approval !== 'edited')) return [];
  if (!isTracked(pm.plan.steps)) return [];
  return openApprovedSteps(pm.plan.steps).map((s) => s.id);
}
