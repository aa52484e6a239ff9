import type { Tool, ToolExecutionOptions, ToolSet } from 'ai';
import type { AdapterContext } from './context.js';
import { PlanfirstToolError } from './errors.js';

/**
 * A host tool whose `execute` first asks planfirst's gate. A blocked call throws
 * `PlanfirstToolError`, which the AI SDK sends the model as an `error-text` tool result carrying
 * the gate's message verbatim; the loop goes on so the model can adapt. Tools without
 * `execute` run on your side: check them with `gate()` before you run them.
 */
export function gateTool<T extends ToolSet[string]>(name: string, tool: T, ctx: AdapterContext): T {
  ctx.annotate(name, tool);
  const execute = tool.execute;
  if (execute === undefined) return tool;
  const gated: Tool = {
    ...tool,
    execute(input: unknown, options: ToolExecutionOptions) {
      const decision = ctx.gate(name, input);
      if (!decision.allowed) {
        ctx.emit({
          type: 'tool_blocked',
          toolCallId: options.toolCallId,
          toolName: name,
          code: decision.code,
          message: decision.message,
        });
        throw new PlanfirstToolError(decision.code, decision.message, decision);
      }
      return execute.call(tool, input, options);
    },
  };
  const needsApproval = tool.needsApproval;
  // Asking the user to approve a call plan mode will block anyway only wastes their time:
  // a blocked call skips the tool's own approval and fails at once with the gate's message.
  if (needsApproval !== undefined)
    gated.needsApproval = async (input: unknown, options) => {
      if (!ctx.gate(name, input).allowed) return false;
      return typeof needsApproval === 'function'
        ? await needsApproval.call(tool, input, options)
        : needsApproval;
    };
  return gated as T;
}
