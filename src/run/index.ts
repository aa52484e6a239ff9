export { type RunReason, RunReasons } from './codes.js';
export {
  type ApprovalHandler,
  type ModelClient,
  type QuestionAnswerInput,
  type QuestionHandler,
  type RunAgentConfig,
  type RunInput,
  type RunResult,
  runAgent,
  type ToolExecutionContext,
  type ToolExecutor,
  type ToolOutput,
} from './driver.js';
export type { RunEvent, RunEventType } from './events.js';
export { runGatedSubagent } from './gated-subagent.js';
export { RunConfigError } from './host.js';
export { answerMessageKind } from './question-step.js';
export { compactionReminder } from './reminder.js';
export { buildModelRequest, planToolsFor } from './request.js';
export { initialRunState, type RunState, runStateSchema } from './state-schema.js';
export { step } from './step.js';
export { runSubagent, type SubagentRun } from './subagent.js';
export type {
  Effect,
  ModelRequest,
  RunOutcome,
  RunStatus,
  StepContext,
  StepInput,
  StepResult,
  ToolDefinition,
  ToolResult,
} from './types.js';
export { type WaitOutcome, waitForAnswer } from './wait-for-answer.js';
