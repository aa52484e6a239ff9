import { TransitionCodes } from '../plan-mode/codes.js';
import {
  answerQuestion,
  pendingQuestion,
  questionsOf,
  takeAnswerMessage,
} from '../plan-mode/questions.js';
import type { Ignored } from '../plan-mode/transition.js';
import type { SessionState } from '../session.js';
import { RunReasons } from './codes.js';
import { appendMessages, callModel, finish, type StepScope, withRun } from './context.js';
import type { StepResult } from './types.js';
import { runAfterInput, stayAfterIgnored } from './user-input.js';

/** The kind of the message that carries the user's answer (or the timeout) to the model. */
export const answerMessageKind = 'question_answer';

/**
 * Records the answer message still owed to the model (answered, timed out) as a planfirst
 * message, exactly once.
 */
export function injectAnswer(session: SessionState, scope: StepScope): SessionState {
  const { state, text } = takeAnswerMessage(session);
  if (text === undefined) return state;
  scope.events.push({ type: 'decision_injected', kind: answerMessageKind });
  return appendMessages(state, {
    role: 'user',
    content: text,
    source: 'planfirst',
    kind: answerMessageKind,
  });
}

/**
 * The user answered the pending questions (now, or minutes later in a new process). An answer
 * planfirst ignores changes nothing — a parked run stays parked. An applied one is told to the
 * model, quoted, and the run carries on; a timeout ends the run.
 */
export function onAnswer(
  session: SessionState,
  answer: unknown,
  deadline: number | undefined,
  scope: StepScope,
): StepResult {
  scope.events.push({ type: 'run_started', trigger: 'answer' });
  const r = answerQuestion(session, answer, {
    now: scope.now,
    deadline,
    timeoutMs: scope.options.planMode.questionTimeoutMs,
  });
  if (!r.applied && r.state !== session) return onLateAnswer(session, r, scope);
  if (!r.applied) {
    scope.events.push({ type: 'answer_ignored', reason: r.reason, message: r.message });
    // The run stays where it was: parked on the question, or on a plan, or done.
    const status =
      pendingQuestion(session) !== undefined
        ? 'awaiting_answer'
        : session.planMode.approval === 'pending'
          ? 'awaiting_approval'
          : 'completed';
    return stayAfterIgnored(session, status, r, scope);
  }
  const s = runAfterInput(session, r.state, 'question', notExecutedAfterAnswer, scope);
  scope.events.push({ type: 'answer_resolved', questionId: r.answer.questionId, code: r.code });
  return continueAfterAnswer(s, scope);
}

function onLateAnswer(session: SessionState, r: Ignored, scope: StepScope): StepResult {
  const questionId = pendingQuestion(session)?.questionId ?? '';
  scope.events.push({ type: 'answer_ignored', reason: r.reason, message: r.message });
  scope.events.push({
    type: 'answer_resolved',
    questionId,
    code: TransitionCodes.questionTimedOut,
  });
  const s = runAfterInput(session, r.state, 'question', notExecutedAfterAnswer, scope);
  return continueAfterAnswer(s, scope);
}

const notExecutedAfterAnswer =
  'Not executed: an answer to your questions started another run before this call ran.';

/**
 * After an answer (applied now, or before by answerQuestion or a sweep): the answer goes to the
 * model once, then the run carries on; after a timeout it ends.
 */
export function continueAfterAnswer(session: SessionState, scope: StepScope): StepResult {
  const s = injectAnswer(withRun(session, { phase: 'model', toolFailed: false }), scope);
  switch (questionsOf(s).current?.status) {
    case 'answered':
      return callModel(s, scope);
    case 'timed_out':
      return finish(
        s,
        {
          status: 'completed',
          reason: RunReasons.questionTimedOut,
          text: 'Nobody answered the questions in time. Ask the agent to go on when you are back.',
        },
        scope,
      );
    default:
      return finish(s, { status: 'completed', reason: RunReasons.nothingToResume }, scope);
  }
}
