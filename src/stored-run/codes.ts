// Stable codes of the stored-run driver. Hosts branch on them and the README lists them; never
// rename one.

/** What became of one `runStored` call. */
export const StoredRunOutcomes = {
  /** This worker ran the session; `result` is the run's result, saved at `version`. */
  ran: 'ran',
  /** The same decision was already applied (by any worker): nothing was done or saved. */
  duplicate: 'duplicate',
  /** The decision does not apply (stale id, decided otherwise, timed out, invalid): nothing done. */
  ignored: 'ignored',
  /** Another worker is running the session now; nothing was done. Retry later. */
  busy: 'busy',
  /** No such session (a decision or resume needs one; a message creates it). */
  notFound: 'not_found',
  /** Another writer saved the session while this worker ran it; it stopped at once. */
  conflict: 'conflict',
} as const;
export type StoredRunOutcome = (typeof StoredRunOutcomes)[keyof typeof StoredRunOutcomes];

/** How often a tool call may execute when a worker dies while running it. */
export const ToolDeliveries = {
  /** Never run twice: after a crash the model is told the call may or may not have happened. */
  atMostOnce: 'at-most-once',
  /** Run again after a crash, with the same idempotency key, so the tool can drop the repeat. */
  atLeastOnce: 'at-least-once',
} as const;
export type ToolDelivery = (typeof ToolDeliveries)[keyof typeof ToolDeliveries];

/** What the sweeps did with one session. */
export const SweepCodes = {
  /** This worker applied the timeout. */
  timedOut: 'timed_out',
  /** The approval was decided, timed out or replaced before this worker got to it. */
  alreadyHandled: 'already_handled',
  /** A worker holds the session; the next sweep tries again. */
  busy: 'busy',
} as const;
export type SweepCode = (typeof SweepCodes)[keyof typeof SweepCodes];
