import { pendingQuestion } from '../plan-mode/questions.js';
import type { SessionState } from '../session.js';
import { result, type StepScope, withRun } from './context.js';
import type { StepResult } from './types.js';

/** The effect that parks the run on the pending question. */
export function askEffectFor(session: SessionState, scope: StepScope): StepResult | undefined {
  const pending = pendingQuestion(session);
  if (pending === undefined) return undefined;
  return result(
    withRun(session, { phase: 'question' }),
    {
      type: 'ask_user',
      questionId: pending.questionId,
      questions: pending.questions,
      timeoutMs: scope.options.planMode.questionTimeoutMs,
    },
    scope,
  );
}
