import {
  defaultOptions,
  ensureResolved,
  type PlanfirstOptions,
  type ResolvedOptions,
} from '../options.js';

/**
 * The options to classify with: the resolved defaults when the caller passes none (built once,
 * without validating anything), so the hot path does not re-validate a default object.
 */
export function optionsOrDefault(options?: PlanfirstOptions | ResolvedOptions): ResolvedOptions {
  return options === undefined ? defaultOptions() : ensureResolved(options);
}
