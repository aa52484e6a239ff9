import { classifyResolvedTurn } from '../incomplete-turn/classify-resolved.js';
import { retryInstruction } from '../incomplete-turn/tiers.js';
import type { TurnSummary } from '../incomplete-turn/turn-summary.js';
import { resolvedDefaults } from '../options-defaults.js';
import { HookCodes } from './codes.js';
import type { HookEvent } from './event.js';
import { inPlanMode } from './plan-mode-flag.js';
import type { HookJudgement, HookPolicy } from './policy.js';

// The end of an agent's turn, judged by the incomplete-turn resolver's classifier: a turn that
// only narrated what it would do, after the user asked for work, is sent back with the
// escalating instruction and its true count. Answers and questions are never nagged.

/** The default retries per turn, as the resolver's defaults for these kinds. */
export const DEFAULT_STOP_RETRY_LIMIT = 3;

export function judgeStopEvent(event: HookEvent, policy: HookPolicy): HookJudgement {
  const planMode = inPlanMode(event, policy);
  const done = (code: string, reason: string): HookJudgement => ({
    verdict: 'neutral',
    code,
    reason,
    planMode,
    attempts: 0,
  });
  const text = event.lastAssistantMessage;
  const context = policy.stop;
  if (typeof text !== 'string' || context === undefined)
    return done(HookCodes.turnComplete, 'no final message to judge');
  if (context.limit <= 0) return done(HookCodes.turnComplete, 'the Stop hook is switched off');
  // The stop event carries the final message itself: when the transcript could not say how
  // many tools ran, the message is judged on its own (no action seen) rather than silently
  // counted as acted. The retry budget still bounds a wrong nag.
  const toolCalls = context.toolCalls ?? 0;
  const turn: TurnSummary = {
    text,
    hasThinking: false,
    // Stryker disable next-line ObjectLiteral,StringLiteral: a call without a name or readOnly counts as a mutating action too
    toolCalls: toolCalls > 0 ? [{ name: 'tool', readOnly: false }] : [],
    stopReason: 'stop',
    aborted: false,
    timedOut: false,
    toolError: false,
    sideEffects: false,
    userPrompt: event.prompt ?? context.userPrompt,
    previousAssistantText: null,
  };
  // The turn is built here, valid by construction: classified with the default options and no
  // schema loaded. No plan steps are known here, so none is open.
  // Stryker disable next-line ArrayDeclaration: open steps only turn an answer into claimed-done, which a Stop does not block either
  const { kind } = classifyResolvedTurn(turn, planMode, resolvedDefaults, []);
  if (kind !== 'planning-only' && kind !== 'plan-ack-only')
    return done(HookCodes.turnComplete, `the turn is ${kind}`);
  // A stop the host already continued once is a retry of this turn: count on from the stored
  // attempts, and never block it when the count is unknown, so the hook cannot loop.
  const spent = event.stopHookActive === true ? context.attempts : 0;
  if (spent === undefined)
    return done(HookCodes.stopHookActive, 'a stop hook already continued this turn');
  const attempt = spent + 1;
  const limit = context.limit;
  if (attempt > limit)
    return {
      ...done(
        HookCodes.retriesExhausted,
        `planfirst: the agent stopped after ${limit} of ${limit} reminders to act; it kept describing what it would do without doing it. Review what it changed, then send a more specific instruction.`,
      ),
    };
  return {
    verdict: 'block-stop',
    code: HookCodes.incompleteTurn,
    reason: retryInstruction(kind, attempt, limit).text,
    planMode,
    attempts: attempt,
  };
}
