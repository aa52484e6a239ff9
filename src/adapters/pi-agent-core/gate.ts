import type {
  AgentTool,
  BeforeToolCallContext,
  BeforeToolCallResult,
} from '@mariozechner/pi-agent-core';
import { checkToolCall, GateCodes, type SessionState, type ToolCallRequest } from '../../index.js';
import type { AdapterContext } from './context.js';

/**
 * A host tool that declares itself read-only, like MCP's `readOnlyHint`: set `readOnly: true`
 * on the AgentTool object and the gate lets it run while planning.
 */
export type ReadOnlyHinted = { readOnly?: boolean };

/**
 * A host tool that starts a subagent: set `subagent: true` on the AgentTool object and the gate
 * lets it run while planning, because the subagent inherits the gate — run it with
 * `runGatedSubagent` on this store and the subagent on the session it hands you.
 */
export type SubagentHinted = { subagent?: boolean };

/**
 * pi's `beforeToolCall` hook running planfirst's gate. A blocked call returns
 * `{ block: true, reason }` with the gate's message, which pi hands the model as an error
 * tool result; every verdict is recorded for the turn summary.
 */
export function createBeforeToolCall(
  ctx: AdapterContext,
): (context: BeforeToolCallContext) => Promise<BeforeToolCallResult | undefined> {
  return async ({ toolCall, args, context }) => {
    const tool = context.tools?.find((t) => t.name === toolCall.name);
    const call: ToolCallRequest = {
      name: toolCall.name,
      input: args,
      ...(hintsReadOnly(tool) ? { readOnly: true } : {}),
      ...((tool as SubagentHinted | undefined)?.subagent === true ? { subagent: true } : {}),
    };
    const session = ctx.store.get();
    const decision = checkToolCall(session, call, ctx.options);
    ctx.verdicts.set(toolCall.id, {
      readOnly: !decision.allowed || isReadOnly(session, decision.code, call, ctx),
      blocked: !decision.allowed,
    });
    if (decision.allowed) return undefined;
    ctx.emit({
      type: 'tool_blocked',
      toolCallId: toolCall.id,
      toolName: toolCall.name,
      code: decision.code,
      message: decision.message,
    });
    return { block: true, reason: decision.message };
  };
}

function hintsReadOnly(tool: AgentTool | undefined): boolean {
  return (tool as ReadOnlyHinted | undefined)?.readOnly === true;
}

// In normal mode the gate allows everything, but the turn summary still needs to know whether
// a call only read (the budgeter's mutation flag): ask the gate as if plan mode were on.
function isReadOnly(
  session: SessionState,
  code: string,
  call: ToolCallRequest,
  ctx: AdapterContext,
): boolean {
  if (code !== GateCodes.normalMode) return true;
  // Outside plan mode a subagent runs ungated: it may change anything.
  if (call.subagent === true) return false;
  const planView = { planMode: { ...session.planMode, mode: 'plan' as const } };
  return checkToolCall(planView, call, ctx.options).allowed;
}
