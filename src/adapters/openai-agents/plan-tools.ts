import { type FunctionTool, tool } from '@openai/agents';
import {
  handlePlanToolCall,
  type JsonValue,
  PlanMessageKinds,
  type PlanToolName,
  PlanToolNames,
  planModeTools,
  requestApproval,
  takeDecisionMessage,
} from '../../index.js';
import type { AdapterContext } from './context.js';
import { withoutNulls } from './messages.js';
import { type StrictObjectSchema, strictParameters } from './strict-schema.js';

/** A plan tool as the SDK runs it. */
export type PlanFunctionTool = FunctionTool<unknown, StrictObjectSchema, string>;

function runPlanTool(ctx: AdapterContext, name: PlanToolName, input: unknown): string {
  const outcome = handlePlanToolCall(
    ctx.store.get(),
    { name, input: withoutNulls(input as JsonValue, true) },
    { now: ctx.now(), options: ctx.options },
  );
  ctx.store.set(outcome.state);
  return outcome.result.content;
}

/**
 * Whether an exit_plan_mode call must wait for the user: exactly when planfirst would put the
 * plan up for approval (a dry run of `requestApproval`, nothing stored; the SDK may ask again
 * when a saved RunState resumes). Anything else runs at once and gets planfirst's error.
 */
function awaitsDecision(ctx: AdapterContext, input: unknown): boolean {
  return requestApproval(ctx.store.get(), {
    plan: withoutNulls(input as JsonValue, true),
    now: ctx.now(),
    approvalId: dryRunId,
  }).applied;
}

// Passed so the dry run draws no random id; it is never stored.
const dryRunId = 'planfirst-dry-run';

function planTool(
  name: PlanToolName,
  execute: (input: unknown) => string,
  needsApproval?: (input: unknown) => boolean,
): PlanFunctionTool {
  const definition = planModeTools[name];
  return tool({
    name,
    description: definition.description,
    parameters: strictParameters(definition.parameters),
    strict: true,
    execute: async (input: unknown) => execute(input),
    ...(needsApproval === undefined
      ? {}
      : { needsApproval: async (_run: unknown, input: unknown) => needsApproval(input) }),
  });
}

/**
 * planfirst's plan tools as strict function tools, each carried out by `handlePlanToolCall`.
 * `exit_plan_mode` needs approval: the run stops with an interruption that the host resolves
 * through the adapter's `decide`; once approved, the tool's result is the approved-plan
 * message (delivered exactly once). `enter_plan_mode` is offered only when the options allow it.
 */
export function planFunctionTools(ctx: AdapterContext): PlanFunctionTool[] {
  const tools: PlanFunctionTool[] = [];
  if (ctx.options.planMode.allowModelEnter)
    tools.push(planTool(PlanToolNames.enter, (i) => runPlanTool(ctx, PlanToolNames.enter, i)));
  tools.push(
    planTool(
      PlanToolNames.exit,
      (input) => {
        const taken = takeDecisionMessage(ctx.store.get(), ctx.options);
        if (taken.message?.kind === PlanMessageKinds.approved) {
          ctx.store.set(taken.state);
          return taken.message.text;
        }
        return runPlanTool(ctx, PlanToolNames.exit, input);
      },
      (input) => awaitsDecision(ctx, input),
    ),
    planTool(PlanToolNames.update, (i) => runPlanTool(ctx, PlanToolNames.update, i)),
  );
  return tools;
}
