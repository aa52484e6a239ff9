import { checkAnswer, checkDecision } from '../effects/decision.js';
import { performModelCall } from '../effects/model.js';
import { hasOwn } from '../own-data.js';
import type { IgnoredReason } from '../plan-mode/codes.js';
import { pendingQuestion } from '../plan-mode/questions.js';
import { type RunInput, type RunResult, toRunResult } from '../run/driver.js';
import type { RunEvent } from '../run/events.js';
import { linkSignals } from '../run/execute.js';
import { RunConfigError, readRunInput } from '../run/host.js';
import type { StepInput, StepResult } from '../run/types.js';
import { createSession, type SessionState } from '../session.js';
import { Claim, leaseBlocks } from './claim.js';
import { StoredRunOutcomes } from './codes.js';
import type { VersionConflictError } from './contract.js';
import { type Driving, driving } from './driving.js';
import { intentFor, interruptedCallResult, notStartedCallResult } from './intents.js';
import type { StoredRecord, ToolIntent } from './record.js';
import { executeStoredTools } from './tools.js';
import type { RecoveredCall, StoredRunConfig, StoredRunResult } from './types.js';

// Each lost claim race means another writer made progress; this many in a row is a storm.
const maxClaimAttempts = 20;

/**
 * `runAgent` for a session that lives in a versioned store: load → claim (a lease, written by
 * compare-and-set) → run, saving after every step → release. Two workers never run one
 * session at once; a decision applies once however many workers deliver it (the others get
 * `duplicate` and do nothing); a worker that dies leaves a session the next one resumes.
 */
export async function runStored(
  config: StoredRunConfig,
  sessionId: string,
  input: RunInput,
): Promise<StoredRunResult> {
  const d = driving(config, sessionId);
  const read = readRunInput(input);
  if (read === undefined)
    throw new RunConfigError(
      'the run input must be { message }, { decision }, { answer } or { resume: true }',
    );
  for (let attempt = 1; ; attempt++) {
    const claimed = await claimSession(d, read as RunInput);
    if (hasOwn(claimed, 'outcome')) return claimed;
    const error = claimed.claim.lost;
    if (error === undefined) {
      d.emit(claimed.events);
      const { late } = claimed;
      if (late !== undefined)
        return { ...late, sessionId: d.sessionId, version: claimed.claim.version };
      return drive(d, claimed.claim, claimed.first, claimed.startLength);
    }
    if (attempt >= maxClaimAttempts)
      return { outcome: StoredRunOutcomes.conflict, sessionId: d.sessionId, error };
  }
}

interface Claimed {
  claim: Claim;
  first: StepResult;
  events: RunEvent[];
  startLength: number;
  /** The decision came at or after the deadline: the timeout was saved instead. */
  late: Ignored | undefined;
}

type Ignored = {
  outcome: typeof StoredRunOutcomes.ignored | typeof StoredRunOutcomes.duplicate;
  reason: IgnoredReason;
  message: string;
};

/** Loads the session, refuses what must not run, and writes this worker's lease with the first step. */
async function claimSession(d: Driving, input: RunInput): Promise<Claimed | StoredRunResult> {
  const loaded = await d.store.load(d.sessionId);
  const at = d.now();
  if (loaded === undefined && !hasOwn(input, 'message'))
    return { outcome: StoredRunOutcomes.notFound, sessionId: d.sessionId };
  const version = loaded?.version ?? 0;
  const record: StoredRecord = loaded?.record ?? {
    session: createSession(d.options, { now: at }),
  };
  const deadline = storedDeadline(record);
  let late: Ignored | undefined;
  // An answer or a decision is checked before the claim, the same way: one that does not apply
  // is refused here (nothing is written); a late one times the question or plan out instead.
  const check = hasOwn(input, 'answer')
    ? checkAnswer(record.session, input.answer, {
        now: at,
        deadline: storedQuestionDeadline(record),
        timeoutMs: d.options.planMode.questionTimeoutMs,
      })
    : hasOwn(input, 'decision')
      ? checkDecision(record.session, input.decision, {
          now: at,
          deadline,
          timeoutMs: d.options.planMode.approvalTimeoutMs,
        })
      : undefined;
  if (check !== undefined && !check.applies) {
    if (check.timedOut === undefined)
      return {
        outcome: check.outcome,
        sessionId: d.sessionId,
        version,
        reason: check.reason,
        message: check.message,
      };
    late = { outcome: check.outcome, reason: check.reason, message: check.message };
  }
  if (record.lease !== undefined && leaseBlocks(record.lease, d.owner, at))
    return {
      outcome: StoredRunOutcomes.busy,
      sessionId: d.sessionId,
      version,
      owner: record.lease.owner,
      until: record.lease.until,
    };

  const events: RunEvent[] = [];
  const resume = hasOwn(input, 'resume');
  // A new message or decision replaces a run a dead worker left mid-tools: its calls are
  // answered first (started ones as interrupted), so no call is left without a result.
  const session = resume ? record.session : settleInterruptedTurn(d, record, at, events);
  const first = d.stepQuiet(
    session,
    firstInput(input, at, hasOwn(input, 'answer') ? storedQuestionDeadline(record) : deadline),
  );
  events.push(...first.events);
  const claim = new Claim(
    {
      store: d.store,
      sessionId: d.sessionId,
      owner: d.owner,
      leaseMs: d.leaseMs,
      approvalTimeoutMs: d.options.planMode.approvalTimeoutMs,
      questionTimeoutMs: d.options.planMode.questionTimeoutMs,
      now: d.now,
    },
    version,
    record,
  );
  // A late decision ends here: the timeout it found due is saved, the lease released, in one
  // compare-and-set.
  await claim.commit(
    first.session,
    late === undefined ? (resume ? {} : { intents: [] }) : { intents: [], release: true },
  );
  return { claim, first, events, startLength: record.session.messages.length, late };
}

/** The deadline saved with the pending request (binding across workers and restarts). */
function storedDeadline(record: StoredRecord): number | undefined {
  const pm = record.session.planMode;
  const saved = record.approval;
  if (pm.approval !== 'pending' || saved === undefined || saved.approvalId !== pm.approvalId)
    return undefined;
  return saved.deadline;
}

/** The deadline saved with the pending question. */
function storedQuestionDeadline(record: StoredRecord): number | undefined {
  const pending = pendingQuestion(record.session);
  const saved = record.question;
  if (pending === undefined || saved === undefined || saved.questionId !== pending.questionId)
    return undefined;
  return saved.deadline;
}

function firstInput(input: RunInput, now: number, deadline: number | undefined): StepInput {
  if (hasOwn(input, 'message')) return { type: 'user_message', message: input.message, now };
  if (hasOwn(input, 'answer'))
    return {
      type: 'answer',
      answer: input.answer,
      now,
      ...(deadline === undefined ? {} : { deadline }),
    };
  if (hasOwn(input, 'decision'))
    return {
      type: 'approval_decision',
      decision: input.decision,
      now,
      ...(deadline === undefined ? {} : { deadline }),
    };
  return { type: 'resume', now };
}

/**
 * Answers every call of an interrupted turn without running it (step ignores the answers for
 * calls that already have their result).
 */
export function settleInterruptedTurn(
  d: Pick<Driving, 'stepQuiet'>,
  record: { session: SessionState; intents?: ToolIntent[] | undefined },
  now: number,
  events: RunEvent[],
): SessionState {
  const { session } = record;
  const turn = session.run.turn;
  if (session.run.phase !== 'tools' || turn === undefined) return session;
  const results = turn.calls.map((c) => ({
    toolCallId: c.id,
    content:
      intentFor(record.intents, turn.messageIndex, c.id) === undefined
        ? notStartedCallResult
        : interruptedCallResult,
    isError: true,
  }));
  const out = d.stepQuiet(session, { type: 'tool_results', results, now });
  events.push(...out.events);
  return out.session;
}

/** Performs effects until the run finishes or parks, saving after every step. */
async function drive(
  d: Driving,
  claim: Claim,
  first: StepResult,
  startLength: number,
): Promise<StoredRunResult> {
  let current = first;
  const recovered: RecoveredCall[] = [];
  for (;;) {
    if (claim.lost !== undefined) return lost(d, claim.lost, current, startLength);
    let effect = current.effect;
    if (d.signal.aborted && effect.type !== 'finish') {
      current = d.step(current.session, { type: 'abort', now: d.now() });
      effect = current.effect;
    }
    switch (effect.type) {
      case 'finish':
      case 'request_approval':
      case 'ask_user': {
        if (effect.type === 'request_approval')
          d.emit([{ type: 'run_finished', status: 'awaiting_approval' }]);
        if (effect.type === 'ask_user')
          d.emit([{ type: 'run_finished', status: 'awaiting_answer' }]);
        await claim.commit(current.session, { release: true, intents: [] });
        if (claim.lost !== undefined) continue;
        return {
          outcome: StoredRunOutcomes.ran,
          sessionId: d.sessionId,
          version: claim.version,
          result: runResult(d, current, startLength),
          recovered,
        };
      }
      case 'call_model': {
        const request = effect.request;
        const input = await claim.heartbeat(() => callModel(d, claim, request));
        if (claim.lost !== undefined) return lost(d, claim.lost, current, startLength);
        current = d.step(current.session, input);
        // A run that ends here is saved once, with its lease released, just below.
        const ends =
          current.effect.type === 'finish' ||
          current.effect.type === 'request_approval' ||
          current.effect.type === 'ask_user';
        if (!ends) await claim.commit(current.session);
        break;
      }
      case 'execute_tools':
        current = await executeStoredTools(d, claim, current, effect.calls, recovered);
        break;
    }
  }
}

function callModel(
  d: Driving,
  claim: Claim,
  request: Parameters<Driving['model']>[0],
): Promise<StepInput> {
  const linked = linkSignals(d.signal, claim.lostSignal);
  // Only the host's abort ends the run here; a lost claim is seen by the caller.
  return performModelCall(d.model, request, {
    signal: linked.signal,
    aborted: () => d.signal.aborted,
    now: d.now,
    newId: d.newId,
  }).finally(linked.dispose);
}

function runResult(d: Driving, current: StepResult, startLength: number): RunResult {
  const session = current.session;
  const outcome =
    current.effect.type === 'finish'
      ? current.effect.outcome
      : current.effect.type === 'ask_user'
        ? { status: 'awaiting_answer' as const }
        : { status: 'awaiting_approval' as const };
  return toRunResult(session, outcome, session.messages.slice(startLength), d.events);
}

function lost(
  d: Driving,
  error: VersionConflictError,
  current: StepResult,
  startLength: number,
): StoredRunResult {
  return {
    outcome: StoredRunOutcomes.conflict,
    sessionId: d.sessionId,
    error,
    result: {
      ...withoutApproval(runResult(d, current, startLength)),
      status: 'error',
      reason: error.code,
    },
  };
}

function withoutApproval(result: RunResult): Omit<RunResult, 'status' | 'approval' | 'question'> {
  const { status: _s, approval: _a, question: _q, ...rest } = result;
  return rest;
}
