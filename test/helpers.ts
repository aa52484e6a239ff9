import {
  createSession,
  enterPlanMode,
  requestApproval,
  resolveApproval,
  type SessionState,
} from '../src/index.js';

/** A session already in plan mode, entered at t=0. */
export function planSession(): SessionState {
  return createSession({ planMode: { enabled: true } }, { now: 0 });
}

export const samplePlan = {
  title: 'Fix the parser crash',
  summary: 'parse() dereferences a missing token.',
  steps: [{ text: 'Add a failing test' }, { text: 'Guard the lookahead in parse()' }],
  verification: ['npm test'],
};

/** A JSON round trip through storage, as a host persisting the session would do. */
export function roundTrip<T>(value: T): unknown {
  return JSON.parse(JSON.stringify(value));
}

/** samplePlan with the first step in progress: a plan whose steps are tracked. */
export const trackedPlan = {
  ...samplePlan,
  steps: [{ text: 'Add a failing test', status: 'in_progress' }, { text: 'Guard the lookahead' }],
};

/**
 * A session executing an approved plan (normal mode, its steps open): the state a run starts
 * in after the user approved. `plan` defaults to trackedPlan.
 */
export function executingSession(plan: object = trackedPlan): SessionState {
  const entered = enterPlanMode(createSession(), { now: 0 });
  const requested = requestApproval(entered.state, { plan, now: 1, approvalId: 'approval-1' });
  if (!requested.applied) throw new Error(requested.message);
  const approved = resolveApproval(
    requested.state,
    { action: 'approve', approvalId: 'approval-1' },
    { now: 2 },
  );
  if (!approved.applied) throw new Error(approved.message);
  return approved.state;
}
