import type { StreamFn } from '@mariozechner/pi-agent-core';
import { createAssistantMessageEventStream, streamSimple } from '@mariozechner/pi-ai';
import { planModeSystemPrompt } from '../../index.js';
import type { AdapterContext } from './context.js';

// pi fixes the system prompt when a run starts, but every model call goes through the agent's
// stream function: wrapping it is how the plan-mode text follows the session turn by turn (on
// while planning, gone the call after an approval, even within one run). It is also where
// model calls are counted: pi runs its own loop, so refusing a call is how a run is bounded.

/**
 * Wraps a pi stream function so each model call's system prompt carries planfirst's additions:
 * the plan-mode prompt while planning and, once, the ACK fast-path note of a go-ahead prompt.
 */
export function withPlanfirstSystemPrompt(ctx: AdapterContext, base: StreamFn = streamSimple) {
  const wrapped: StreamFn = (model, context, options) => {
    const refusal = overBudget(ctx);
    if (refusal !== undefined) {
      // No model call: a turn that ends in an error, which pi stops on.
      ctx.run.exhausted = refusal;
      const stream = createAssistantMessageEventStream();
      stream.push({
        type: 'error',
        reason: 'error',
        error: {
          role: 'assistant',
          content: [],
          api: model.api,
          provider: model.provider,
          model: model.id,
          usage: {
            input: 0,
            output: 0,
            cacheRead: 0,
            cacheWrite: 0,
            totalTokens: 0,
            cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
          },
          stopReason: 'error',
          errorMessage: refusal,
          timestamp: ctx.now(),
        },
      });
      stream.end();
      return stream;
    }
    ctx.run.modelCalls++;
    const additions = [planModeSystemPrompt(ctx.store.get()), ctx.run.systemNote];
    delete ctx.run.systemNote;
    const extra = additions.filter((text): text is string => Boolean(text));
    if (extra.length === 0) return base(model, context, options);
    const systemPrompt = [context.systemPrompt, ...extra].filter(Boolean).join('\n\n');
    return base(model, { ...context, systemPrompt }, options);
  };
  return wrapped;
}

// The run loop's bounds, kept by the adapter since pi's loop knows none: `run.maxModelCalls`
// model calls per run, and at most `run.maxBookkeepingTurns` turns in a row that only kept the
// plan current (so a model that never acts stays within worstCaseModelCalls(options)).
// Without the listener nothing marks where a run starts, so nothing is bounded there.
function overBudget(ctx: AdapterContext): string | undefined {
  if (!ctx.attached) return undefined;
  const { maxModelCalls, maxBookkeepingTurns } = ctx.options.run;
  if (ctx.run.modelCalls >= maxModelCalls)
    return `planfirst: the run reached its limit of ${maxModelCalls} model calls (run.maxModelCalls).`;
  if (ctx.run.bookkeepingTurns > maxBookkeepingTurns)
    return `planfirst: the model only updated its plan for ${ctx.run.bookkeepingTurns} turns in a row without doing anything else (run.maxBookkeepingTurns).`;
  return undefined;
}
