import type { SessionState } from '../session.js';
import { closeOpenRequest } from './approval-history.js';
import { IgnoredReasons, TransitionCodes } from './codes.js';
import { ownValue } from './plain-data.js';
import { initialPlanModeState, modeEpoch, type PlanModeState } from './state.js';
import {
  ignored,
  invalidNow,
  invalidState,
  ownNow,
  type Transition,
  totally,
} from './transition.js';

/**
 * Puts the session into plan mode (a slash command, a UI toggle, or the model's
 * enter_plan_mode when the host allows it). A new planning phase starts clean: any earlier
 * plan, approval and feedback are dropped.
 */
export function enterPlanMode(
  state: SessionState,
  at: { now: number; reason?: string },
): Transition {
  return totally(state, () => enterPlanModeOnce(state, at));
}

function enterPlanModeOnce(state: SessionState, at: { now: number; reason?: string }): Transition {
  const now = ownNow(at) as number;
  const bad = invalidState(state) ?? invalidNow(state, now);
  if (bad) return bad;
  if (state.planMode.mode === 'plan')
    return ignored(state, IgnoredReasons.alreadyInPlanMode, 'plan mode is already active');
  const planMode: PlanModeState = { ...initialPlanModeState, mode: 'plan' };
  // The approval history survives so ids issued before can never be reused or re-decided.
  if (state.planMode.approvals !== undefined) planMode.approvals = state.planMode.approvals;
  planMode.epoch = modeEpoch(state.planMode) + 1;
  // Gated subagents started in an earlier planning phase may still be running.
  if (state.planMode.subagents !== undefined) planMode.subagents = state.planMode.subagents;
  const reason = ownValue(at, 'reason');
  if (typeof reason === 'string' && reason.trim() !== '') planMode.reason = reason;
  return {
    state: { ...state, planMode: { ...planMode, enteredAt: now, updatedAt: now } },
    applied: true,
    code: TransitionCodes.planModeEntered,
  };
}

/**
 * Leaves plan mode by the host's hand (the user turned it off). A pending approval is
 * withdrawn: its id can no longer be approved or rejected.
 */
export function exitPlanMode(state: SessionState, at: { now: number }): Transition {
  return totally(state, () => exitPlanModeOnce(state, at));
}

function exitPlanModeOnce(state: SessionState, at: { now: number }): Transition {
  const now = ownNow(at) as number;
  const bad = invalidState(state) ?? invalidNow(state, now);
  if (bad) return bad;
  if (state.planMode.mode !== 'plan')
    return ignored(state, IgnoredReasons.notInPlanMode, 'plan mode is not active');
  if (state.planMode.subagent !== undefined)
    return ignored(
      state,
      IgnoredReasons.subagentCannotExit,
      "a subagent runs under its parent's plan mode for as long as it runs",
    );
  const {
    mode: _mode,
    approval: _approval,
    approvalId: _id,
    approvals: _a,
    ...rest
  } = state.planMode;
  const approvals = closeOpenRequest(state.planMode, 'withdrawn');
  return {
    state: {
      ...state,
      planMode: {
        ...rest,
        mode: 'normal',
        approval: 'none',
        ...(approvals === undefined ? {} : { approvals }),
        updatedAt: now,
      },
    },
    applied: true,
    code: TransitionCodes.planModeExited,
  };
}
