// The effects every driver performs, written once: runAgent, runStored and the engine bindings
// differ only in where state lives and how they wait.
export { checkAnswer, checkDecision, type DecisionCheck } from './decision.js';
export { afterIntent, deliveryOf } from './delivery.js';
export { performModelCall } from './model.js';
