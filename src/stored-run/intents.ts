import { canonicalJson } from '../canonical-json.js';
import { sha256Hex } from '../sha256.js';
import { ToolDeliveries, type ToolDelivery } from './codes.js';
import type { ToolIntent } from './record.js';

/**
 * The idempotency key of one tool call: the same on every attempt and every worker, different
 * for every call of every session. Built from the session id, the index of the assistant
 * message that made the call (call ids may repeat across turns) and the call id; 64 hex digits,
 * so it fits any API's idempotency header.
 */
export function toolIdempotencyKey(sessionId: string, messageIndex: number, callId: string) {
  return sha256Hex(canonicalJson(['planfirst-tool-call', sessionId, messageIndex, callId]));
}

/** The default delivery: calls the gate judged read-only may run again; anything else not. */
export function defaultToolDelivery(call: { name: string; readOnly: boolean }): ToolDelivery {
  return call.readOnly ? ToolDeliveries.atLeastOnce : ToolDeliveries.atMostOnce;
}

/** The result the model gets for an at-most-once call a dead worker had started. */
export const interruptedCallResult =
  'This tool call was interrupted: the worker running it stopped before its result was saved. It may or may not have taken effect, and it was not run again. Check its effect before you repeat it.';

/** The result of a call a superseded run never started. */
export const notStartedCallResult =
  'Not executed: the run was interrupted before this call started, and a new input replaced it.';

/** The intent recorded for `callId` of the turn at `messageIndex`, if a worker started it. */
export function intentFor(
  intents: readonly ToolIntent[] | undefined,
  messageIndex: number,
  callId: string,
): ToolIntent | undefined {
  return intents?.find((i) => i.messageIndex === messageIndex && i.callId === callId);
}

/** The intents without the ones of the given calls. */
export function withoutIntents(
  intents: readonly ToolIntent[] | undefined,
  messageIndex: number,
  callIds: readonly string[],
): ToolIntent[] {
  return (intents ?? []).filter(
    (i) => !(i.messageIndex === messageIndex && callIds.includes(i.callId)),
  );
}
