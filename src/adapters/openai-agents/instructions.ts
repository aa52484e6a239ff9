import { planModeSystemPrompt } from '../../index.js';
import type { AdapterContext } from './context.js';

/** Your agent's instructions: fixed text, or the SDK's dynamic form. */
export type BaseInstructions<Args extends unknown[]> =
  | string
  | ((...args: Args) => string | Promise<string>);

/**
 * Dynamic instructions for `new Agent({ instructions })`: yours, plus planfirst's plan-mode
 * system prompt while the session is in plan mode. The SDK calls them before every model call,
 * so the prompt follows the session (entering plan mode, approval) without rebuilding the agent.
 */
export function planModeInstructions<Args extends unknown[]>(
  ctx: AdapterContext,
  base: BaseInstructions<Args>,
): (...args: Args) => Promise<string> {
  return async (...args: Args) => {
    const text = typeof base === 'string' ? base : await base(...args);
    const planning = planModeSystemPrompt(ctx.store.get());
    if (planning === undefined) return text;
    return text === '' ? planning : `${text}\n\n${planning}`;
  };
}
