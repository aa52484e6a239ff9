// planfirst/openai-agents: planfirst for the OpenAI Agents SDK (@openai/agents 0.20).
// The SDK is imported only from this subpath; `import 'planfirst'` never loads it.

export type { AdapterEvent } from '../events.js';
export type { DecideResult, PausedRun, PlanApproval } from './approval.js';
export type { PlanfirstAgentsConfig } from './context.js';
export { createPlanfirstAgents, type PlanfirstAgents } from './create.js';
export { GATE_GUARDRAIL_NAME } from './gate.js';
export type { BaseInstructions } from './instructions.js';
export { toNeutralMessages } from './messages.js';
export type { PlanFunctionTool } from './plan-tools.js';
export type { AnswerResult, PendingQuestions } from './questions.js';
export type { AnyAgent, PlanfirstRunOutcome, RunInput, RunWithRetriesOptions } from './run.js';
