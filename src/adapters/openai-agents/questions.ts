import type { FunctionCallItem } from '@openai/agents';
import {
  answerMessage,
  answerQuestion,
  handlePlanToolCall,
  type IgnoredReason,
  PlanToolNames,
  pendingQuestion,
  type Question,
  questionsOf,
  type SessionState,
  type TransitionCode,
  takeAnswerMessage,
} from '../../internal.js';
import { sha256Hex } from '../../sha256.js';
import { type PausedRun, sdkDecision } from './approval.js';
import type { AdapterContext } from './context.js';
import { callName, parseArguments, withoutNulls } from './messages.js';

// ask_user as an interruption, like exit_plan_mode: the tool needs approval, so the SDK pauses
// the run on it; `run` puts the questions to the user under an id bound to that SDK call
// (`<hash of the call>.<random>`); `answer` has the core decide the answer and approves the
// call, whose result is then the answer message built from state (quoted), delivered once.

/** Questions waiting for the user, under planfirst's question id, and the SDK call they bind. */
export interface PendingQuestions {
  questionId: string;
  questions: Question[];
  callId: string;
}

/** What `answer` did: applied, or refused with the core's reason or `no_matching_interruption`. */
export type AnswerResult =
  | { applied: true; code: TransitionCode }
  | { applied: false; reason: IgnoredReason | 'no_matching_interruption'; message: string };

type AskItem = { item: ReturnType<PausedRun['getInterruptions']>[number]; call: FunctionCallItem };

/** The run's ask_user interruptions. */
export function askItems(run: PausedRun): AskItem[] {
  return run.getInterruptions().flatMap((item) => {
    const call = item.rawItem;
    return call.type === 'function_call' && callName(call) === PlanToolNames.askUser
      ? [{ item, call }]
      : [];
  });
}

function tagOf(call: FunctionCallItem): string {
  return sha256Hex(`openai-agents-ask:${call.callId}\n${call.arguments ?? ''}`).slice(0, 32);
}

/** planfirst's question id for this call: the one issued for it, or none (fails closed). */
export function boundQuestionId(session: SessionState, call: FunctionCallItem): string | undefined {
  const prefix = `${tagOf(call)}.`;
  const ids = questionsOf(session)
    .history.map((r) => r.questionId)
    .filter((id) => id.startsWith(prefix));
  return ids.length === 1 ? ids[0] : undefined;
}

function askInput(call: FunctionCallItem) {
  return withoutNulls(parseArguments(call.arguments), true);
}

/** Whether an ask_user call must pause the run: exactly when the core would ask (dry run). */
export function questionAwaitsAnswer(ctx: AdapterContext, input: unknown): boolean {
  const dry = handlePlanToolCall(
    ctx.store.get(),
    { name: PlanToolNames.askUser, input: withoutNulls(input as never, true) },
    { now: ctx.now(), options: ctx.options, questionId: 'planfirst-dry-run' },
  );
  return dry.question !== undefined && !dry.question.repeated;
}

const alreadyAsked =
  'These questions are already waiting for the user under an earlier request; they were not asked again. Stop here and wait for their answer.';

/**
 * Puts the questions of a run `run` just saw pause to the user: each ask_user call without a
 * question yet is asked (the core's askUser, under an id bound to the call). A call the core
 * refuses is rejected on the run with its message, for the model to read when the run goes on.
 */
export function issueQuestions(ctx: AdapterContext, run: PausedRun): void {
  for (const { item, call } of askItems(run)) {
    if (sdkDecision(run, call) !== undefined) continue;
    if (boundQuestionId(ctx.store.get(), call) !== undefined) continue;
    const outcome = handlePlanToolCall(
      ctx.store.get(),
      { name: PlanToolNames.askUser, input: askInput(call) },
      { now: ctx.now(), options: ctx.options, questionId: `${tagOf(call)}.${ctx.newId()}` },
    );
    if (outcome.question === undefined) {
      run.reject(item, { message: outcome.result.content });
      continue;
    }
    if (outcome.question.repeated) {
      run.reject(item, { message: alreadyAsked });
      continue;
    }
    ctx.store.set(outcome.state);
    ctx.emit({ type: 'question_asked', ...outcome.question });
  }
}

/** The questions this run is paused on, if any: a pure read of the session and the run. */
export function pendingQuestionsOf(
  session: SessionState,
  run: PausedRun,
): PendingQuestions | undefined {
  const pending = pendingQuestion(session);
  if (pending === undefined) return undefined;
  for (const { call } of askItems(run))
    if (
      sdkDecision(run, call) === undefined &&
      boundQuestionId(session, call) === pending.questionId
    )
      return { questionId: pending.questionId, questions: pending.questions, callId: call.callId };
  return undefined;
}

/**
 * Applies the user's answer to the questions this run is paused on: the core's answerQuestion
 * decides (a repeated, stale, late or invalid answer changes nothing, here or in the run; late
 * applies the timeout), then the SDK call is approved and its result is the answer message.
 */
export function answer(ctx: AdapterContext, run: PausedRun, given: unknown): AnswerResult {
  const session = ctx.store.get();
  const named =
    typeof given === 'object' && given !== null && Object.hasOwn(given, 'questionId')
      ? (given as { questionId: unknown }).questionId
      : undefined;
  const id = typeof named === 'string' ? named : undefined;
  const bound = askItems(run).filter(
    ({ call }) =>
      sdkDecision(run, call) === undefined &&
      id !== undefined &&
      boundQuestionId(session, call) === id,
  );
  const r = answerQuestion(session, given, {
    now: ctx.now(),
    timeoutMs: ctx.options.planMode.questionTimeoutMs,
  });
  const action =
    typeof given === 'object' &&
    given !== null &&
    (given as { action?: unknown }).action === 'timeout'
      ? 'timeout'
      : 'answer';
  const report = (applied: boolean, code: string) =>
    ctx.emit({ type: 'answer_resolved', questionId: id ?? '', action, applied, code });
  if (!r.applied && r.state !== session) {
    // Late: the question timed out instead; the paused call is told so.
    ctx.store.set(r.state);
    for (const { item } of bound) run.approve(item);
  }
  if (!r.applied) {
    report(false, r.reason);
    return { applied: false, reason: r.reason, message: r.message };
  }
  if (bound.length === 0) {
    report(false, 'no_matching_interruption');
    return {
      applied: false,
      reason: 'no_matching_interruption',
      message: 'this run is not paused on the ask_user call of that question',
    };
  }
  for (const { item } of bound) run.approve(item);
  ctx.store.set(r.state);
  report(true, r.code);
  return { applied: true, code: r.code };
}

/**
 * The result of an approved ask_user call a resumed run executes: the answer (or timeout)
 * message, taken once; undefined when the call is not the one the answered question binds.
 */
export function answeredText(ctx: AdapterContext, call: FunctionCallItem): string | undefined {
  const session = ctx.store.get();
  const current = questionsOf(session).current;
  if (current === undefined || current.status === 'pending') return undefined;
  if (boundQuestionId(session, call) !== current.questionId) return undefined;
  const taken = takeAnswerMessage(session);
  if (taken.text !== undefined) {
    ctx.store.set(taken.state);
    return taken.text;
  }
  return answerMessage(current);
}

/** Why a resumed run may not go on because of its ask_user calls, or undefined. */
export function staleQuestionReason(session: SessionState, run: PausedRun): string | undefined {
  const current = questionsOf(session).current;
  for (const { call } of askItems(run)) {
    const sdk = sdkDecision(run, call);
    const id = boundQuestionId(session, call);
    if (sdk === undefined)
      return id !== undefined && current?.questionId === id && current.status === 'pending'
        ? 'the run is paused on questions that wait for an answer: answer them first'
        : 'the run is paused on questions that are no longer open';
    if (!sdk || id === undefined) continue;
    if (
      current?.questionId !== id ||
      current.status === 'pending' ||
      current.status === 'withdrawn'
    )
      return 'the run carries an answer planfirst did not record';
    if (current.injected === true)
      return 'the answer to these questions was already delivered to the model (a run resumed twice)';
  }
  return undefined;
}
