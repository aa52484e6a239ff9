import {
  handlePlanToolCall,
  type PlanToolName,
  PlanToolNames,
  planModeTools,
  renderPlan,
  takeDecisionMessage,
} from '../../index.js';
import { ApprovalSurfaces } from './config.js';
import { loadSession, type PluginContext, saveSession } from './context.js';
import type {
  HostAgentTool,
  HostToolFactory,
  HostToolFactoryContext,
  HostToolResult,
} from './host-types.js';
import { renderQuestions } from './questions.js';
import { hostToolName, toHostText } from './tool-names.js';

const labels: Record<PlanToolName, string> = {
  enter_plan_mode: 'Enter plan mode',
  exit_plan_mode: 'Submit plan',
  update_plan: 'Update plan',
  ask_user: 'Ask the user',
  plan_mode_status: 'Plan status',
};

/** The plan tools this plugin registers: enter_plan_mode only when the model may enter. */
export function planToolNames(ctx: PluginContext): PlanToolName[] {
  return ctx.options.planMode.allowModelEnter
    ? [PlanToolNames.enter, PlanToolNames.exit, PlanToolNames.update, PlanToolNames.askUser]
    : [PlanToolNames.exit, PlanToolNames.update, PlanToolNames.askUser];
}

const text = (content: string, code: string, approvalId?: string): HostToolResult => ({
  content: [{ type: 'text', text: toHostText(content) }],
  details: { code, ...(approvalId === undefined ? {} : { approvalId }) },
});

function commandHint(approvalId: string): string {
  return `To decide: /plan approve ${approvalId} · /plan reject <feedback> · /plan edit <title + steps>`;
}

/**
 * Runs one plan tool on the session of the call. `exit_plan_mode` after the user approved it
 * through the host's approval prompt returns the approval message itself (taken once); the
 * command surface instead posts the plan to the conversation with how to decide. A refused
 * call throws, which the host reports to the model as an error result.
 */
async function runPlanTool(
  ctx: PluginContext,
  name: PlanToolName,
  tctx: HostToolFactoryContext,
  params: unknown,
): Promise<HostToolResult> {
  const loaded = loadSession(ctx, tctx);
  if (!loaded.readable)
    throw new Error(`planfirst could not read this session's plan state (${loaded.problem}).`);
  if (name === PlanToolNames.exit) {
    const decided = takeDecisionMessage(loaded.session, ctx.options);
    const pm = loaded.session.planMode;
    if (decided.message && (pm.approval === 'approved' || pm.approval === 'edited')) {
      saveSession(ctx, loaded.key, decided.state);
      return text(decided.message.text, pm.approval, pm.approvalId);
    }
  }
  const outcome = handlePlanToolCall(
    loaded.session,
    { name, input: params },
    {
      now: ctx.now(),
      approvalId: ctx.newId(),
      options: ctx.options,
      ...(name === PlanToolNames.askUser ? { questionId: ctx.newId() } : {}),
    },
  );
  if (outcome.result.isError) {
    // A refusal may still record something: a gated subagent's plan, kept for its parent.
    if (outcome.state !== loaded.session) saveSession(ctx, loaded.key, outcome.state);
    throw new Error(toHostText(outcome.result.content));
  }
  const failed = saveSession(ctx, loaded.key, outcome.state);
  if (failed !== undefined) throw new Error(`planfirst could not save the plan state: ${failed}`);
  const question = outcome.question;
  if (question && !question.repeated)
    await tctx.delivery
      ?.send({ text: renderQuestions(question.questionId, question.questions) })
      .catch((error: unknown) =>
        ctx.warn(`planfirst: could not post the questions: ${String(error)}`),
      );
  const approval = outcome.approval;
  if (!approval) return text(outcome.result.content, outcome.code);
  if (ctx.approvals === ApprovalSurfaces.command)
    await tctx.delivery
      ?.send({
        text: `${renderPlan(approval.plan, { format: 'markdown' })}\n\n${commandHint(approval.approvalId)}`,
      })
      .catch((error: unknown) => ctx.warn(`planfirst: could not post the plan: ${String(error)}`));
  return text(outcome.result.content, outcome.code, approval.approvalId);
}

/**
 * The plan tools as host tool factories, kept out of the host's tool-search catalog, each
 * under its OpenClaw name (`plan_ask_user`, `plan_update`: the host owns the core's names).
 */
export function planToolFactories(
  ctx: PluginContext,
): Array<{ name: string; factory: HostToolFactory }> {
  return planToolNames(ctx).map((name) => {
    // Plain JSON Schema: the host validates with its own TypeBox, not planfirst's.
    const parameters = JSON.parse(JSON.stringify(planModeTools[name].parameters)) as Record<
      string,
      unknown
    >;
    const hostName = hostToolName(name);
    return {
      name: hostName,
      factory: (tctx): HostAgentTool => ({
        name: hostName,
        label: labels[name],
        description: toHostText(planModeTools[name].description),
        parameters,
        catalogMode: 'direct-only',
        execute: (_toolCallId, params) => runPlanTool(ctx, name, tctx, params),
      }),
    };
  });
}
