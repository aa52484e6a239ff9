// The effects every driver performs, written once: runAgent, runStored and the engine bindings
// differ only in where state lives and how they wait.
export {
  checkAnswer,
  checkDecision,
  type DecisionCheck,
  EngineDecisionOutcomes,
  type EngineDecisionResult,
  type JudgedDecision,
  judgeDecision,
  judgeUnparked,
  type PendingApproval,
  type RecordedDecision,
  timeoutOf,
} from './decision.js';
export { afterIntent, deliveryOf } from './delivery.js';
export {
  type EngineApproval,
  type EngineBindingConfig,
  type EngineHost,
  type EngineJournal,
  type EngineParked,
  type EngineRunConfig,
  type EngineRunInput,
  type EngineRunResult,
  type EngineWaitKind,
  engineBinding,
  engineHost,
  readEngineRunInput,
  runOnEngine,
} from './engine.js';
export { performModelCall } from './model.js';
