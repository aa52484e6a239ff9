import type { SessionStore } from '../adapters/session-store.js';
import { PlanfirstError } from '../errors.js';
import { newApprovalId } from '../plan-mode/approval-id.js';
import type { IgnoredReason } from '../plan-mode/codes.js';
import { finishSubagent, type SubagentStart, startSubagent } from '../plan-mode/subagents.js';

/**
 * Runs a subagent under its parent's gate, for hosts whose loop is their SDK's (the adapters,
 * your own): the parent's session lives in `parent`. While the parent's gate is closed, the
 * subagent is tracked as running and `run` gets its own session, in plan mode for life — run
 * the subagent on it (a planfirst adapter over a store holding it). It stops counting as
 * running when `run` settles, however it ends. A parent whose gate is open gets `gated: false`
 * and no session. A parent state that is not valid starts nothing: PlanfirstError with the
 * transition's reason as its code.
 */
export async function runGatedSubagent<T>(
  parent: SessionStore,
  run: (start: SubagentStart) => Promise<T>,
  at: { subagentId?: string; now?: () => number } = {},
): Promise<T> {
  const now = at.now ?? Date.now;
  const subagentId = at.subagentId ?? newApprovalId();
  const started = startSubagent(parent.get(), { subagentId, now: now() });
  if (!started.applied)
    throw new PlanfirstError<IgnoredReason>(
      started.reason,
      `the subagent was not started: ${started.message}`,
    );
  if (!started.gated) return run(started);
  parent.set(started.state);
  try {
    return await run(started);
  } finally {
    const finished = finishSubagent(parent.get(), { subagentId, now: now() });
    if (finished.applied) parent.set(finished.state);
  }
}
