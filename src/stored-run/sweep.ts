import { ensureResolved, type PlanfirstOptions, type ResolvedOptions } from '../options.js';
import { newApprovalId } from '../plan-mode/approval-id.js';
import type { RunEvent } from '../run/events.js';
import { step } from '../run/step.js';
import { leaseBlocks } from './claim.js';
import { type SweepCode, SweepCodes } from './codes.js';
import type { StoredSessionSummary, VersionedSessionStore } from './contract.js';
import { runStored, settleInterruptedTurn } from './driver.js';
import type { StoredRecord } from './record.js';
import type { StoredRunConfig, StoredRunResult } from './types.js';

export interface SweepConfig {
  store: VersionedSessionStore;
  options?: PlanfirstOptions | ResolvedOptions;
  /** Rows read per listing (default 100); the sweep pages through all of them. */
  batch?: number;
  workerId?: string;
  now?: () => number;
  newId?: () => string;
  onEvent?: (event: RunEvent & { sessionId: string }) => void;
}

export interface SweptApproval {
  sessionId: string;
  approvalId: string;
  code: SweepCode;
}

/**
 * Times out every pending approval (and every pending ask_user question) whose deadline has
 * passed, each exactly once: the timeout
 * is written by compare-and-set, so when several workers sweep at once (cron, a repeatable
 * job, pg_cron on every node) one of them applies it and the others see `already_handled`.
 * Sessions a worker is running are left for the next sweep (`busy`).
 */
export async function sweepExpiredApprovals(config: SweepConfig): Promise<SweptApproval[]> {
  const options = ensureResolved(config.options);
  const now = (config.now ?? Date.now)();
  const owner = config.workerId ?? (config.newId ?? newApprovalId)();
  const out: SweptApproval[] = [];
  await pageDue(
    (after) => config.store.listExpiredApprovals({ now, limit: batchOf(config), ...after }),
    (row) => row.deadline,
    async (row) => {
      if (row.approvalId === undefined) return;
      const code = await timeOut(config, options, row.sessionId, row.approvalId, now, owner);
      out.push({ sessionId: row.sessionId, approvalId: row.approvalId, code });
    },
    batchOf(config),
  );
  return out;
}

async function timeOut(
  config: SweepConfig,
  options: ResolvedOptions,
  sessionId: string,
  id: string,
  now: number,
  owner: string,
): Promise<SweepCode> {
  for (;;) {
    const loaded = await config.store.load(sessionId);
    if (loaded === undefined) return SweepCodes.alreadyHandled;
    const due = dueRequest(loaded.record, id);
    if (due === undefined || due.deadline > now) return SweepCodes.alreadyHandled;
    if (leaseBlocks(loaded.record.lease, owner, now)) return SweepCodes.busy;
    const events: RunEvent[] = [];
    // Stryker disable next-line ObjectLiteral: a timeout and the settled calls read no option that reaches the saved session (timeoutMs only shapes effects the sweep drops)
    const context = { options };
    const stepQuiet = (s: StoredRecord['session'], input: Parameters<typeof step>[1]) =>
      step(s, input, context);
    const settled = settleInterruptedTurn({ stepQuiet }, loaded.record, now, events);
    const out = step(settled, { ...due.input, now }, context);
    events.push(...out.events);
    if (!events.some((e) => e.type === due.resolved)) return SweepCodes.alreadyHandled;
    const intents = settled === loaded.record.session ? loaded.record.intents : undefined;
    // A timed-out question or plan leaves nothing pending (the two never wait side by side), so
    // the record keeps no deadline.
    const record: StoredRecord = {
      session: out.session,
      ...(intents === undefined || intents.length === 0 ? {} : { intents }),
    };
    const saved = await config.store.save(sessionId, record, loaded.version);
    if (saved.ok) {
      for (const e of events) config.onEvent?.({ ...e, sessionId });
      return SweepCodes.timedOut;
    }
    // Lost a race: load again and see what the winner did.
  }
}

/**
 * What the listed id names in the record: its pending question or its pending approval (a
 * question is indexed like an approval), with the stored deadline and the timeout to apply.
 */
function dueRequest(
  record: StoredRecord,
  id: string,
):
  | {
      deadline: number;
      input:
        | { type: 'answer'; answer: { action: 'timeout'; questionId: string } }
        | { type: 'approval_decision'; decision: { action: 'timeout'; approvalId: string } };
      resolved: 'answer_resolved' | 'approval_resolved';
    }
  | undefined {
  const { question, approval } = record;
  if (question?.questionId === id)
    return {
      deadline: question.deadline,
      input: { type: 'answer', answer: { action: 'timeout', questionId: id } },
      resolved: 'answer_resolved',
    };
  if (approval?.approvalId === id)
    return {
      deadline: approval.deadline,
      input: { type: 'approval_decision', decision: { action: 'timeout', approvalId: id } },
      resolved: 'approval_resolved',
    };
  return undefined;
}

/**
 * Resumes every run whose worker's lease ran out (it died or hung): each is claimed by one
 * worker with `runStored(…, { resume: true })`; the others get `busy`.
 */
export async function resumeStalledRuns(
  config: StoredRunConfig & { batch?: number },
): Promise<StoredRunResult[]> {
  const now = (config.now ?? Date.now)();
  const out: StoredRunResult[] = [];
  await pageDue(
    (after) => config.store.listStalledRuns({ now, limit: batchOf(config), ...after }),
    (row) => row.leaseUntil,
    async (row) => {
      out.push(await runStored(config, row.sessionId, { resume: true }));
    },
    batchOf(config),
  );
  return out;
}

function batchOf(config: { batch?: number }): number {
  return config.batch ?? 100;
}

async function pageDue(
  list: (after: { after?: { at: number; sessionId: string } }) => Promise<StoredSessionSummary[]>,
  at: (row: StoredSessionSummary) => number | undefined,
  each: (row: StoredSessionSummary) => Promise<void>,
  batch: number,
): Promise<void> {
  let after: { at: number; sessionId: string } | undefined;
  for (;;) {
    const page = await list(after === undefined ? {} : { after });
    for (const row of page) await each(row);
    if (page.length < batch) return;
    // A full page (batch ≥ 1) has a last row.
    const last = page[page.length - 1] as StoredSessionSummary;
    after = { at: at(last) ?? 0, sessionId: last.sessionId };
  }
}
