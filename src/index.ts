export { memorySessionStore, type SessionStore } from './adapters/session-store.js';
export * from './auto-continue/index.js';
export * from './decision-token/index.js';
export * from './errors.js';
export * from './hooks/index.js';
export * from './incomplete-turn/index.js';
export type { JsonValue } from './json.js';
export * from './messages.js';
export {
  mergeOptions,
  optionsSchema,
  type PlanfirstOptions,
  type ResolvedOptions,
  resolveOptions,
} from './options.js';
export * from './plan-mode/index.js';
export * from './run/index.js';
export {
  createSession,
  parseSession,
  SESSION_VERSION,
  type SessionState,
  sessionSchema,
} from './session.js';
export * from './shell/index.js';
export * from './stored-run/index.js';
export { memoryVersionedStore } from './stores/memory.js';
