// planfirst/ai-sdk: planfirst wired into the AI SDK (`ai` ^6 or ^7). The only module that imports `ai`;
// `import 'planfirst'` never loads it.

export type { AdapterEvent } from '../events.js';
export type { ApprovalDetails, ApprovalOutcome } from './approvals.js';
export type { PlanfirstAiSdkConfig } from './context.js';
export { createPlanfirstAiSdk, type PlanfirstAiSdk } from './create.js';
export {
  type AiSdkCode,
  AiSdkCodes,
  isPlanfirstToolError,
  PlanfirstToolError,
  type ToolRefusalCode,
} from './errors.js';
export type { StepView } from './messages.js';
export type { PlanfirstTools } from './plan-tools.js';
export type { AnswerOutcome } from './questions.js';
export type { PlanfirstStatus, PlanfirstStepSettings, PrepareStepView } from './turns.js';
