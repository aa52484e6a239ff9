import { HookCodes } from './codes.js';
import { encodeJudgement, errorOutput, type HookOutput } from './encode.js';
import { type HookEvent, parseHookEvent } from './event.js';
import { detectHost, type HookHost } from './hosts.js';
import { inPlanMode } from './judge-tool.js';
import type { HookJudgement, HookPolicy } from './policy.js';

/** One judge per event kind; the hook process passes only the judges it loaded. */
export interface HookJudges {
  tool: (event: HookEvent, policy: HookPolicy) => HookJudgement;
  stop: (event: HookEvent, policy: HookPolicy) => HookJudgement;
  sessionStart: (event: HookEvent, policy: HookPolicy) => HookJudgement;
}

/** The host's output plus what was decided, for the audit log and tests. */
export interface HookAnswer extends HookOutput {
  host: HookHost | undefined;
  event: HookEvent | undefined;
  judgement: HookJudgement;
}

/**
 * Parses, judges and encodes one input document. Total: malformed input and an exception in a
 * judge become the error answer (blocking in plan mode, neutral outside), never an allow.
 */
export function judgeWith(
  judges: HookJudges,
  host: HookHost | 'auto',
  input: unknown,
  policy: HookPolicy,
): HookAnswer {
  const resolved = host === 'auto' ? detectHost(input) : host;
  const modeHint = permissionModeOf(input);
  const planMode = policy.planMode === true || modeHint === 'plan';
  const fail = (code: string, reason: string, event?: HookEvent): HookAnswer => ({
    ...errorOutput(resolved, event?.kind, planMode, reason),
    host: resolved,
    event,
    judgement: {
      verdict: planMode && event?.kind !== 'stop' ? 'deny' : 'neutral',
      code,
      reason,
      planMode,
    },
  });
  if (resolved === undefined)
    return fail(HookCodes.malformedInput, 'cannot tell which host sent this input');
  const parsed = parseHookEvent(resolved, input);
  if (!parsed.ok) return fail(HookCodes.malformedInput, parsed.reason);
  const event = parsed.event;
  try {
    const judgement = judge(judges, event, policy);
    return { ...encodeJudgement(event, judgement), host: resolved, event, judgement };
  } catch (error) {
    return fail(HookCodes.internalError, describe(error), event);
  }
}

function judge(judges: HookJudges, event: HookEvent, policy: HookPolicy): HookJudgement {
  switch (event.kind) {
    case 'pre-tool':
    case 'permission':
      return judges.tool(event, policy);
    case 'stop':
      return judges.stop(event, policy);
    case 'session-start':
      return judges.sessionStart(event, policy);
    case 'other':
      return {
        verdict: 'neutral',
        code: HookCodes.otherEvent,
        reason: `planfirst does not judge ${event.eventName}`,
        planMode: inPlanMode(event, policy),
      };
  }
}

function permissionModeOf(input: unknown): unknown {
  return typeof input === 'object' && input !== null
    ? (input as { permission_mode?: unknown }).permission_mode
    : undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? `internal error: ${error.message}` : 'internal error';
}
