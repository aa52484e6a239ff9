// Stable codes of plan mode: gate decisions and transition outcomes. Hosts branch on them and
// the README lists them; never rename one.

/** Why checkToolCall() allowed or blocked a call. */
export const GateCodes = {
  // Allowed.
  normalMode: 'normal_mode',
  planTool: 'plan_tool',
  readOnlyTool: 'read_only_tool',
  readOnlyHint: 'read_only_hint',
  readOnlySuffix: 'read_only_suffix',
  shellReadOnly: 'shell_read_only',
  planFileWrite: 'plan_file_write',
  /** A tool the host declares spawns subagents, which run under this session's plan mode. */
  subagentTool: 'subagent_tool',
  // Blocked.
  notReadOnly: 'not_read_only',
  invalidCall: 'invalid_call',
  invalidInput: 'invalid_input',
  shellInvalidInput: 'shell_invalid_input',
  shellUnknownField: 'shell_unknown_field',
  shellFieldRefused: 'shell_field_refused',
  shellNotReadOnly: 'shell_not_read_only',
  planFileOutside: 'plan_file_outside',
  planFileUnsafePath: 'plan_file_unsafe_path',
  planFileUnknownField: 'plan_file_unknown_field',
  approvedNotStarted: 'approved_not_started',
  /** A tool that types into a running process (`planMode.interactiveTools`). */
  interactiveInput: 'interactive_input',
} as const;
export type GateCode = (typeof GateCodes)[keyof typeof GateCodes];

/** What a transition did when it was applied. */
export const TransitionCodes = {
  planModeEntered: 'plan_mode_entered',
  planModeExited: 'plan_mode_exited',
  approvalRequested: 'approval_requested',
  approvalRepeated: 'approval_repeated',
  approved: 'approved',
  edited: 'edited',
  /** The user said go on a plan approved with `then: 'stop'`. */
  executionStarted: 'execution_started',
  rejected: 'rejected',
  timedOut: 'timed_out',
  planUpdated: 'plan_updated',
  /** ask_user: questions wait for the user's answer. */
  questionAsked: 'question_asked',
  /** ask_user again with the identical questions while they wait: same id. */
  questionRepeated: 'question_repeated',
  questionAnswered: 'question_answered',
  questionTimedOut: 'question_timed_out',
  questionWithdrawn: 'question_withdrawn',
  /** A subagent was started; under plan mode it runs gated and its id is tracked. */
  subagentStarted: 'subagent_started',
  /** A tracked subagent finished; its id is no longer running. */
  subagentFinished: 'subagent_finished',
} as const;
export type TransitionCode = (typeof TransitionCodes)[keyof typeof TransitionCodes];

/** Why a transition was ignored; the state is then returned unchanged. */
export const IgnoredReasons = {
  alreadyInPlanMode: 'already_in_plan_mode',
  notInPlanMode: 'not_in_plan_mode',
  invalidPlan: 'invalid_plan',
  invalidDecision: 'invalid_decision',
  invalidApprovalId: 'invalid_approval_id',
  approvalIdReused: 'approval_id_reused',
  nothingPending: 'nothing_pending',
  alreadyDecided: 'already_decided',
  duplicateDecision: 'duplicate_decision',
  timedOut: 'approval_timed_out',
  staleId: 'stale_id',
  noApprovedPlan: 'no_approved_plan',
  invalidUpdate: 'invalid_update',
  invalidState: 'invalid_state',
  /** ask_user while a plan waits for approval (or exit_plan_mode while a question waits). */
  approvalPending: 'approval_pending',
  questionPending: 'question_pending',
  invalidQuestion: 'invalid_question',
  invalidQuestionId: 'invalid_question_id',
  questionIdReused: 'question_id_reused',
  invalidAnswer: 'invalid_answer',
  /** An answer at or after the question's deadline, or to a question that timed out. */
  questionTimedOut: 'question_timed_out',
  /** A gated subagent tried to leave plan mode (its exit_plan_mode); its plan goes to the parent. */
  subagentCannotExit: 'subagent_cannot_exit',
  /** exit_plan_mode while gated subagents this session started are still running. */
  subagentsRunning: 'subagents_running',
  /** startSubagent with an id this session is already running. */
  subagentIdReused: 'subagent_id_reused',
  /** finishSubagent with an id this session is not running. */
  unknownSubagent: 'unknown_subagent',
  /** update_plan marked a step completed without evidence for each of its criteria. */
  criteriaUnverified: 'criteria_unverified',
} as const;
export type IgnoredReason = (typeof IgnoredReasons)[keyof typeof IgnoredReasons];

/** Why a plan tool call was refused before any transition was tried. */
export const PlanToolCodes = {
  /** enter_plan_mode called while `planMode.allowModelEnter` is off. */
  notAllowed: 'not_allowed',
  /** The call names no plan tool. */
  notAPlanTool: 'not_a_plan_tool',
  /** plan_mode_status answered (it changes nothing). */
  status: 'plan_mode_status',
} as const;
export type PlanToolCode = (typeof PlanToolCodes)[keyof typeof PlanToolCodes];
