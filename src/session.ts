import type { z } from 'zod';
import { autoContinueStateSchema, initialAutoContinueState } from './auto-continue/state-schema.js';
import { SessionError } from './errors.js';
import {
  incompleteTurnStateSchema,
  initialIncompleteTurnState,
} from './incomplete-turn/state-schema.js';
import { lazy } from './lazy.js';
import { messageSchema } from './messages.js';
import { ensureResolved, type PlanfirstOptions, type ResolvedOptions } from './options.js';
import { emptyRecord, maxNestingDepth, ownData, withoutPrototypes } from './own-data.js';
import { questionsInvariantIssues, questionsStateSchema } from './plan-mode/question-state.js';
import {
  initialPlanModeState,
  planModeInvariantIssues,
  planModeStateSchema,
} from './plan-mode/state.js';
import { runInvariantIssues } from './run/invariants.js';
import { initialRunState, runStateSchema } from './run/state-schema.js';
import { toValidationIssues } from './zod-issues.js';

/** Bumped on any change a stored session cannot be read across; parseSession() rejects others. */
export const SESSION_VERSION = 1;

export const sessionSchema = lazy((z) =>
  z
    .strictObject({
      version: z.literal(SESSION_VERSION, {
        error: `expected session version ${SESSION_VERSION}`,
      }),
      planMode: planModeStateSchema,
      incompleteTurn: incompleteTurnStateSchema.prefault(emptyRecord),
      autoContinue: autoContinueStateSchema.prefault(emptyRecord),
      messages: z.array(messageSchema).default([]),
      run: runStateSchema.prefault(() => withoutPrototypes(initialRunState())),
      /** Questions the model asked the user with ask_user (absent until it asks). */
      questions: questionsStateSchema.optional(),
    })
    .superRefine((session, ctx) => {
      for (const issue of planModeInvariantIssues(session.planMode))
        ctx.addIssue({ code: 'custom', path: ['planMode', issue.path], message: issue.message });
      for (const issue of questionsInvariantIssues(session.questions))
        ctx.addIssue({ code: 'custom', path: ['questions', issue.path], message: issue.message });
      for (const issue of runInvariantIssues(session.run, session.messages))
        ctx.addIssue({ code: 'custom', path: ['run', ...issue.path], message: issue.message });
    }),
);

/** Everything planfirst remembers between steps: plain JSON, safe to persist and resume. */
export type SessionState = z.output<typeof sessionSchema>;

/**
 * A fresh session. Plan mode is on only when the host's options enable it; nothing else ever
 * starts it.
 */
export function createSession(
  options?: PlanfirstOptions | ResolvedOptions,
  at: { now?: number } = {},
): SessionState {
  const resolved = ensureResolved(options);
  // Own data only: a polluted Object.prototype.now must not become the session's start.
  const d =
    typeof at === 'object' && at !== null ? Object.getOwnPropertyDescriptor(at, 'now') : undefined;
  const now =
    d !== undefined && Object.hasOwn(d, 'value') ? (d.value as number | undefined) : undefined;
  const entered = now === undefined ? {} : { enteredAt: now, updatedAt: now };
  return {
    version: SESSION_VERSION,
    planMode: resolved.planMode.enabled
      ? {
          ...initialPlanModeState,
          mode: 'plan',
          reason: 'enabled by options',
          epoch: 1,
          ...entered,
        }
      : { ...initialPlanModeState },
    incompleteTurn: initialIncompleteTurnState(),
    autoContinue: initialAutoContinueState(),
    messages: [],
    run: initialRunState(),
  };
}

/**
 * Validates a session read from storage (untrusted JSON or its text) and returns it typed.
 * Throws SessionError listing every bad path; never returns a partially valid state.
 */
export function parseSession(json: unknown): SessionState {
  const input = typeof json === 'string' ? parseJsonText(json) : json;
  const result = sessionSchema.safeParse(ownInput(input));
  if (!result.success) throw new SessionError(toValidationIssues(result.error, input));
  return result.data;
}

/**
 * The input as schemas may read it: own properties only (a polluted prototype is not part of
 * a session), at most `maxNestingDepth` levels deep (deeper would exhaust the stack).
 */
export function ownInput(input: unknown): unknown {
  const own = ownData(input);
  if (own.ok) return own.value;
  throw new SessionError([
    { path: own.path, message: `nested more than ${maxNestingDepth} levels deep` },
  ]);
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new SessionError([{ path: '(root)', message: `not JSON: ${(error as Error).message}` }]);
  }
}
