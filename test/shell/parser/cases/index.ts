import {
  type AcceptCase,
  acceptCases,
  astCases,
  redirectRawCases,
  wordFlagCases,
} from './accepted.js';
import { inertForms, poisonedCommands } from './poisons.js';

export * from './accepted.js';
export * from './poisons.js';
export * from './rejected.js';

/**
 * Every command some parser test accepts, with its limits: the differential test runs all of
 * them through real bash.
 */
export const acceptedCommands: { command: string; limits?: AcceptCase['limits'] }[] = [
  ...acceptCases,
  ...[...wordFlagCases, ...astCases, ...redirectRawCases].map(([command]) => ({ command })),
  ...poisonedCommands.flatMap(({ command }) => inertForms(command).map((c) => ({ command: c }))),
];
