/**
 * The stable `reason` codes of a run's result, beside its status. A `blocked` result carries the
 * stalled turn kind (`TurnKinds`) instead, and a decision that did not apply the ignored
 * reason (`IgnoredReasons`).
 */
export const RunReasons = {
  /** `budget_exhausted`: the run made `run.maxModelCalls` model calls. */
  maxModelCalls: 'max_model_calls',
  /** `budget_exhausted`: the model kept calling only plan bookkeeping (`update_plan`,
   *  `enter_plan_mode`) for more than `run.maxBookkeepingTurns` turns in a row. */
  maxBookkeepingTurns: 'max_bookkeeping_turns',
  /** `error`: the model client threw or returned a message planfirst cannot read. */
  modelError: 'model_error',
  /** `completed`: a resume found nothing to carry on. */
  nothingToResume: 'nothing_to_resume',
  /** `error`: a step input arrived in a phase that does not expect it. */
  unexpectedInput: 'unexpected_input',
  /** `error`: a step input that is not one of the documented shapes. */
  invalidInput: 'invalid_input',
  /** `error`: a value the host passed to step (the session, an input, a result in it) could
   *  not be read — a revoked Proxy, a getter that throws. The session is returned untouched. */
  unreadableInput: 'unreadable_input',
  /** `aborted`: the signal fired while a plan waited; the run stays parked on it. */
  abortedWhileAwaitingApproval: 'aborted_while_awaiting_approval',
  /** `completed`: the user approved but asked not to start yet. */
  approvedNotStarted: 'approved_not_started',
  /** `completed`: nobody decided within `planMode.approvalTimeoutMs`. */
  approvalTimedOut: 'approval_timed_out',
  /** `completed`: nobody answered the ask_user questions within `planMode.questionTimeoutMs`. */
  questionTimedOut: 'question_timed_out',
  /** `aborted`: the signal fired while questions waited; the run stays parked on them. */
  abortedWhileAwaitingAnswer: 'aborted_while_awaiting_answer',
} as const;
export type RunReason = (typeof RunReasons)[keyof typeof RunReasons];
