export {
  type BudgetDecision,
  type BudgetStopReason,
  BudgetStopReasons,
  decideAutoContinue,
  noteMutation,
  worstCaseModelCalls,
} from './budget.js';
export { type AutoContinueOptions, autoContinueOptionsSchema } from './options-schema.js';
export {
  type AutoContinueState,
  autoContinueStateSchema,
  initialAutoContinueState,
} from './state-schema.js';
