import {
  ErrorCodes,
  PlanfirstError,
  ValidationError,
  type ValidationIssue,
} from './shell/index.js';

// The codes and base classes are planfirst/shell's (src/errors-base.ts); re-exported here for
// the rest of the library, with the errors that only the root entry throws.
export {
  type ErrorCode,
  ErrorCodes,
  OptionsError,
  PlanfirstError,
  ValidationError,
  type ValidationIssue,
} from './shell/index.js';

/** Thrown by parseSession() when stored state is not a valid session. */
export class SessionError extends ValidationError {
  override name = 'SessionError';
  constructor(issues: readonly ValidationIssue[]) {
    super(ErrorCodes.invalidSession, 'invalid planfirst session', issues);
  }
}

/** Thrown when an approval id is needed and the platform has no crypto.randomUUID. */
export class CsprngUnavailableError extends PlanfirstError {
  override name = 'CsprngUnavailableError';
  constructor() {
    super(
      ErrorCodes.noCsprng,
      'crypto.randomUUID is not available: pass approvalId explicitly or run on a platform with Web Crypto',
    );
  }
}
