export {
  assistant,
  type ScriptEntry,
  type ScriptedModel,
  type ScriptedTurn,
  scriptedModel,
  thinking,
  toolCall,
} from './scripted-model.js';
