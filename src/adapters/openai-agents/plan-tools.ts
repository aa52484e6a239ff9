import { type FunctionCallItem, type FunctionTool, tool } from '@openai/agents';
import {
  handlePlanToolCall,
  type JsonValue,
  type PlanToolName,
  PlanToolNames,
  planModeTools,
  requestApproval,
} from '../../index.js';
import { approvedText, boundApprovalId } from './approval.js';
import type { AdapterContext } from './context.js';
import { withoutNulls } from './messages.js';
import { answeredText, questionAwaitsAnswer } from './questions.js';
import { type StrictObjectSchema, strictParameters } from './strict-schema.js';

/** A plan tool as the SDK runs it. */
export type PlanFunctionTool = FunctionTool<unknown, StrictObjectSchema, string>;

function runPlanTool(ctx: AdapterContext, name: PlanToolName, input: unknown): string {
  if (name === PlanToolNames.exit || name === PlanToolNames.askUser) ctx.turn.work++;
  else ctx.turn.bookkeeping++;
  const outcome = handlePlanToolCall(
    ctx.store.get(),
    { name, input: withoutNulls(input as JsonValue, true) },
    { now: ctx.now(), options: ctx.options },
  );
  ctx.store.set(outcome.state);
  ctx.emit({
    type: 'plan_tool',
    toolName: name,
    code: outcome.code,
    isError: outcome.result.isError,
  });
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
  execute: (input: unknown, call: FunctionCallItem | undefined) => string,
  needsApproval?: (input: unknown) => boolean,
): PlanFunctionTool {
  const definition = planModeTools[name];
  return tool({
    name,
    description: definition.description,
    parameters: strictParameters(definition.parameters),
    strict: true,
    execute: async (input: unknown, _context, details) => execute(input, details?.toolCall),
    ...(needsApproval === undefined
      ? {}
      : { needsApproval: async (_run: unknown, input: unknown) => needsApproval(input) }),
  });
}

/**
 * planfirst's plan tools as strict function tools, each carried out by `handlePlanToolCall`.
 * `exit_plan_mode` needs approval: the run stops with an interruption that the host resolves
 * through the adapter's `decide`; once approved, the tool's result is the approved-plan
 * message (delivered exactly once). `ask_user` pauses the run the same way until `answer`.
 * `enter_plan_mode` is offered only when the options allow it.
 */
export function planFunctionTools(ctx: AdapterContext): PlanFunctionTool[] {
  const tools: PlanFunctionTool[] = [];
  if (ctx.options.planMode.allowModelEnter)
    tools.push(planTool(PlanToolNames.enter, (i) => runPlanTool(ctx, PlanToolNames.enter, i)));
  tools.push(
    planTool(
      PlanToolNames.exit,
      (input, call) => {
        // The call the user approved (its decision was taken when `run` resumed the run)
        // executes with the approved plan; any other call is a plan submission.
        const session = ctx.store.get();
        const approved = approvedText(session);
        if (
          approved !== undefined &&
          call !== undefined &&
          boundApprovalId(session.planMode, call) === session.planMode.approvalId
        )
          return approved;
        return runPlanTool(ctx, PlanToolNames.exit, input);
      },
      (input) => awaitsDecision(ctx, input),
    ),
    planTool(PlanToolNames.update, (i) => runPlanTool(ctx, PlanToolNames.update, i)),
    planTool(
      PlanToolNames.askUser,
      // The answered call (its answer was applied before the run resumed) executes with the
      // answer message; any other call asks (or is refused, with the core's reason).
      (input, call) =>
        (call === undefined ? undefined : answeredText(ctx, call)) ??
        runPlanTool(ctx, PlanToolNames.askUser, input),
      (input) => questionAwaitsAnswer(ctx, input),
    ),
  );
  return tools;
}
