import { analyzeShellCommand } from '../shell/index.js';
import type { HookEvent } from './event.js';
import { judgeToolCall } from './judge-tool-call.js';
import type { WriteJudge } from './judge-write.js';
import type { HookJudgement, HookPolicy } from './policy.js';

/**
 * judgeToolCall with the shell analyzer loaded: what the library's judgeHookEvent uses. (The
 * hook process calls judgeToolCall itself and loads the analyzer only for a shell tool.)
 */
export function judgeToolEvent(
  event: HookEvent,
  policy: HookPolicy,
  judgeWrite?: WriteJudge,
): HookJudgement {
  return judgeToolCall(event, policy, { analyze: analyzeShellCommand, judgeWrite });
}
