import { createSession, type SessionState } from '../session.js';
import { IgnoredReasons, TransitionCodes } from './codes.js';
import { describeIssues, toPlan } from './plan-input.js';
import { quoteBounded } from './quote.js';
import { renderPlan } from './render.js';
import { isExecutionHeld, isNormalMode, type Plan, type PlanModeState } from './state.js';
import { ignored, invalidNow, invalidState, type Transition } from './transition.js';

// Subagents inherit the gate. A subagent started while its parent's gate is closed (plan mode,
// a plan approved but held, or a state that is not validly normal) runs in plan mode itself,
// for life: it cannot leave plan mode or ask for approval, and the plan it proposes goes back
// to the parent as its result. The parent tracks its running gated subagents and cannot
// submit its own plan while any of them still runs. A subagent of a subagent inherits the
// same way, one level deeper.

/** The deepest a chain of gated subagents may go. */
export const MAX_SUBAGENT_DEPTH = 1000;

/** Whether the gate is closed for this plan-mode state: plan mode, a held plan, or corrupt. */
export function isGateClosed(planMode: unknown): boolean {
  return !isNormalMode(planMode) || isExecutionHeld(planMode);
}

/** What starting a subagent gives the host. */
export interface SubagentStart {
  subagentId: string;
  /**
   * True when the parent's gate is closed: run the subagent on `session` (plan mode, the
   * parent's options) and call finishSubagent when it ends. False: the parent is executing
   * freely and the subagent runs as the host would run it anyway (no session is given).
   */
  gated: boolean;
  /** The subagent's own session, in plan mode for life; only when `gated`. */
  session?: SessionState;
}

/**
 * Starts a subagent of `state`. When the parent's gate is closed, the subagent gets a fresh
 * session in plan mode (one level deeper than the parent) and its id joins the parent's
 * running subagents; a parent in normal, executing mode changes nothing. A parent state that
 * is not valid is refused (start nothing): the gate treats it as plan mode, and so must this.
 */
export function startSubagent(
  state: SessionState,
  at: { subagentId: string; now: number },
): Transition<SubagentStart> {
  const bad = invalidState(state) ?? invalidNow(state, at?.now);
  if (bad) return bad;
  const id = at.subagentId;
  if (typeof id !== 'string' || id.trim() === '' || id.length > 200)
    return ignored(state, IgnoredReasons.invalidState, 'subagentId must be a non-empty string');
  const pm = state.planMode;
  if (!isGateClosed(pm))
    return {
      state,
      applied: true,
      code: TransitionCodes.subagentStarted,
      subagentId: id,
      gated: false,
    };
  const running = pm.subagents ?? [];
  if (running.includes(id))
    return ignored(
      state,
      IgnoredReasons.subagentIdReused,
      `a subagent with id ${quoteBounded(id)} is already running; every subagent needs a fresh id`,
    );
  const depth = (pm.subagent?.depth ?? 0) + 1;
  if (depth > MAX_SUBAGENT_DEPTH)
    return ignored(
      state,
      IgnoredReasons.invalidState,
      `subagents may nest at most ${MAX_SUBAGENT_DEPTH} levels deep`,
    );
  return {
    state: { ...state, planMode: { ...pm, subagents: [...running, id], updatedAt: at.now } },
    applied: true,
    code: TransitionCodes.subagentStarted,
    subagentId: id,
    gated: true,
    session: childSession(id, depth, at.now),
  };
}

function childSession(id: string, depth: number, now: number): SessionState {
  const planMode: PlanModeState = {
    mode: 'plan',
    approval: 'none',
    rejectionCount: 0,
    reason: "inherited from the parent agent's plan mode",
    subagent: { id, depth },
    enteredAt: now,
    updatedAt: now,
  };
  return { ...createSession(), planMode };
}

/**
 * The session a gated subagent `subagentId` of `parent` runs on: plan mode, one level deeper
 * than the parent. Undefined when the parent is not running that id as a gated subagent.
 */
export function gatedSubagentSession(
  parent: SessionState,
  subagentId: string,
  at: { now: number },
): SessionState | undefined {
  const pm = parent.planMode;
  if (!(pm.subagents ?? []).includes(subagentId)) return undefined;
  return childSession(subagentId, (pm.subagent?.depth ?? 0) + 1, at.now);
}

/**
 * The subagent `subagentId` ended (finished, failed or was aborted): it no longer counts as
 * running, so the parent may submit its plan once none does. An id the parent is not running
 * (never started, or finished already) is `unknown_subagent` and changes nothing.
 */
export function finishSubagent(
  state: SessionState,
  at: { subagentId: string; now: number },
): Transition {
  const bad = invalidState(state) ?? invalidNow(state, at?.now);
  if (bad) return bad;
  const pm = state.planMode;
  const running = pm.subagents ?? [];
  if (typeof at.subagentId !== 'string' || !running.includes(at.subagentId))
    return ignored(
      state,
      IgnoredReasons.unknownSubagent,
      'no running subagent of this session has that id',
    );
  const left = running.filter((id) => id !== at.subagentId);
  const { subagents: _s, ...rest } = pm;
  return {
    state: {
      ...state,
      planMode: { ...rest, ...(left.length > 0 ? { subagents: left } : {}), updatedAt: at.now },
    },
    applied: true,
    code: TransitionCodes.subagentFinished,
  };
}

/** The ids of the gated subagents `state` started that are still running. */
export function runningSubagents(state: SessionState): readonly string[] {
  return state.planMode.subagents ?? [];
}

/**
 * A gated subagent's exit_plan_mode: refused (it cannot leave plan mode or ask the user), but a
 * valid plan is recorded in its session so it goes back to the parent with its result.
 */
export function returnSubagentPlan(
  state: SessionState,
  input: unknown,
  at: { now: number },
): Transition<{ plan: Plan }> {
  const bad = invalidState(state) ?? invalidNow(state, at?.now);
  if (bad) return bad;
  const link = state.planMode.subagent;
  if (link === undefined)
    return ignored(state, IgnoredReasons.notInPlanMode, 'this session is not a gated subagent');
  const checked = toPlan(input);
  if (!checked.ok)
    return ignored(
      state,
      IgnoredReasons.invalidPlan,
      describeIssues(
        'the plan is not valid; fix these fields and call exit_plan_mode again',
        checked.issues,
      ),
    );
  const plan = checked.value;
  return {
    state: {
      ...state,
      planMode: { ...state.planMode, subagent: { ...link, plan }, updatedAt: at.now },
    },
    applied: true,
    code: TransitionCodes.planUpdated,
    plan,
  };
}

/** The message a gated subagent's exit_plan_mode gets back. */
export const subagentExitMessage =
  "You are a subagent working under your parent agent's plan mode (subagent_cannot_exit): you cannot leave plan mode or ask the user for approval. Your plan was recorded and goes back to the parent agent with your result. Stop here and end your turn with a short summary of what you found.";

/**
 * What goes back to the parent as the spawn tool's result: the subagent's final text and, when
 * it proposed one, its plan (as text; the parent decides what to do with it).
 */
export function subagentReport(session: SessionState, finalText?: string): string {
  const parts: string[] = [];
  const text = finalText?.trim();
  parts.push(text ? text : 'The subagent finished without a final answer.');
  const plan = session.planMode.subagent?.plan;
  if (plan !== undefined)
    parts.push(`The subagent proposed this plan:\n${renderPlan(plan, { format: 'text' })}`);
  return parts.join('\n\n');
}
