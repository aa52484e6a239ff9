import { ErrorCodes, ValidationError, type ValidationIssue } from '../errors.js';
import { hasBuiltInRule } from '../shell/index.js';
import { checkHookConfig, type HookConfig } from './config-check.js';

export {
  DEFAULT_AUDIT_FILE,
  DEFAULT_PLAN_FILE,
  type HookConfig,
  shellPolicyOf,
} from './config-check.js';

/** Thrown by parseHookConfig() for a settings file that is not valid. */
export class HookConfigError extends ValidationError {
  override name = 'HookConfigError';
  constructor(issues: readonly ValidationIssue[]) {
    super(ErrorCodes.invalidHookConfig, 'invalid planfirst hook config', issues);
  }
}

/**
 * Validates the settings file's JSON. The overlay can add programs the analyzer does not know
 * and remove default ones; it can neither replace a default program's rule nor declare a
 * shell, interpreter or wrapper read-only, so it never loosens what the parser proves.
 */
export function parseHookConfig(json: unknown): HookConfig {
  const checked = checkHookConfig(json, hasBuiltInRule);
  if (!('config' in checked)) throw new HookConfigError(checked.issues);
  return checked.config;
}
