// The library's base errors (resolveShellPolicy throws OptionsError); the root re-exports them.
export * from '../errors-base.js';
export { analyzeArgv, analyzeShellCommand, MAX_COMMANDS, MAX_NESTING } from './analyze.js';
export { type ShellCode, ShellCodes } from './codes.js';
export { hardenedShellEnv } from './hardened-env.js';
export {
  type HostShell,
  hostShells,
  type ProgramSpecInput,
  type ResolvedShellPolicy,
  resolveShellPolicy,
  type ShellPolicy,
} from './policy.js';
export { type ShellPolicyClass, shellPolicyClassNames } from './policy-class-names.js';
export { type ShellPolicyClassInfo, shellPolicyClasses } from './policy-classes.js';
export { checkProgramSpec } from './program-spec-check.js';
export { hasBuiltInRule } from './rules/index.js';
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
