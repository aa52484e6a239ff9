import type { AgentTool } from '@mariozechner/pi-agent-core';
import type { TSchema } from '@mariozechner/pi-ai';
import {
  handlePlanToolCall,
  type PlanToolName,
  PlanToolNames,
  planModeTools,
} from '../../index.js';
import { PlanfirstToolError, type ToolRefusalCode } from '../tool-error.js';
import type { AdapterContext } from './context.js';
import { piPlanToolParameters } from './schemas.js';

const labels: Record<PlanToolName, string> = {
  enter_plan_mode: 'Enter plan mode',
  exit_plan_mode: 'Submit plan',
  update_plan: 'Update plan',
  ask_user: 'Ask the user',
  plan_mode_status: 'Plan status',
};

/**
 * What a plan tool's result carries in `details`: pi shows tool results to UIs, which can
 * branch on the transition code and link the approval id.
 */
export interface PlanToolDetails {
  code: string;
  approvalId?: string;
  /** The question id ask_user put to the user. */
  questionId?: string;
}

/**
 * The plan tools as pi AgentTools (`enter_plan_mode` only with `planMode.allowModelEnter`),
 * executed by planfirst's handlePlanToolCall on the stored session. A refused call throws, so
 * pi reports it to the model as an error result; a submitted plan ends the tool batch.
 */
export function createPlanTools(ctx: AdapterContext): AgentTool[] {
  const names: PlanToolName[] = ctx.options.planMode.allowModelEnter
    ? [PlanToolNames.enter, PlanToolNames.exit, PlanToolNames.update, PlanToolNames.askUser]
    : [PlanToolNames.exit, PlanToolNames.update, PlanToolNames.askUser];
  return names.map((name) => planTool(name, ctx));
}

function planTool(name: PlanToolName, ctx: AdapterContext): AgentTool<TSchema, PlanToolDetails> {
  return {
    name,
    label: labels[name],
    description: planModeTools[name].description,
    parameters: piPlanToolParameters[name],
    execute: async (_toolCallId, params) => {
      const outcome = handlePlanToolCall(
        ctx.store.get(),
        { name, input: params },
        {
          now: ctx.now(),
          options: ctx.options,
          ...(name === PlanToolNames.askUser ? { questionId: ctx.newId() } : {}),
        },
      );
      ctx.store.set(outcome.state);
      ctx.emit({
        type: 'plan_tool',
        toolName: name,
        code: outcome.code,
        isError: outcome.result.isError,
      });
      if (outcome.result.isError)
        throw new PlanfirstToolError(outcome.code as ToolRefusalCode, outcome.result.content);
      const approval = outcome.approval;
      if (approval)
        ctx.emit({
          type: 'approval_requested',
          approvalId: approval.approvalId,
          plan: approval.plan,
          repeated: approval.repeated,
        });
      const question = outcome.question;
      if (question) ctx.emit({ type: 'question_asked', ...question });
      return {
        content: [{ type: 'text', text: outcome.result.content }],
        details: {
          code: outcome.code,
          ...(approval ? { approvalId: approval.approvalId } : {}),
          ...(question ? { questionId: question.questionId } : {}),
        },
        // The plan or the questions wait for the user: no further model call in this batch.
        terminate: approval !== undefined || question !== undefined,
      };
    },
  };
}
