import {
  defineToolInputGuardrail,
  type FunctionCallItem,
  type Tool,
  ToolGuardrailFunctionOutputFactory,
  type ToolInputGuardrailDefinition,
  type ToolInputGuardrailResult,
} from '@openai/agents';
import {
  checkToolCall,
  isReadOnlyCall as coreIsReadOnlyCall,
  ErrorCodes,
  type GateDecision,
  PlanfirstError,
  type ToolCallBlock,
} from '../../index.js';
import type { AdapterContext } from './context.js';
import { callName, parseArguments, withoutNulls } from './messages.js';

/** The name of planfirst's tool input guardrail, as it appears in the SDK's guardrail results. */
export const GATE_GUARDRAIL_NAME = 'planfirst_gate';

/**
 * planfirst's gate (`checkToolCall`) on a raw function call, as the guardrail sees it: the
 * arguments parsed and strict mode's nulls dropped, the host's read-only mark applied.
 */
export function gateFunctionCall(
  ctx: AdapterContext,
  call: Pick<FunctionCallItem, 'name' | 'namespace' | 'arguments'>,
): GateDecision {
  const name = callName(call);
  const input = withoutNulls(parseArguments(call.arguments), false);
  const readOnly = ctx.readOnlyTools.has(name) ? { readOnly: true } : {};
  const subagent = ctx.subagentTools.has(name) ? { subagent: true } : {};
  return checkToolCall(ctx.store.get(), { name, input, ...readOnly, ...subagent }, ctx.options);
}

/**
 * The gate as a tool input guardrail: an allowed call runs, a blocked one is skipped and its
 * result is planfirst's message for the model (`rejectContent`), so the run goes on and the
 * model can adapt. The verdict's code and the call id travel in `outputInfo`.
 */
export function gateGuardrail<TContext = unknown>(
  ctx: AdapterContext,
): ToolInputGuardrailDefinition<TContext> {
  return defineToolInputGuardrail<TContext>({
    name: GATE_GUARDRAIL_NAME,
    run: async ({ toolCall }) => {
      const decision = gateFunctionCall(ctx, toolCall);
      const info = { callId: toolCall.callId, code: decision.code };
      ctx.turn.work++;
      if (!decision.allowed)
        ctx.emit({
          type: 'tool_blocked',
          toolCallId: toolCall.callId,
          toolName: callName(toolCall),
          code: decision.code,
          message: decision.message,
        });
      return decision.allowed
        ? ToolGuardrailFunctionOutputFactory.allow(info)
        : ToolGuardrailFunctionOutputFactory.rejectContent(decision.message, info);
    },
  });
}

/**
 * Your function tools with the gate attached (copies; yours are left as they are). Only
 * function tools run through input guardrails, so any other tool (hosted, computer, shell,
 * apply-patch) is refused here rather than left ungated while planning.
 */
export function wrapTools<TContext = unknown>(
  ctx: AdapterContext,
  tools: readonly Tool<TContext>[],
): Tool<TContext>[] {
  return tools.map((tool) => {
    if (tool.type !== 'function')
      throw new PlanfirstError(
        ErrorCodes.invalidAdapterUse,
        `planfirst can only gate function tools; \`${tool.name}\` is a ${tool.type} tool. Leave it out while planning, or gate it yourself.`,
      );
    const existing = tool.inputGuardrails ?? [];
    if (existing.some((g) => g.name === GATE_GUARDRAIL_NAME)) return tool;
    return { ...tool, inputGuardrails: [...existing, gateGuardrail<TContext>(ctx)] };
  });
}

/**
 * Whether a call was read-only, for turn summaries: the gate's verdict as if plan
 * mode were on, whatever the mode now. In normal mode the gate allows everything, which says
 * nothing about reading.
 */
export function isReadOnlyCall(ctx: AdapterContext, call: ToolCallBlock): boolean {
  const readOnly = ctx.readOnlyTools.has(call.name) ? { readOnly: true } : {};
  const subagent = ctx.subagentTools.has(call.name) ? { subagent: true } : {};
  const input = withoutNulls(call.input, false);
  return coreIsReadOnlyCall({ name: call.name, input, ...readOnly, ...subagent }, ctx.options);
}

/** The ids of the calls planfirst's guardrail blocked, from a run result's guardrail results. */
export function blockedCallIds(results: readonly ToolInputGuardrailResult[]): Set<string> {
  const ids = new Set<string>();
  for (const r of results) {
    const info = r.output.outputInfo as { callId?: unknown } | undefined;
    if (
      r.guardrail.name === GATE_GUARDRAIL_NAME &&
      r.output.behavior.type === 'rejectContent' &&
      typeof info?.callId === 'string'
    )
      ids.add(info.callId);
  }
  return ids;
}
