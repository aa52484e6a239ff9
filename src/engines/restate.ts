import * as restate from '@restatedev/restate-sdk';
import { decideWithToken, type TokenRefusal } from '../decision-token/deliver.js';
import type { DecisionTokenKey } from '../decision-token/hmac.js';
import {
  type EngineDecisionResult,
  type EngineJournal,
  type EngineRunConfig,
  type EngineRunResult,
  engineHost,
  judgeDecision,
  judgeUnparked,
  type PendingApproval,
  type RecordedDecision,
  readEngineRunInput,
  runOnEngine,
} from '../effects/index.js';
import type { SessionState } from '../session.js';

/** planfirst as Restate services: a virtual object per session, one per approval. */
export interface RestateBindingConfig extends EngineRunConfig {
  /** Prefix of the objects' names (default `planfirst`). */
  name?: string;
  /** Keys that verify signed decision tokens (`decideToken`); newest first for rotation. */
  tokenKey?: DecisionTokenKey | readonly DecisionTokenKey[];
}

/** What the session object's `status` handler returns. */
export interface RestateSessionStatus {
  session: SessionState | null;
  /** The approval the run is parked on, if it is. */
  parked: { approvalId: string; deadline: number } | null;
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
  const host = engineHost(config);
  const prefix = config.name ?? 'planfirst';
  const keys = config.tokenKey;
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
        input: { sessionId: string; decision: unknown },
      ): Promise<EngineDecisionResult> => {
        const now = await ctx.date.now();
        const pending = await ctx.get<PendingApproval>('pending');
        if (pending === null || pending.sessionId !== input.sessionId) {
          const status = await sessionClient(ctx, input.sessionId).status();
          return judgeUnparked(input.sessionId, status.session ?? undefined, input.decision, now);
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
        const timeout = { action: 'timeout', approvalId: pending.approvalId };
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
  ): Promise<EngineDecisionResult> => {
    // Restate delivers the input as JSON: plain data, nothing else to copy.
    const read = decision;
    const approvalId = (read as { approvalId?: unknown } | null)?.approvalId;
    if (typeof approvalId !== 'string' || approvalId === '' || approvalId.length > 200) {
      const session = await ctx.get<SessionState>('session');
      return judgeUnparked(sessionId, session ?? undefined, read, await ctx.date.now());
    }
    return approvalClient(ctx, approvalId).decide({ sessionId, decision: read });
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
            ctx.set('parked', { approvalId: pending.approvalId, deadline: pending.deadline });
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
          parked: await ctx.get<{ approvalId: string; deadline: number }>('parked'),
        }),
      ),
      decide: restate.handlers.object.shared(
        async (
          ctx: restate.ObjectSharedContext,
          input: { decision: unknown },
        ): Promise<EngineDecisionResult> =>
          deliver(ctx, ctx.key, (input as { decision?: unknown } | null)?.decision),
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
                ? deliver(ctx, sessionId, decision)
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
