// The stable error codes and the base error classes. They belong to planfirst/shell, the bottom
// layer (resolveShellPolicy throws OptionsError); the rest of the library takes them from there,
// so the published build has one class of each (src/errors.ts re-exports them).

/** Stable codes carried by every error planfirst throws. */
export const ErrorCodes = {
  invalidOptions: 'invalid_options',
  invalidSession: 'invalid_session',
  noCsprng: 'no_csprng',
  versionConflict: 'version_conflict',
  invalidStoreInput: 'invalid_store_input',
  invalidTokenKey: 'invalid_token_key',
  /** An adapter was configured or wired in a way it cannot work with (a programmer error). */
  invalidAdapterUse: 'invalid_adapter_use',
  /** The messages answer a pending plan that `applyApprovalResponses` never applied. */
  approvalNotApplied: 'approval_not_applied',
  /** The input repeats a decision that was already applied; running it again would repeat its work. */
  duplicateDecision: 'duplicate_decision',
  invalidHookConfig: 'invalid_hook_config',
  invalidRunConfig: 'invalid_run_config',
  /** A paused run was resumed that may not go on (undecided, stale, or resumed twice). */
  staleRun: 'stale_run',
  /** The run reached `run.maxModelCalls` real model calls inside an SDK's own loop. */
  budgetExhausted: 'budget_exhausted',
  /** zod or TypeBox could not be loaded on first use (a runtime without a module loader). */
  dependencyUnavailable: 'dependency_unavailable',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** One offending location in a validated input: a dotted path and what is wrong there. */
export interface ValidationIssue {
  path: string;
  message: string;
}

/**
 * Base class of everything planfirst throws. Exceptions are reserved for programmer errors and
 * invalid input at the boundary; decisions are returned as values. `C` narrows `code` for
 * subclasses whose codes come from another stable list (an adapter's tool refusals).
 */
export class PlanfirstError<C extends string = ErrorCode> extends Error {
  readonly code: C;
  constructor(code: C, message: string) {
    super(message);
    // The published build renames classes; each of ours names itself, a host's subclass keeps
    // its own class name.
    this.name = new.target === PlanfirstError ? 'PlanfirstError' : new.target.name;
    this.code = code;
  }
}

/** Base of errors that list every bad path of an input, so one fix-up pass is enough. */
export class ValidationError extends PlanfirstError {
  override name = 'ValidationError';
  readonly issues: readonly ValidationIssue[];
  constructor(code: ErrorCode, what: string, issues: readonly ValidationIssue[]) {
    super(code, `${what}:\n${issues.map((i) => `  - ${i.path}: ${i.message}`).join('\n')}`);
    this.issues = issues;
  }
}

/** Thrown by resolveOptions() when the options object is invalid. */
export class OptionsError extends ValidationError {
  override name = 'OptionsError';
  constructor(issues: readonly ValidationIssue[]) {
    super(ErrorCodes.invalidOptions, 'invalid planfirst options', issues);
  }
}
