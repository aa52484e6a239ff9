import { type HookAnswer, judgeWith } from './core.js';
import type { HookEvent } from './event.js';
import type { HookHost } from './hosts.js';
import { judgeStopEvent } from './judge-stop.js';
import { judgeToolEvent } from './judge-tool.js';
import { judgeWrite } from './judge-write.js';
import type { HookPolicy } from './policy.js';
import { judgeSessionStart } from './reanchor.js';

const judges = {
  tool: (event: HookEvent, policy: HookPolicy) => judgeToolEvent(event, policy, judgeWrite),
  stop: judgeStopEvent,
  sessionStart: judgeSessionStart,
};

/**
 * Answers one coding-agent hook call: the input document in, the host's exact output document
 * and exit code out. Pure — the caller reads stdin, the project's config and state files and
 * passes what they hold in `policy`. `host: 'auto'` tells the host from the input's shape.
 */
export function judgeHookEvent(
  host: HookHost | 'auto',
  input: unknown,
  policy: HookPolicy = {},
): HookAnswer {
  return judgeWith(judges, host, input, policy);
}
