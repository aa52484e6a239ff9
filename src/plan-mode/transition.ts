import type { SessionState } from '../session.js';
import type { IgnoredReason, TransitionCode } from './codes.js';
import { planModeStateSchema } from './state.js';

/**
 * What every plan-mode transition returns: the (new or unchanged) state and what happened.
 * Ignored transitions are values, not exceptions, and leave the state untouched — except a
 * decision at or after its deadline, whose state has the due timeout applied (save it).
 */
export type Transition<Applied extends object = object> =
  | ({ state: SessionState; applied: true; code: TransitionCode } & Applied)
  | { state: SessionState; applied: false; reason: IgnoredReason; message: string };

export type Ignored = Extract<Transition, { applied: false }>;

export function ignored(state: SessionState, reason: IgnoredReason, message: string): Ignored {
  return { state, applied: false, reason, message };
}

/**
 * Transitions take host-held state; a corrupt one must not crash them or be "repaired" into
 * something permissive, so it is reported and left alone.
 */
export function invalidState(state: SessionState): Ignored | undefined {
  const shape =
    typeof state === 'object' && state !== null
      ? planModeStateSchema.safeParse((state as { planMode?: unknown }).planMode)
      : undefined;
  if (shape?.success) return undefined;
  return ignored(
    state,
    'invalid_state',
    'the session state is not valid; restore it with parseSession() before using it',
  );
}

/** Validates a `now` timestamp passed by the host. */
export function invalidNow(state: SessionState, now: unknown): Ignored | undefined {
  if (typeof now === 'number' && Number.isSafeInteger(now) && now >= 0) return undefined;
  return ignored(state, 'invalid_state', '`now` must be a non-negative integer (ms since epoch)');
}
