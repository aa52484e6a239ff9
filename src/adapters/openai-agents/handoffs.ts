import { Agent, type Handoff } from '@openai/agents';
import type { AdapterContext } from './context.js';
import { wrapTools } from './gate.js';

// Handoffs on the gate. A handoff hands the conversation to another agent inside the same run,
// so the target works on the same planfirst session: while that session plans, the target is
// gated exactly like the agent that handed off — provided its tools carry the gate. gateAgent
// puts the gate on the tools of an agent and of every agent it can hand off to, to any depth.

// biome-ignore lint/suspicious/noExplicitAny: the SDK's own bound on agents in handoffs.
type AnyAgent = Agent<any, any>;

/**
 * A copy of `agent` whose function tools carry the gate, and whose handoffs lead only to such
 * copies (cycles kept). Any tool the gate cannot judge (hosted, computer, shell) throws
 * `PlanfirstError` `invalid_adapter_use`, as `wrapTools` does. The original is not changed.
 */
export function gateAgent<T extends AnyAgent>(ctx: AdapterContext, agent: T): T {
  return gated(ctx, agent, new Map()) as T;
}

function gated(ctx: AdapterContext, agent: AnyAgent, seen: Map<AnyAgent, AnyAgent>): AnyAgent {
  const known = seen.get(agent);
  if (known !== undefined) return known;
  const copy = agent.clone({ tools: wrapTools(ctx, agent.tools) });
  seen.set(agent, copy);
  copy.handoffs = agent.handoffs.map((h) =>
    h instanceof Agent ? gated(ctx, h, seen) : gatedHandoff(ctx, h, seen),
  );
  return copy;
}

// biome-ignore lint/suspicious/noExplicitAny: the SDK's own bound on handoffs.
function gatedHandoff(ctx: AdapterContext, h: Handoff<any, any>, seen: Map<AnyAgent, AnyAgent>) {
  const target = gated(ctx, h.agent, seen);
  const copy = Object.assign(Object.create(Object.getPrototypeOf(h) as object) as Handoff, h);
  copy.agent = target;
  copy.onInvokeHandoff = async (context, args) => {
    const chosen = await h.onInvokeHandoff(context, args);
    return chosen === h.agent ? target : gated(ctx, chosen, seen);
  };
  return copy;
}
