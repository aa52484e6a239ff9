import { ensureResolved, type PlanfirstOptions, type ResolvedOptions } from '../options.js';
import { newApprovalId } from '../plan-mode/approval-id.js';
import type { RunEvent } from '../run/events.js';
import { step } from '../run/step.js';
import { leaseBlocks } from './claim.js';
import { type SweepCode, SweepCodes } from './codes.js';
import type { StoredSessionSummary, VersionedSessionStore } from './contract.js';
import { runStored, settleInterruptedTurn } from './driver.js';
import { approvalDeadline, type StoredRecord } from './record.js';
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
  approvalId: string,
  now: number,
  owner: string,
): Promise<SweepCode> {
  for (;;) {
    const loaded = await config.store.load(sessionId);
    const question = loaded?.record.question;
    if (loaded !== undefined && question?.questionId === approvalId) {
      if (question.deadline > now) return SweepCodes.alreadyHandled;
      if (leaseBlocks(loaded.record.lease, owner, now)) return SweepCodes.busy;
      const code = await timeOutQuestion(config, options, sessionId, loaded, now);
      if (code !== undefined) return code;
      continue;
    }
    const approval = loaded?.record.approval;
    if (loaded === undefined || approval?.approvalId !== approvalId || approval.deadline > now)
      return SweepCodes.alreadyHandled;
    if (leaseBlocks(loaded.record.lease, owner, now)) return SweepCodes.busy;
    const events: RunEvent[] = [];
    const context = { options };
    const stepQuiet = (s: StoredRecord['session'], input: Parameters<typeof step>[1]) =>
      step(s, input, context);
    const settled = settleInterruptedTurn({ stepQuiet }, loaded.record, now, events);
    const decision = { action: 'timeout' as const, approvalId };
    const out = step(settled, { type: 'approval_decision', decision, now }, context);
    events.push(...out.events);
    if (!events.some((e) => e.type === 'approval_resolved')) return SweepCodes.alreadyHandled;
    const next = approvalDeadline(out.session, approval, { now, timeoutMs: 0 });
    const intents = settled === loaded.record.session ? loaded.record.intents : undefined;
    const record: StoredRecord = {
      session: out.session,
      ...(next === undefined ? {} : { approval: next }),
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
 * Times out the pending question of a loaded record by compare-and-set; undefined when another
 * writer won the race (load again and look).
 */
async function timeOutQuestion(
  config: SweepConfig,
  options: ResolvedOptions,
  sessionId: string,
  loaded: { version: number; record: StoredRecord },
  now: number,
): Promise<SweepCode | undefined> {
  const events: RunEvent[] = [];
  const context = { options };
  const stepQuiet = (s: StoredRecord['session'], input: Parameters<typeof step>[1]) =>
    step(s, input, context);
  const settled = settleInterruptedTurn({ stepQuiet }, loaded.record, now, events);
  const question = loaded.record.question;
  if (question === undefined) return SweepCodes.alreadyHandled;
  const answer = { action: 'timeout' as const, questionId: question.questionId };
  const out = step(settled, { type: 'answer', answer, now }, context);
  events.push(...out.events);
  if (!events.some((e) => e.type === 'answer_resolved')) return SweepCodes.alreadyHandled;
  const intents = settled === loaded.record.session ? loaded.record.intents : undefined;
  const approval = approvalDeadline(out.session, loaded.record.approval, { now, timeoutMs: 0 });
  const record: StoredRecord = {
    session: out.session,
    ...(approval === undefined ? {} : { approval }),
    ...(intents === undefined || intents.length === 0 ? {} : { intents }),
  };
  const saved = await config.store.save(sessionId, record, loaded.version);
  if (!saved.ok) return undefined;
  for (const e of events) config.onEvent?.({ ...e, sessionId });
  return SweepCodes.timedOut;
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
    const last = page[page.length - 1];
    if (page.length < batch || last === undefined) return;
    after = { at: at(last) ?? 0, sessionId: last.sessionId };
  }
}
