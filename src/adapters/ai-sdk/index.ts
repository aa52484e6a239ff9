// planfirst/ai-sdk: planfirst wired into AI SDK 6 (`ai` ^6). The only module that imports `ai`;
// `import 'planfirst'` never loads it.
export type { ApprovalDetails, ApprovalOutcome } from './approvals.js';
export type { PlanfirstAiSdkConfig } from './context.js';
export { createPlanfirstAiSdk, type PlanfirstAiSdk } from './create.js';
export { AiSdkCodes, isPlanfirstToolError, PlanfirstToolError } from './errors.js';
export type { StepView } from './messages.js';
export type { PlanfirstTools } from './plan-tools.js';
export type { PlanfirstStatus, PlanfirstStepSettings } from './turns.js';
