import type { ToolCallBlock } from '../messages.js';
import type { SessionState } from '../session.js';
import { ToolDeliveries, type ToolDelivery } from '../stored-run/codes.js';

/** The host's delivery choice for `call`, from what the gate recorded about it. */
export function deliveryOf(
  session: SessionState,
  call: ToolCallBlock,
  delivery: (call: { name: string; readOnly: boolean }) => ToolDelivery,
): ToolDelivery {
  const readOnly = session.run.turn?.calls.find((c) => c.id === call.id)?.readOnly ?? false;
  return delivery({ name: call.name, readOnly });
}

/**
 * What a driver does with a call whose intent an earlier execution recorded (it may have run,
 * fully or partly, and its result was never recorded): an at-most-once call is reported to
 * the model and never run again; an at-least-once call runs again as the next attempt.
 * Without a prior intent the call runs as attempt 1.
 */
export function afterIntent(
  delivery: ToolDelivery,
  prior: { attempt: number } | undefined,
): { action: 'run'; attempt: number } | { action: 'report'; attempt: number } {
  if (prior === undefined) return { action: 'run', attempt: 1 };
  if (delivery === ToolDeliveries.atMostOnce) return { action: 'report', attempt: prior.attempt };
  return { action: 'run', attempt: prior.attempt + 1 };
}
