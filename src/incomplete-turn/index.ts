export { resolverAppliesTo } from './applies-to.js';
export {
  type ClassifyContext,
  classifyTurn,
  type TurnClassification,
  type TurnEvidence,
} from './classify.js';
export { type TurnKind, TurnKinds, type TurnRule, TurnRules } from './codes.js';
export {
  type CueCategory,
  type CueLanguage,
  type CueLists,
  cueDescriptions,
  cuesByLanguage,
  defaultCues,
  mergeCues,
  type PromptCueCategory,
  promptCueCategories,
  type TextCueCategory,
  textCueCategories,
} from './cues/index.js';
export { ACK_MAX_LENGTH, type AckContext, isExecutionAck } from './execution-ack.js';
export { ackFastPathInstruction } from './fast-path.js';
export {
  cueOptionsSchema,
  type IncompleteTurnOptions,
  incompleteTurnOptionsSchema,
  retryLimitsSchema,
} from './options-schema.js';
export {
  type ResolveContext,
  type ResolveOutcome,
  type ResolveResult,
  resetRunBudgets,
  resolveIncompleteTurn,
} from './resolve.js';
export {
  type IncompleteTurnState,
  incompleteTurnStateSchema,
  initialIncompleteTurnState,
} from './state-schema.js';
export {
  ACK_INSTRUCTION,
  autoContinueInstruction,
  blockedMessage,
  type RetryInstruction,
  type RetryKind,
  RetryKinds,
  retryInstruction,
  type Tier,
  Tiers,
  tierFor,
} from './tiers.js';
export {
  type ReadOnlyVerdicts,
  type SummarizeContext,
  summarizeTurn,
  type TurnSummary,
  type TurnToolCall,
  turnSummarySchema,
  turnToolCallSchema,
} from './turn-summary.js';
