import type { z } from 'zod';
import { lazy } from '../lazy.js';
import type { QuestionAnswer } from '../plan-mode/questions.js';
import { nonEmptyString, nonNegativeInt } from '../schema-helpers.js';
import { StoredRunOutcomes } from '../stored-run/codes.js';
import { runStored } from '../stored-run/driver.js';
import type { StoredRunConfig } from '../stored-run/types.js';
import { type DecisionTokenCode, DecisionTokenCodes } from './codes.js';
import type { TokenDelivery, TokenRefusal } from './deliver.js';
import type { DecisionTokenKey } from './hmac.js';
import { type ClaimKind, signClaims, verifyClaims } from './token.js';

/**
 * What an answer token says: this answer, to this question of this session, until then. A chat
 * button carries one (one per option of a single-choice question, say); whoever holds it can
 * give exactly that answer, once, until it expires. `kind: 'answer'` keeps answer tokens and
 * decision tokens apart: neither verifies as the other.
 */
export const answerClaimsSchema = lazy((z) =>
  z.strictObject({
    kind: z.literal('answer'),
    sessionId: nonEmptyString().max(200),
    questionId: nonEmptyString().max(200),
    /** The options picked, per question id (`q1`, …). */
    answers: z
      .array(
        z.strictObject({
          id: nonEmptyString().max(20),
          selected: z.array(z.string().max(100)).max(10),
        }),
      )
      .min(1)
      .max(10),
    /** Ms since the epoch; the token is refused from this instant on. */
    expiresAt: nonNegativeInt(),
  }),
);
export type AnswerClaims = z.output<typeof answerClaimsSchema>;

const answerKind: ClaimKind<AnswerClaims> = {
  get schema() {
    return answerClaimsSchema as unknown as ClaimKind<AnswerClaims>['schema'];
  },
  name: 'answer',
};

/** Signs an answer for a chat button or a link, like signDecisionToken signs a decision. */
export async function signAnswerToken(
  claims: Omit<AnswerClaims, 'kind'>,
  key: DecisionTokenKey,
): Promise<string> {
  return signClaims(answerKind, { kind: 'answer' as const, ...claims }, key);
}

export type AnswerTokenCheck =
  | { ok: true; claims: AnswerClaims; answer: QuestionAnswer }
  | { ok: false; code: DecisionTokenCode; message: string };

/**
 * Checks an answer token from an untrusted channel: shape, signature (against each key, for
 * rotation), then expiry. A refused token is a value with a stable code (the decision-token
 * codes); only a bad key throws.
 */
export async function verifyAnswerToken(
  token: unknown,
  at: { key: DecisionTokenKey | readonly DecisionTokenKey[]; now: number },
): Promise<AnswerTokenCheck> {
  const checked = await verifyClaims(answerKind, token, at);
  if (!checked.ok) return checked;
  const { questionId, answers } = checked.claims;
  return {
    ok: true,
    claims: checked.claims,
    answer: { questionId, answers: answers.map((a) => ({ id: a.id, selected: [...a.selected] })) },
  };
}

/**
 * Verifies an answer token and applies its answer to the stored session it names, once.
 * Forged, altered and expired tokens are refused before the store is touched; a token whose
 * answer was already applied is refused as `token_replayed` and runs nothing. `text` adds the
 * user's own words to questions that allow them (it is the user's text, shown quoted).
 */
export async function deliverAnswerToken(
  config: StoredRunConfig,
  token: unknown,
  at: {
    key: DecisionTokenKey | readonly DecisionTokenKey[];
    /** The user's own words, per question id. */
    text?: Readonly<Record<string, string>>;
  },
): Promise<TokenDelivery> {
  const now = (config.now ?? Date.now)();
  return answerWithToken(token, { ...at, now }, (sessionId, answer) =>
    runStored(config, sessionId, { answer }),
  );
}

/**
 * The answer-token rules for every answer path (runStored, the engine bindings): verify, add
 * the user's own words, then hand the signed answer to `deliver`; a `duplicate` comes back as
 * `token_replayed`.
 */
export async function answerWithToken<R extends { outcome: string }>(
  token: unknown,
  at: {
    key: DecisionTokenKey | readonly DecisionTokenKey[];
    now: number;
    text?: Readonly<Record<string, string>>;
  },
  deliver: (sessionId: string, answer: QuestionAnswer) => Promise<R>,
): Promise<R | TokenRefusal> {
  const check = await verifyAnswerToken(token, { key: at.key, now: at.now });
  if (!check.ok) return { outcome: 'refused', code: check.code, message: check.message };
  const { sessionId, questionId } = check.claims;
  const text = at.text ?? {};
  const answer: QuestionAnswer = {
    questionId,
    answers: (check.answer.answers ?? []).map((a) =>
      Object.hasOwn(text, a.id) && typeof text[a.id] === 'string'
        ? { ...a, text: text[a.id] as string }
        : a,
    ),
  };
  const result = await deliver(sessionId, answer);
  if (result.outcome === StoredRunOutcomes.duplicate)
    return {
      outcome: 'refused',
      code: DecisionTokenCodes.replayed,
      message: 'this answer was already applied; nothing was done again',
      sessionId,
      questionId,
    };
  return result;
}
