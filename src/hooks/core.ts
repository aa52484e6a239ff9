import { HookCodes } from './codes.js';
import { blocksOnError, encodeJudgement, errorOutput, type HookOutput } from './encode.js';
import { type HookEvent, parseHookEvent } from './event.js';
import { detectHost, type HookHost } from './hosts.js';
import { inPlanMode } from './plan-mode-flag.js';
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
  if (resolved === undefined)
    return errorAnswer(
      undefined,
      input,
      planMode,
      HookCodes.malformedInput,
      'cannot tell which host sent this input',
    );
  const parsed = parseHookEvent(resolved, input);
  if (!parsed.ok)
    return errorAnswer(resolved, input, planMode, HookCodes.malformedInput, parsed.reason);
  const event = parsed.event;
  try {
    const judgement = judge(judges, event, policy);
    return { ...encodeJudgement(event, judgement), host: resolved, event, judgement };
  } catch (error) {
    return errorAnswer(resolved, event, planMode, HookCodes.internalError, describe(error));
  }
}

/**
 * The answer when the hook cannot judge: blocking in plan mode for what may be a tool call,
 * neutral otherwise, never an allow. `about` is the parsed event or, when parsing failed, the
 * raw input, whose event name still tells a stop (which must never block) from a tool call.
 */
export function errorAnswer(
  host: HookHost | undefined,
  about: HookEvent | unknown,
  planMode: boolean,
  code: string,
  reason: string,
): HookAnswer {
  const event = isHookEvent(about) ? about : undefined;
  const kind = event?.kind ?? kindHint(about);
  return {
    ...errorOutput(host, kind, planMode, reason),
    host,
    event,
    judgement: {
      verdict: blocksOnError(kind, planMode) ? 'deny' : 'neutral',
      code,
      reason,
      planMode,
    },
  };
}

function isHookEvent(value: unknown): value is HookEvent {
  return typeof value === 'object' && value !== null && 'kind' in value && 'eventName' in value;
}

/** The event kind an unparsable document names, when its name says which. */
function kindHint(input: unknown): HookEvent['kind'] | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const doc = input as Record<string, unknown>;
  // Stryker disable next-line StringLiteral: any kind but a tool call's answers the same (blocksOnError)
  if ('stop_hook_active' in doc) return 'stop';
  if ('toolName' in doc || 'toolArgs' in doc) return 'pre-tool';
  const name = doc.hook_event_name ?? doc.hookName;
  // Stryker disable next-line ConditionalExpression: a name that is not a string matches none of the patterns below
  if (typeof name !== 'string') return undefined;
  // Stryker disable next-line StringLiteral: any kind but a tool call's answers the same (blocksOnError)
  if (/^(stop|afteragent)$/i.test(name)) return 'stop';
  // Stryker disable next-line StringLiteral: any kind but a tool call's answers the same (blocksOnError)
  if (/^sessionstart$/i.test(name)) return 'session-start';
  if (name === 'PermissionRequest') return 'permission';
  if (/^(pretooluse|beforetool|tool_call|before\w*execution|beforereadfile)$/i.test(name))
    return 'pre-tool';
  return undefined;
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
  // Stryker disable next-line ConditionalExpression: a primitive other than null has no permission_mode either
  return typeof input === 'object' && input !== null
    ? (input as { permission_mode?: unknown }).permission_mode
    : undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? `internal error: ${error.message}` : 'internal error';
}
