export {
  type DecisionTime,
  decisionDeadline,
  planPayloadHash,
  requestApproval,
  resolveApproval,
} from './approval.js';
export { newApprovalId } from './approval-id.js';
export {
  type GateCode,
  GateCodes,
  type IgnoredReason,
  IgnoredReasons,
  type PlanToolCode,
  PlanToolCodes,
  type TransitionCode,
  TransitionCodes,
} from './codes.js';
export {
  checkEvidence,
  criterionNamed,
  type EvidenceGap,
  isTracked,
  isVerified,
  openApprovedSteps,
} from './criteria.js';
export { type ApprovalDecision, approvalDecisionSchema } from './decision.js';
export { checkToolCall, type GateDecision, isReadOnlyCall, type ToolCallRequest } from './gate.js';
export {
  approvedPlanMessage,
  DECISION_TAG,
  type PlanMessage,
  type PlanMessageKind,
  PlanMessageKinds,
  planReminder,
  rejectedPlanMessage,
  takeDecisionMessage,
  timedOutPlanMessage,
} from './messages.js';
export { enterPlanMode, exitPlanMode } from './mode.js';
export { judgePatchText, type PatchRefusal, type PatchVerdict } from './patch-text.js';
export { normalizePath } from './plan-file.js';
export { toPlan } from './plan-input.js';
export {
  handlePlanToolCall,
  type PlanToolOutcome,
  planModeSystemPrompt,
} from './plan-tool-call.js';
export {
  type EnterPlanModeInput,
  type ExitPlanModeInput,
  enterPlanModeInput,
  exitPlanModeInput,
  type PlanToolDefinition,
  planModeTools,
  type UpdatePlanInput,
  updatePlanInput,
} from './plan-tools.js';
export type {
  CurrentQuestion,
  Question,
  QuestionOption,
  QuestionReply,
  QuestionStatus,
  QuestionsState,
} from './question-state.js';
export { type AskUserInput, askUserInput, planModeStatusInput } from './question-tools.js';
export {
  ANSWER_TAG,
  type AnswerTime,
  answerMessage,
  answerQuestion,
  askUser,
  pendingQuestion,
  type QuestionAnswer,
  questionAnswerSchema,
  questionDeadline,
  questionsOf,
  takeAnswerMessage,
  withdrawQuestion,
} from './questions.js';
export { quoteBounded, quoteInline } from './quote.js';
export { type PlanFormat, renderPlan } from './render.js';
export {
  readShellInput,
  type ShellInput,
  shellDirectoryFields,
  shellSelectionFields,
} from './shell-call.js';
export {
  type ApprovalState,
  isExecutionHeld,
  isNormalMode,
  modeEpoch,
  type Plan,
  type PlanModeState,
  type PlanStep,
  type PlanStepStatus,
  type StepEvidence,
  type SubagentLink,
} from './state.js';
export { type PlanModeStatus, planModeStatus, renderPlanModeStatus } from './status.js';
export { updatePlan } from './steps.js';
export {
  finishSubagent,
  gatedSubagentSession,
  isGateClosed,
  MAX_SUBAGENT_DEPTH,
  returnSubagentPlan,
  runningSubagents,
  type SubagentStart,
  startSubagent,
  subagentExitMessage,
  subagentReport,
} from './subagents.js';
export {
  isPlanBookkeeping,
  isPlanToolName,
  type PlanToolName,
  PlanToolNames,
} from './tool-names.js';
export type { Transition } from './transition.js';
