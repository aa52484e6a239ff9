import type { z } from 'zod';
import { lazy } from '../lazy.js';
import { nonNegativeInt, oneOf } from '../schema-helpers.js';

/** One tool call of the assistant turn being carried out, with what planfirst knows of it. */
export const turnCallSchema = lazy((z) =>
  z.strictObject({
    id: z.string(),
    name: z.string(),
    /** Whether the plan-mode gate would allow the call (its read-only verdict). */
    readOnly: z.boolean(),
    /** Waiting for the host's executor, or done. */
    status: oneOf(['pending', 'done']),
    /** Set once done: produced by planfirst (blocked, plan tool) or by the host. */
    result: z.strictObject({ content: z.string(), isError: z.boolean() }).optional(),
    /** The host executed it and it failed (a tool error, which is never retried). */
    failed: z.boolean().optional(),
  }),
);

/**
 * The driver's position in the current run. Plain JSON, so a run parked on an approval (or cut
 * by a crash) resumes in another process exactly where it stopped.
 */
export const runStateSchema = lazy((z) =>
  z.strictObject({
    /** idle: no run; model: a model call is due or under way; tools: host tools are executing;
     *  approval: a plan waits for the user's decision; question: questions from ask_user wait
     *  for the user's answer. */
    phase: oneOf(['idle', 'model', 'tools', 'approval', 'question']),
    /** Index in `messages` where the current run began. */
    startIndex: nonNegativeInt(),
    /** Model calls made in this run (the hard cap counts these). */
    modelCalls: nonNegativeInt(),
    /** The user message this run answers, if it began with one. */
    userPrompt: z.string().nullable(),
    /** The assistant's last visible text before this run (for the contextual ACK). */
    previousAssistantText: z.string().nullable(),
    /** System text for the next model call only (the ACK fast-path). */
    nextSystem: z.array(z.string()),
    /** A host tool failed since the last judged turn: the turn that ends this attempt is then
     *  never retried, though the loop went on after the failure. */
    toolFailed: z.boolean().default(false),
    /** Turns in a row that called only plan bookkeeping and that the loop carried on from
     *  (`run.maxBookkeepingTurns` caps them); a turn calling any other tool resets it. */
    bookkeepingTurns: nonNegativeInt().default(0),
    /** The assistant turn whose tool calls are being carried out. */
    turn: z
      .strictObject({
        messageIndex: nonNegativeInt(),
        calls: z.array(turnCallSchema),
        /** The approval this turn requested with exit_plan_mode, if any. */
        approvalId: z.string().optional(),
        /** The question this turn asked with ask_user, if any. */
        questionId: z.string().optional(),
      })
      .optional(),
    /** The last model client error, while a retry of that call is possible. */
    error: z.string().optional(),
  }),
);

export type RunState = z.output<typeof runStateSchema>;
export type TurnCall = z.output<typeof turnCallSchema>;

export const initialRunState = (): RunState => ({
  phase: 'idle',
  startIndex: 0,
  modelCalls: 0,
  userPrompt: null,
  previousAssistantText: null,
  nextSystem: [],
  toolFailed: false,
  bookkeepingTurns: 0,
});
