import {
  ensureResolved,
  type PlanfirstOptions,
  type ResolvedOptions,
  resolveOptions,
} from '../options.js';

let defaultOptions: ResolvedOptions | undefined;

/**
 * The options to classify with: resolved once when the caller passes none, so the hot path
 * does not re-validate the default object on every turn.
 */
export function optionsOrDefault(options?: PlanfirstOptions | ResolvedOptions): ResolvedOptions {
  if (options === undefined) {
    defaultOptions ??= resolveOptions({});
    return defaultOptions;
  }
  return ensureResolved(options);
}
