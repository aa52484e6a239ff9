// planfirst for pi (@mariozechner/pi-agent-core + @mariozechner/pi-ai). ESM-only, like pi.

export type { AdapterEvent } from '../events.js';
export { isPlanfirstToolError, PlanfirstToolError, type ToolRefusalCode } from '../tool-error.js';
export { createPlanfirstPi, type PlanfirstPi } from './adapter.js';
export type { ReadOnlyHinted, SubagentHinted } from './gate.js';
export type { PlanToolDetails } from './plan-tools.js';
export type {
  PiAnswerResult,
  PiApprovalAnswer,
  PiApprovalContext,
  PiApprovalHandler,
  PiApprovalRequest,
  PiDecisionResult,
  PiRunOutcome,
  PlanfirstPiConfig,
  PlanfirstPiEvent,
} from './types.js';
