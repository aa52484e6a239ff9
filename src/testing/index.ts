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
