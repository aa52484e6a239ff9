export {
  type EngineConformanceBinding,
  type EngineConformanceHost,
  type EngineConformanceOptions,
  type EngineConformanceStatus,
  type EngineCrashPoint,
  type EngineLedgerEntry,
  engineConformance,
  engineConformanceModel,
  engineConformanceTimeoutMs,
  engineConformanceTokenKey,
  engineConformanceTools,
} from './engine-conformance.js';
export {
  assistant,
  type ScriptEntry,
  type ScriptedModel,
  type ScriptedTurn,
  scriptedModel,
  thinking,
  toolCall,
} from './scripted-model.js';
export { type ConformanceCase, storeConformance } from './store-conformance.js';
