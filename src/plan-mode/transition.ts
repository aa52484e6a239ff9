import { PlanfirstError } from '../errors.js';
import type { SessionState } from '../session.js';
import type { IgnoredReason, TransitionCode } from './codes.js';
import { ownValue } from './plain-data.js';
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

/**
 * The host's `now` as an own data property of `at` (never inherited from a polluted prototype,
 * never through a getter); anything else is undefined, which invalidNow refuses.
 */
export function ownNow(at: unknown): unknown {
  return typeof at === 'object' && at !== null ? ownValue(at, 'now') : undefined;
}

/** Validates a `now` timestamp passed by the host. */
export function invalidNow(state: SessionState, now: unknown): Ignored | undefined {
  if (typeof now === 'number' && Number.isSafeInteger(now) && now >= 0) return undefined;
  return ignored(state, 'invalid_state', '`now` must be a non-negative integer (ms since epoch)');
}

/**
 * Runs a transition so that it never throws: a value that cannot be read (a getter that throws,
 * a schema that a polluted Object.prototype breaks) leaves the state unchanged and is reported
 * as `invalid_state` (planfirst's typed errors still throw). Nothing is applied that the transition did not finish judging.
 */
export function totally<T extends object>(
  state: SessionState,
  transition: () => Transition<T>,
): Transition<T> {
  try {
    return transition();
  } catch (error) {
    // planfirst's own typed errors (no CSPRNG to draw an id from) are the host's to see.
    if (error instanceof PlanfirstError) throw error;
    const why = error instanceof Error ? error.message : String(error);
    return ignored(
      state,
      'invalid_state',
      `the input could not be read (${why.slice(0, 200)}); nothing changed`,
    );
  }
}
