import * as restate from '@restatedev/restate-sdk';
import { answerWithToken } from '../decision-token/answer.js';
import { decideWithToken, type TokenRefusal } from '../decision-token/deliver.js';
import {
  type EngineBindingConfig,
  type EngineDecisionResult,
  type EngineJournal,
  type EngineParked,
  type EngineRunResult,
  type EngineWaitKind,
  engineBinding,
  judgeDecision,
  judgeUnparked,
  type PendingApproval,
  type RecordedDecision,
  readEngineRunInput,
  runOnEngine,
  timeoutOf,
} from '../effects/index.js';
import type { SessionState } from '../session.js';

/** planfirst as Restate services: a virtual object per session, one per approval. */
export type RestateBindingConfig = EngineBindingConfig;

/** What the session object's `status` handler returns. */
export interface RestateSessionStatus {
  session: SessionState | null;
  /** The approval (or, with `questionId`, the ask_user questions) the run is parked on. */
  parked: EngineParked | null;
}

/** The user's own words per question id, as an answer token's request may carry them. */
function isTextMap(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

interface Register {
  pending: PendingApproval;
  awakeableId: string;
}

/** Restate's own error for a bad input: not retried, returned to the caller. */
function terminal<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw new restate.TerminalError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The planfirst run loop as two Restate virtual objects for your endpoint: `<name>Session`
 * (keyed by session id: `run`, and the shared `status`, `decide`, `decideToken`) and
 * `<name>Approval` (keyed by approval id: records the first decision, or the timeout, once).
 * See docs/engines.md.
 */
export function planfirstRestate(config: RestateBindingConfig) {
  const { host, prefix, keys } = engineBinding(config);
  const sessionName = `${prefix}Session`;
  const approvalName = `${prefix}Approval`;

  const approvalClient = (ctx: restate.Context, approvalId: string) =>
    ctx.objectClient<ApprovalObject>({ name: approvalName } as never, approvalId);
  const sessionClient = (ctx: restate.Context, sessionId: string) =>
    ctx.objectClient<SessionObject>({ name: sessionName } as never, sessionId);

  const approval = restate.object({
    name: approvalName,
    handlers: {
      /** Called by the parked run: what the decision is judged against, and whom to wake. */
      register: async (ctx: restate.ObjectContext, input: Register) => {
        ctx.set('pending', input.pending);
        ctx.set('awakeable', input.awakeableId);
        const recorded = await ctx.get<RecordedDecision>('recorded');
        if (recorded !== null) ctx.resolveAwakeable(input.awakeableId, recorded);
      },
      decide: async (
        ctx: restate.ObjectContext,
        input: { sessionId: string; decision: unknown; kind?: EngineWaitKind },
      ): Promise<EngineDecisionResult> => {
        const now = await ctx.date.now();
        const kind = input.kind ?? 'approval';
        const pending = await ctx.get<PendingApproval>('pending');
        if (
          pending === null ||
          pending.sessionId !== input.sessionId ||
          (pending.kind ?? 'approval') !== kind
        ) {
          const status = await sessionClient(ctx, input.sessionId).status();
          const session = status.session ?? undefined;
          return judgeUnparked(input.sessionId, session, input.decision, now, kind);
        }
        const recorded = await ctx.get<RecordedDecision>('recorded');
        const judged = judgeDecision(pending, recorded ?? undefined, input.decision, {
          now,
          delivery: ctx.request().id,
        });
        if (judged.record !== undefined) await record(ctx, judged.record);
        return judged.result;
      },
      /** Called by the parked run when its timer fires: the recorded decision, or the timeout. */
      expire: async (ctx: restate.ObjectContext): Promise<RecordedDecision> => {
        const recorded = await ctx.get<RecordedDecision>('recorded');
        if (recorded !== null) return recorded;
        const pending = await ctx.get<PendingApproval>('pending');
        if (pending === null) throw new restate.TerminalError('no approval is registered here');
        const timeout = timeoutOf(pending);
        const judged = judgeDecision(pending, undefined, timeout, {
          now: pending.deadline,
          delivery: 'timer',
        });
        const chosen = judged.record ?? {
          decision: timeout,
          at: pending.deadline,
          delivery: 'timer',
        };
        await record(ctx, chosen);
        return chosen;
      },
    },
  });

  async function record(ctx: restate.ObjectContext, recorded: RecordedDecision) {
    ctx.set('recorded', recorded);
    const awakeableId = await ctx.get<string>('awakeable');
    if (awakeableId !== null) ctx.resolveAwakeable(awakeableId, recorded);
  }

  const deliver = async (
    ctx: restate.ObjectSharedContext,
    sessionId: string,
    decision: unknown,
    kind: EngineWaitKind,
  ): Promise<EngineDecisionResult> => {
    // Restate delivers the input as JSON: plain data, nothing else to copy.
    const field = kind === 'question' ? 'questionId' : 'approvalId';
    const id = (decision as Record<string, unknown> | null)?.[field];
    if (typeof id !== 'string' || id === '' || id.length > 200) {
      const session = await ctx.get<SessionState>('session');
      return judgeUnparked(sessionId, session ?? undefined, decision, await ctx.date.now(), kind);
    }
    return approvalClient(ctx, id).decide({ sessionId, decision, kind });
  };

  const session = restate.object({
    name: sessionName,
    handlers: {
      run: async (ctx: restate.ObjectContext, input: unknown): Promise<EngineRunResult> => {
        const read = terminal(() => readEngineRunInput(input));
        const stored = await ctx.get<SessionState>('session');
        const journal: EngineJournal = {
          executionId: crypto.randomUUID(),
          action: (name, fn) => ctx.run(name, fn),
          publish: async (s) => ctx.set('session', s),
          awaitDecision: async (pending) => {
            const awakeable = ctx.awakeable<RecordedDecision>();
            await approvalClient(ctx, pending.approvalId).register({
              pending,
              awakeableId: awakeable.id,
            });
            const { approvalId: id, deadline } = pending;
            ctx.set(
              'parked',
              pending.kind === 'question'
                ? { questionId: id, deadline }
                : { approvalId: id, deadline },
            );
            const now = await ctx.date.now();
            const timer = ctx
              .sleep(Math.max(0, pending.deadline - now))
              .map(() => null as RecordedDecision | null);
            const first = await restate.RestatePromise.race([awakeable.promise, timer]);
            const decided = first ?? (await approvalClient(ctx, pending.approvalId).expire());
            ctx.clear('parked');
            return decided;
          },
        };
        const out = await runOnEngine(journal, host, ctx.key, stored ?? undefined, read);
        return { result: out.result, recovered: out.recovered };
      },
      status: restate.handlers.object.shared(
        async (ctx: restate.ObjectSharedContext): Promise<RestateSessionStatus> => ({
          session: await ctx.get<SessionState>('session'),
          parked: await ctx.get<RestateSessionStatus['parked']>('parked'),
        }),
      ),
      decide: restate.handlers.object.shared(
        async (
          ctx: restate.ObjectSharedContext,
          input: { decision: unknown },
        ): Promise<EngineDecisionResult> =>
          deliver(ctx, ctx.key, (input as { decision?: unknown } | null)?.decision, 'approval'),
      ),
      answer: restate.handlers.object.shared(
        async (
          ctx: restate.ObjectSharedContext,
          input: { answer: unknown },
        ): Promise<EngineDecisionResult> =>
          deliver(ctx, ctx.key, (input as { answer?: unknown } | null)?.answer, 'question'),
      ),
      answerToken: restate.handlers.object.shared(
        async (
          ctx: restate.ObjectSharedContext,
          input: { token: string; text?: Record<string, string> },
        ): Promise<EngineDecisionResult | TokenRefusal> => {
          if (keys === undefined)
            throw new restate.TerminalError('no tokenKey is configured for answer tokens');
          const { token, text } = (input ?? {}) as { token?: unknown; text?: unknown };
          const now = await ctx.date.now();
          return answerWithToken(
            token,
            { key: keys, now, ...(isTextMap(text) ? { text } : {}) },
            async (sessionId, answer) =>
              sessionId === ctx.key
                ? deliver(ctx, sessionId, answer, 'question')
                : { outcome: 'not_found' as const, sessionId },
          );
        },
      ),
      decideToken: restate.handlers.object.shared(
        async (
          ctx: restate.ObjectSharedContext,
          input: { token: string; feedback?: string },
        ): Promise<EngineDecisionResult | TokenRefusal> => {
          if (keys === undefined)
            throw new restate.TerminalError('no tokenKey is configured for decision tokens');
          const { token, feedback } = (input ?? {}) as { token?: unknown; feedback?: unknown };
          const now = await ctx.date.now();
          return decideWithToken(
            token,
            { key: keys, now, ...(typeof feedback === 'string' ? { feedback } : {}) },
            async (sessionId, decision) =>
              sessionId === ctx.key
                ? deliver(ctx, sessionId, decision, 'approval')
                : { outcome: 'not_found' as const, sessionId },
          );
        },
      ),
    },
  });

  return { session, approval, services: [session, approval] };
}

type SessionObject = ReturnType<typeof planfirstRestate>['session'];
type ApprovalObject = ReturnType<typeof planfirstRestate>['approval'];
