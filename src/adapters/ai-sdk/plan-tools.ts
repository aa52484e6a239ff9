import { jsonSchema, type Tool, tool } from 'ai';
import {
  type AskUserInput,
  type EnterPlanModeInput,
  type ExitPlanModeInput,
  handlePlanToolCall,
  type PlanToolDefinition,
  type PlanToolName,
  PlanToolNames,
  planModeTools,
  type UpdatePlanInput,
} from '../../index.js';
import type { createApprovals } from './approvals.js';
import type { AdapterContext } from './context.js';
import { PlanfirstToolError, type ToolRefusalCode } from './errors.js';

/** The plan tools as AI SDK tools; `enter_plan_mode` only when the options let the model enter. */
export type PlanfirstTools = {
  exit_plan_mode: Tool<ExitPlanModeInput, string>;
  update_plan: Tool<UpdatePlanInput, string>;
  /** Questions to the user: the SDK loop stops, `applyAnswer` brings the answer. */
  ask_user: Tool<AskUserInput, string>;
  enter_plan_mode?: Tool<EnterPlanModeInput, string>;
};

type JsonSchemaInput = Parameters<typeof jsonSchema>[0];

// planfirst's TypeBox schemas as plain JSON Schema (TypeBox adds symbol keys the SDK need not
// see). No `validate`: handlePlanToolCall validates and its errors are written for the model.
function inputSchema<T>(definition: PlanToolDefinition) {
  return jsonSchema<T>(JSON.parse(JSON.stringify(definition.parameters)) as JsonSchemaInput);
}

/**
 * `exit_plan_mode` (mapped onto the SDK's tool approval), `update_plan` and, when allowed,
 * `enter_plan_mode`, each carried out by `handlePlanToolCall` on the session in the store.
 * A refused call throws `PlanfirstToolError`, so the model reads the reason as an error result.
 */
export function planTools(
  ctx: AdapterContext,
  approvals: ReturnType<typeof createApprovals>,
  askUser: Tool<AskUserInput, string>,
): PlanfirstTools {
  const exit = planModeTools[PlanToolNames.exit];
  const tools: PlanfirstTools = {
    exit_plan_mode: tool<ExitPlanModeInput, string>({
      description: exit.description,
      inputSchema: inputSchema<ExitPlanModeInput>(exit),
      needsApproval: (input, { toolCallId, messages }) =>
        approvals.needsApproval(input, toolCallId, messages),
      execute: (input, { toolCallId, messages }) => approvals.execute(toolCallId, messages, input),
    }),
    update_plan: simplePlanTool<UpdatePlanInput>(ctx, PlanToolNames.update),
    ask_user: askUser,
  };
  if (ctx.options.planMode.allowModelEnter)
    tools.enter_plan_mode = simplePlanTool<EnterPlanModeInput>(ctx, PlanToolNames.enter);
  return tools;
}

function simplePlanTool<T>(ctx: AdapterContext, name: PlanToolName): Tool<T, string> {
  const definition = planModeTools[name];
  return tool<T, string>({
    description: definition.description,
    inputSchema: inputSchema<T>(definition),
    execute: (input) => {
      const outcome = handlePlanToolCall(
        ctx.store.get(),
        { name, input },
        { now: ctx.now(), options: ctx.options },
      );
      ctx.emit({
        type: 'plan_tool',
        toolName: name,
        code: outcome.code,
        isError: outcome.result.isError,
      });
      if (outcome.result.isError)
        throw new PlanfirstToolError(outcome.code as ToolRefusalCode, outcome.result.content);
      ctx.store.set(outcome.state);
      return outcome.result.content;
    },
  });
}
