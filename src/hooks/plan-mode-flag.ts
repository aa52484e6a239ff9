import type { HookEvent } from './event.js';
import type { HookPolicy } from './policy.js';

/** True when the host (or the project's planfirst state) says the agent is planning. */
export function inPlanMode(event: HookEvent | undefined, policy: HookPolicy): boolean {
  return policy.planMode === true || event?.permissionMode === 'plan';
}
