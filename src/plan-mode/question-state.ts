import type { z } from 'zod';
import { lazy } from '../lazy.js';
import { nonEmptyString, nonNegativeInt, oneOf } from '../schema-helpers.js';

// The state of the questions the model asked the user with `ask_user`. It lives beside the plan
// state (`session.questions`), outlives plan-mode entries and exits, and is plain JSON like the
// rest of the session.

/** One choice the user can pick. */
export const questionOptionSchema = lazy((z) =>
  z.strictObject({
    label: nonEmptyString(),
    description: z.string().optional(),
  }),
);

/** One question of an `ask_user` call, as stored (ids `q1`, `q2`, … assigned by planfirst). */
export const questionSchema = lazy((z) =>
  z.strictObject({
    id: nonEmptyString(),
    text: nonEmptyString(),
    header: z.string().optional(),
    options: z.array(questionOptionSchema),
    /** The user may pick several options (otherwise at most one). */
    multiple: z.boolean(),
    /** The user may answer in their own words (with or without picking an option). */
    allowText: z.boolean(),
  }),
);

/** The user's answer to one question. */
export const questionReplySchema = lazy((z) =>
  z.strictObject({
    id: nonEmptyString(),
    selected: z.array(z.string()),
    text: z.string().optional(),
  }),
);

export const questionStatuses = ['pending', 'answered', 'timed_out', 'withdrawn'] as const;

/** The question the model asked last, and what became of it. */
export const currentQuestionSchema = lazy((z) =>
  z.strictObject({
    questionId: nonEmptyString(),
    questions: z.array(questionSchema).min(1),
    status: oneOf(questionStatuses),
    askedAt: nonNegativeInt(),
    /** Asked while plan mode was on. */
    inPlanMode: z.boolean(),
    answers: z.array(questionReplySchema).optional(),
    answeredAt: nonNegativeInt().optional(),
    /** The answer (or timeout) message went into the conversation. */
    injected: z.literal(true).optional(),
  }),
);

/** One question id issued in this session and what became of it (`hash`: the answer given). */
export const questionRecordSchema = lazy((z) =>
  z.strictObject({
    questionId: nonEmptyString(),
    outcome: oneOf(['answered', 'timed_out', 'withdrawn']).optional(),
    /** SHA-256 of the canonical answers, so a repeated answer is told from a different one. */
    hash: z.string().optional(),
  }),
);

export const questionsStateSchema = lazy((z) =>
  z.strictObject({
    current: currentQuestionSchema.optional(),
    /** Every question id issued in this session, oldest first. */
    history: z.array(questionRecordSchema),
  }),
);

export type QuestionOption = z.infer<typeof questionOptionSchema>;
export type Question = z.infer<typeof questionSchema>;
export type QuestionReply = z.infer<typeof questionReplySchema>;
export type QuestionStatus = (typeof questionStatuses)[number];
export type CurrentQuestion = z.infer<typeof currentQuestionSchema>;
export type QuestionRecord = z.infer<typeof questionRecordSchema>;
export type QuestionsState = z.infer<typeof questionsStateSchema>;

/** Cross-field rules of stored question state beyond its shape. */
export function questionsInvariantIssues(
  state: QuestionsState | undefined,
): { path: string; message: string }[] {
  const current = state?.current;
  if (state === undefined || current === undefined) return [];
  const issues: { path: string; message: string }[] = [];
  if (!state.history.some((r) => r.questionId === current.questionId))
    issues.push({ path: 'current.questionId', message: 'must be recorded in the history' });
  if (current.status === 'answered' && current.answers === undefined)
    issues.push({ path: 'current.answers', message: 'an answered question needs its answers' });
  return issues;
}
