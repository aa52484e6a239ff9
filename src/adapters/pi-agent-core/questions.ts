import {
  answerQuestion,
  type IgnoredReason,
  pendingQuestion,
  type QuestionHandler,
  type TransitionCode,
  takeAnswerMessage,
  waitForAnswer,
} from '../../internal.js';
import type { AdapterContext } from './context.js';

// ask_user on pi: the tool call ends its batch; when pi is about to stop, the questions are put
// to the host's `questions` handler (the run waits) or the run parks (`awaiting_answer`) until
// the host calls `answerQuestion`. The core decides every answer; the adapter only delivers the
// answer message it builds from state (quoted) as the next user message.

/** What applying an answer did; `text` is the answer message still owed to the model. */
export type AppliedAnswer =
  | { applied: true; code: TransitionCode; text?: string }
  | { applied: false; reason: IgnoredReason; message: string; text?: string };

/**
 * Applies an answer (`{ questionId, answers }` or `{ action: 'timeout', questionId }`) to the
 * stored session and takes the answer message to deliver (each exactly once). A late answer is
 * refused (`question_timed_out`) and the timeout applied instead: its message is owed then.
 */
export function applyAnswer(ctx: AdapterContext, answer: unknown): AppliedAnswer {
  const state = ctx.store.get();
  const r = answerQuestion(state, answer, {
    now: ctx.now(),
    timeoutMs: ctx.options.planMode.questionTimeoutMs,
  });
  const own = (key: string): unknown =>
    typeof answer === 'object' && answer !== null && Object.hasOwn(answer, key)
      ? (answer as Record<string, unknown>)[key]
      : undefined;
  const questionId = own('questionId');
  ctx.emit({
    type: 'answer_resolved',
    questionId: typeof questionId === 'string' ? questionId : '',
    action: own('action') === 'timeout' ? 'timeout' : 'answer',
    applied: r.applied,
    code: r.applied ? r.code : r.reason,
  });
  let text: string | undefined;
  if (r.applied || r.state !== state) {
    const taken = takeAnswerMessage(r.state);
    ctx.store.set(taken.state);
    text = taken.text;
  }
  const owed = text === undefined ? {} : { text };
  return r.applied
    ? { applied: true, code: r.code, ...owed }
    : { applied: false, reason: r.reason, message: r.message, ...owed };
}

/**
 * Puts the pending questions to the host's handler while the run waits:
 * `planMode.questionTimeoutMs` without an answer applies the timeout; an abort or a throwing
 * handler leaves the questions pending (parked) for `answerQuestion` later.
 */
export async function askQuestionHandler(
  ctx: AdapterContext,
  handler: QuestionHandler,
  signal: AbortSignal,
): Promise<AppliedAnswer | undefined> {
  const pending = pendingQuestion(ctx.store.get());
  if (pending === undefined) return undefined;
  const { questionId, questions } = pending;
  const outcome = await waitForAnswer(
    () => handler({ questionId, questions }, { signal }),
    ctx.options.planMode.questionTimeoutMs,
    signal,
  );
  switch (outcome.kind) {
    case 'answer':
      return applyAnswer(ctx, { ...outcome.value, questionId });
    case 'timed_out':
      return applyAnswer(ctx, { action: 'timeout', questionId });
    default:
      return undefined;
  }
}
