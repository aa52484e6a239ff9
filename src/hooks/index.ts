export { type HookCode, HookCodes } from './codes.js';
export { type HookConfig, HookConfigError, parseHookConfig } from './config.js';
export type { HookAnswer } from './core.js';
export type { HookOutput } from './encode.js';
export { type HookEvent, type HookEventKind, parseHookEvent } from './event.js';
export { detectHost, type HookHost, HookHosts } from './hosts.js';
export {
  type HookInstallPlan,
  type HookScope,
  planHookInstall,
  planHookUninstall,
} from './install.js';
export { judgeHookEvent } from './judge.js';
export type {
  HookJudgement,
  HookPolicy,
  HookStopContext,
  HookVerdict,
} from './policy.js';
export { transcriptFacts } from './transcript.js';
