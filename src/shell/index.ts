export { analyzeArgv, analyzeShellCommand, MAX_COMMANDS, MAX_NESTING } from './analyze.js';
export { type ShellCode, ShellCodes } from './codes.js';
export { hardenedShellEnv } from './hardened-env.js';
export {
  programSpecSchema,
  type ResolvedShellPolicy,
  resolveShellPolicy,
  type ShellPolicy,
  shellPolicySchema,
} from './policy.js';
export type {
  Block,
  GlobPolicy,
  Hazard,
  OptionSpec,
  ParsedArgs,
  ParsedOption,
  ProgramRule,
  ProgramSpec,
  ProgramTable,
  RuleContext,
  RuleResult,
} from './spec.js';
export type { ShellVerdict, ShellWord } from './types.js';
