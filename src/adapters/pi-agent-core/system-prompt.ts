import type { StreamFn } from '@mariozechner/pi-agent-core';
import { streamSimple } from '@mariozechner/pi-ai';
import { planModeSystemPrompt } from '../../index.js';
import type { AdapterContext } from './context.js';

// pi fixes the system prompt when a run starts, but every model call goes through the agent's
// stream function: wrapping it is how the plan-mode text follows the session turn by turn (on
// while planning, gone the call after an approval, even within one run).

/**
 * Wraps a pi stream function so each model call's system prompt carries planfirst's additions:
 * the plan-mode prompt while planning and, once, the ACK fast-path note of a go-ahead prompt.
 */
export function withPlanfirstSystemPrompt(ctx: AdapterContext, base: StreamFn = streamSimple) {
  const wrapped: StreamFn = (model, context, options) => {
    const additions = [planModeSystemPrompt(ctx.store.get()), ctx.run.systemNote];
    delete ctx.run.systemNote;
    const extra = additions.filter((text): text is string => Boolean(text));
    if (extra.length === 0) return base(model, context, options);
    const systemPrompt = [context.systemPrompt, ...extra].filter(Boolean).join('\n\n');
    return base(model, { ...context, systemPrompt }, options);
  };
  return wrapped;
}
