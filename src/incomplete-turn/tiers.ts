import { PlanToolNames } from '../plan-mode/tool-names.js';

// The texts planfirst sends the model when a turn was incomplete. They escalate by tier and
// always state the real count ("retry 2 of 3"), never a hard-coded ordinal.

export const RetryKinds = {
  planningOnly: 'planning-only',
  singleActionNarration: 'single-action-narration',
  reasoningOnly: 'reasoning-only',
  empty: 'empty',
  planAckOnly: 'plan-ack-only',
  claimedDone: 'claimed-done',
  autoContinue: 'auto-continue',
} as const;
export type RetryKind = (typeof RetryKinds)[keyof typeof RetryKinds];

export const Tiers = { standard: 'standard', firm: 'firm', final: 'final' } as const;
export type Tier = (typeof Tiers)[keyof typeof Tiers];

/** An instruction for the next model call. */
export interface RetryInstruction {
  kind: RetryKind;
  tier: Tier;
  /** 1-based: this is retry `attempt` of `limit` (or auto-continue cycle `attempt` of `limit`). */
  attempt: number;
  limit: number;
  text: string;
}

/**
 * The tier of retry `attempt` of `limit`: the last retry is always `final`, the first is
 * `standard` (unless it is also the last), everything between is `firm`.
 */
export function tierFor(attempt: number, limit: number): Tier {
  if (attempt >= limit) return Tiers.final;
  if (attempt <= 1) return Tiers.standard;
  return Tiers.firm;
}

type Texts = Record<Tier, (count: string) => string>;

const exitTool = PlanToolNames.exit;
const updateTool = PlanToolNames.update;

const texts: Record<Exclude<RetryKind, 'auto-continue'>, Texts> = {
  'planning-only': {
    standard: (n) =>
      `You described what you are going to do but did not do it (${n}). Do it now: start with the first concrete step as a tool call.`,
    firm: (n) =>
      `You are still narrating instead of acting (${n}). Do not restate the plan. Your next message must start with the tool call for the first step.`,
    final: (n) =>
      `Final retry (${n}): make the tool call for the next step now, or state plainly what blocks you. Another description of what you will do ends the run.`,
  },
  'single-action-narration': {
    standard: (n) =>
      `You ran one step and then described the next one instead of doing it (${n}). Do the next step now with a tool call.`,
    firm: (n) =>
      `Again you described the next step without doing it (${n}). Skip the narration and make the tool call now.`,
    final: (n) =>
      `Final retry (${n}): make the tool call for the next step now, or say what blocks you. Narrating it again ends the run.`,
  },
  'reasoning-only': {
    standard: (n) =>
      `Your last reply had only reasoning, nothing visible (${n}). Continue: make the tool call you need, or write your answer.`,
    firm: (n) =>
      `Your reply again had no visible text or tool call (${n}). Act on your reasoning now: a tool call or the answer.`,
    final: (n) =>
      `Final retry (${n}): reply with a tool call or a visible answer. Another reply with only reasoning ends the run.`,
  },
  empty: {
    standard: (n) =>
      `Your last reply had neither an answer nor an action (${n}); updating the plan alone does not count. Continue the task: make the next tool call or give your answer.`,
    firm: (n) => `Again no answer and no action (${n}). Make the next tool call or answer now.`,
    final: (n) =>
      `Final retry (${n}): reply with a tool call or an answer. Another reply with neither ends the run.`,
  },
  'plan-ack-only': {
    standard: (n) =>
      `You are in plan mode and only acknowledged the request (${n}). Investigate now with read-only tools, then call ${exitTool} with a concrete plan.`,
    firm: (n) =>
      `Still no investigation or plan (${n}). Use read-only tools to look at the code now; when you know enough, call ${exitTool} with your plan.`,
    final: (n) =>
      `Final retry (${n}): investigate with a read-only tool or call ${exitTool} with your plan now. Another status line ends the run.`,
  },
  'claimed-done': {
    standard: (n) =>
      `You said the work is done, but steps of the approved plan are still open (${n}). Carry out the open steps now, or mark each one with ${updateTool}: completed (with evidence for each of its criteria) or cancelled, saying why.`,
    firm: (n) =>
      `The approved plan still has open steps (${n}). Do not report completion again until every approved step is completed or cancelled with ${updateTool}. Take the next open step now.`,
    final: (n) =>
      `Final retry (${n}): finish the open steps of the approved plan, or close them with ${updateTool} (completed with evidence, or cancelled with a reason), or say plainly what blocks you. Claiming completion again ends the run.`,
  },
};

/** The instruction for retry `attempt` of `limit` of a turn of this kind. */
export function retryInstruction(
  kind: Exclude<RetryKind, 'auto-continue'>,
  attempt: number,
  limit: number,
): RetryInstruction {
  const tier = tierFor(attempt, limit);
  return { kind, tier, attempt, limit, text: texts[kind][tier](`retry ${attempt} of ${limit}`) };
}

/** The instruction that starts auto-continue cycle `cycle` of `maxCycles`. */
export function autoContinueInstruction(cycle: number, maxCycles: number): RetryInstruction {
  return {
    kind: RetryKinds.autoContinue,
    tier: tierFor(cycle, maxCycles),
    attempt: cycle,
    limit: maxCycles,
    text: `Continue the task from where you stopped (auto-continue ${cycle} of ${maxCycles}). Take the next concrete step now with a tool call; if the task is done or you are blocked, say so plainly.`,
  };
}

/** The instruction added when the user's prompt is a short go-ahead. */
export const ACK_INSTRUCTION =
  'The user has told you to go ahead. Skip any recap or restatement of the plan and start directly with the first concrete action, as a tool call.';

/**
 * The user-facing message when the retries ran out. When something was already changed in this
 * run it says so, because "nothing happened" would then be false.
 */
export function blockedMessage(
  kind: Exclude<RetryKind, 'auto-continue'>,
  mutated: boolean,
): string {
  const what: Record<typeof kind, string> = {
    'planning-only': 'kept describing what it would do without doing it',
    'single-action-narration': 'kept describing its next step without taking it',
    'reasoning-only': 'kept replying with reasoning only, nothing visible',
    empty: 'kept replying with neither an answer nor an action',
    'plan-ack-only': 'kept acknowledging the request without investigating or proposing a plan',
    'claimed-done':
      'kept saying the work was done while steps of the approved plan were still open',
  };
  return mutated
    ? `The agent stopped: it ${what[kind]}. It had already made changes in this run, so review them before asking it to continue.`
    : `The agent stopped: it ${what[kind]}. Nothing was changed. Send a more specific instruction, or say "continue" to try again.`;
}
