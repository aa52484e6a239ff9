import type { z } from 'zod';
import { SessionError } from '../errors.js';
import { lazy } from '../lazy.js';
import { pendingQuestion } from '../plan-mode/questions.js';
import { nonEmptyString, nonNegativeInt } from '../schema-helpers.js';
import { ownInput, type SessionState, sessionSchema } from '../session.js';
import { toValidationIssues } from '../zod-issues.js';

/** The worker running the session and until when its claim holds (ms since the epoch). */
export const leaseSchema = lazy((z) =>
  z.strictObject({
    owner: nonEmptyString(),
    until: nonNegativeInt(),
  }),
);

/** The pending approval of the session and when it times out (ms since the epoch). */
export const approvalDeadlineSchema = lazy((z) =>
  z.strictObject({
    approvalId: nonEmptyString(),
    deadline: nonNegativeInt(),
  }),
);

/** The pending question of the session (ask_user) and when it times out. */
export const questionDeadlineSchema = lazy((z) =>
  z.strictObject({
    questionId: nonEmptyString(),
    deadline: nonNegativeInt(),
  }),
);

/**
 * A tool call handed to the host's executor whose result is not saved yet. Written before the
 * call runs, so a worker that dies mid-call leaves a trace the next worker acts on.
 */
export const toolIntentSchema = lazy((z) =>
  z.strictObject({
    callId: nonEmptyString(),
    name: z.string(),
    /** Index of the assistant message that made the call (call ids may repeat across turns). */
    messageIndex: nonNegativeInt(),
    /** 1 for the first execution; higher when an at-least-once call was run again. */
    attempt: z.number().int().min(1),
    startedAt: nonNegativeInt(),
    owner: nonEmptyString(),
  }),
);

/**
 * What a versioned store keeps for one session: the session itself and, beside it, what the
 * stored-run driver needs to survive restarts (lease, approval deadline, tool intents).
 */
export const storedRecordSchema = lazy((z) =>
  z.strictObject({
    session: sessionSchema,
    lease: leaseSchema.optional(),
    approval: approvalDeadlineSchema.optional(),
    question: questionDeadlineSchema.optional(),
    intents: z.array(toolIntentSchema).optional(),
  }),
);

export type Lease = z.output<typeof leaseSchema>;
export type ApprovalDeadline = z.output<typeof approvalDeadlineSchema>;
export type ToolIntent = z.output<typeof toolIntentSchema>;
export type QuestionDeadline = z.output<typeof questionDeadlineSchema>;
export type StoredRecord = z.output<typeof storedRecordSchema>;

/**
 * Validates a record read from a store (untrusted JSON or its text). Throws SessionError
 * listing every bad path; a store never hands out a record that would crash a later step.
 */
export function parseStoredRecord(json: unknown): StoredRecord {
  let input = json;
  if (typeof json === 'string') {
    try {
      input = JSON.parse(json) as unknown;
    } catch (error) {
      throw new SessionError([
        { path: '(root)', message: `not JSON: ${(error as Error).message}` },
      ]);
    }
  }
  const result = storedRecordSchema.safeParse(ownInput(input));
  if (!result.success) throw new SessionError(toValidationIssues(result.error, input));
  return result.data;
}

/**
 * The version a store read beside a record (a number, or the text of one): a positive safe
 * integer, else the row is corrupt and reading it is a SessionError like any bad record.
 */
export function parseStoredVersion(raw: unknown): number {
  const n =
    typeof raw === 'number'
      ? raw
      : typeof raw === 'string' && /^\d+$/.test(raw)
        ? Number(raw)
        : Number.NaN;
  if (Number.isSafeInteger(n) && n >= 1) return n;
  throw new SessionError([
    {
      path: '(version)',
      message: `the stored version is not a positive integer: ${String(raw).slice(0, 40)}`,
    },
  ]);
}

// A save checks everything but the session itself (parsed again on load): the fields the store
// indexes must be right when written, and the session must at least be an object.
const recordForSaveSchema = lazy((z) =>
  storedRecordSchema.extend({
    session: z.custom<SessionState>(
      (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
      'expected the session object',
    ),
  }),
);

/**
 * The JSON text a store writes for `record`, and its index. Throws StoreInputError-compatible
 * issues through `fail` when the record cannot be stored as it is.
 */
export function encodeRecord(
  record: unknown,
  fail: (message: string) => Error,
): { json: string; index: RecordIndex } {
  const checked = recordForSaveSchema.safeParse(record);
  if (!checked.success) {
    const issues = toValidationIssues(checked.error, record);
    throw fail(`invalid record: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  }
  let json: string;
  try {
    json = JSON.stringify(record);
  } catch (error) {
    throw fail(`the record is not JSON-serialisable: ${(error as Error).message}`);
  }
  return { json, index: recordIndex(checked.data) };
}

/** What a store indexes so hosts can find parked runs, expired approvals and stalled runs. */
export interface RecordIndex {
  approvalId?: string;
  deadline?: number;
  leaseOwner?: string;
  leaseUntil?: number;
}

/**
 * The index fields of a record; every store derives them with this one function. A pending
 * question is indexed like an approval (its id and deadline), so the stores' expiry listing and
 * the sweep find it too.
 */
export function recordIndex(record: StoredRecord): RecordIndex {
  const request =
    record.approval !== undefined
      ? { approvalId: record.approval.approvalId, deadline: record.approval.deadline }
      : record.question !== undefined
        ? { approvalId: record.question.questionId, deadline: record.question.deadline }
        : undefined;
  return {
    ...(request ?? {}),
    ...(record.lease === undefined
      ? {}
      : { leaseOwner: record.lease.owner, leaseUntil: record.lease.until }),
  };
}

/**
 * The question deadline to store with `session`: kept while the same question stays pending,
 * set to `askedAt + timeoutMs` for a new one, gone when no question is pending.
 */
export function questionDeadline(
  session: SessionState,
  previous: QuestionDeadline | undefined,
  at: { timeoutMs: number },
): QuestionDeadline | undefined {
  const pending = pendingQuestion(session);
  if (pending === undefined) return undefined;
  if (previous?.questionId === pending.questionId) return previous;
  return { questionId: pending.questionId, deadline: pending.askedAt + at.timeoutMs };
}

/**
 * The approval deadline to store with `session`: kept while the same request stays pending (a
 * restart never moves it), set to `requestedAt + timeoutMs` for a new request, gone when
 * nothing is pending.
 */
export function approvalDeadline(
  session: SessionState,
  previous: ApprovalDeadline | undefined,
  at: { now: number; timeoutMs: number },
): ApprovalDeadline | undefined {
  const pm = session.planMode;
  if (pm.approval !== 'pending' || pm.approvalId === undefined) return undefined;
  if (previous?.approvalId === pm.approvalId) return previous;
  return { approvalId: pm.approvalId, deadline: (pm.requestedAt ?? at.now) + at.timeoutMs };
}
