import { ensureResolved, type PlanfirstOptions, type ResolvedOptions } from '../options.js';
import type { SessionState } from '../session.js';
import { requestApproval } from './approval.js';
import {
  type IgnoredReason,
  IgnoredReasons,
  type PlanToolCode,
  PlanToolCodes,
  type TransitionCode,
  TransitionCodes,
} from './codes.js';
import { enterPlanMode } from './mode.js';
import { ownValue } from './plain-data.js';
import type { Question } from './question-state.js';
import { askUser, pendingQuestion } from './questions.js';
import { showName } from './quote.js';
import { renderPlan } from './render.js';
import { isExecutionHeld, isNormalMode, type Plan } from './state.js';
import { renderPlanModeStatus } from './status.js';
import { updatePlan } from './steps.js';
import { returnSubagentPlan, subagentExitMessage } from './subagents.js';
import { PlanToolNames } from './tool-names.js';

/** What a plan tool call produced: the new state and the tool result the model reads. */
export interface PlanToolOutcome {
  state: SessionState;
  result: { content: string; isError: boolean };
  /** Set when exit_plan_mode put a plan up for approval (new or repeated). */
  approval?: { approvalId: string; plan: Plan; repeated: boolean };
  /** Set when ask_user put questions to the user (new or repeated). */
  question?: { questionId: string; questions: Question[]; repeated: boolean };
  /** The transition code, the reason it was ignored, or why the call was refused. */
  code: TransitionCode | IgnoredReason | PlanToolCode;
}

/**
 * Carries out a call of one of the plan tools (`enter_plan_mode`, `exit_plan_mode`,
 * `update_plan`) on the session, for the run loop and every host adapter alike. Never throws
 * on the model's input: invalid calls become error results the model can act on.
 */
export function handlePlanToolCall(
  state: SessionState,
  call: { name: string; input: unknown },
  context: {
    now: number;
    approvalId?: string;
    /** A fresh id for a question ask_user may put to the user (like `approvalId`). */
    questionId?: string;
    options?: PlanfirstOptions | ResolvedOptions;
  },
): PlanToolOutcome {
  // Own fields only: with default options, a polluted Object.prototype.options or .approvalId
  // must neither throw nor stand in for what the host did not pass.
  const ctx = typeof context === 'object' && context !== null ? context : ({} as typeof context);
  const options = ensureResolved(
    ownValue(ctx, 'options') as PlanfirstOptions | ResolvedOptions | undefined,
  );
  const now = ownValue(ctx, 'now') as number;
  const approvalId = ownValue(ctx, 'approvalId') as string | undefined;
  const error = (code: IgnoredReason | PlanToolCode, content: string): PlanToolOutcome => ({
    state,
    code,
    result: { content, isError: true },
  });
  switch (call.name) {
    case PlanToolNames.enter: {
      if (!options.planMode.allowModelEnter)
        return error(PlanToolCodes.notAllowed, 'enter_plan_mode is not available in this session.');
      const input = call.input;
      const reason =
        typeof input === 'object' && input !== null ? ownValue(input, 'reason') : undefined;
      const r = enterPlanMode(state, {
        now,
        ...(typeof reason === 'string' ? { reason } : {}),
      });
      if (!r.applied) return error(r.reason, `Not switched: ${r.message}.`);
      return {
        state: r.state,
        code: r.code,
        result: {
          content:
            'Plan mode is on. Investigate with read-only tools only, then call exit_plan_mode with your plan and wait for the user to approve it.',
          isError: false,
        },
      };
    }
    case PlanToolNames.askUser:
      return handleAskUser(state, call.input, context, options);
    case PlanToolNames.status:
      return {
        state,
        code: PlanToolCodes.status,
        result: { content: renderPlanModeStatus(state), isError: false },
      };
    case PlanToolNames.exit: {
      if (state.planMode.subagent !== undefined && state.planMode.mode === 'plan') {
        // A gated subagent cannot leave plan mode; its plan goes back to the parent.
        const r = returnSubagentPlan(state, call.input, { now: context.now });
        if (!r.applied) return error(r.reason, r.message);
        return {
          state: r.state,
          code: IgnoredReasons.subagentCannotExit,
          result: { content: subagentExitMessage, isError: true },
        };
      }
      if (pendingQuestion(state) !== undefined)
        return error(
          IgnoredReasons.questionPending,
          'Your questions are still waiting for the user; wait for their answer before submitting a plan.',
        );
      const r = requestApproval(state, {
        plan: call.input,
        now,
        ...(approvalId === undefined ? {} : { approvalId }),
      });
      if (!r.applied) return error(r.reason, r.message);
      return {
        state: r.state,
        code: r.code,
        approval: {
          approvalId: r.approvalId,
          plan: r.plan,
          repeated: r.code === TransitionCodes.approvalRepeated,
        },
        result: {
          content: `Your plan was submitted for approval (approval id ${r.approvalId}). Stop here: do not execute any step until the user's decision arrives.`,
          isError: false,
        },
      };
    }
    case PlanToolNames.update: {
      const r = updatePlan(state, call.input, { now });
      if (!r.applied) return error(r.reason, r.message);
      return {
        state: r.state,
        code: r.code,
        result: {
          content: `Plan updated.\n${renderPlan(r.plan, { format: 'text' })}`,
          isError: false,
        },
      };
    }
    default:
      return error(
        PlanToolCodes.notAPlanTool,
        `${showName(String(call.name))} is not a plan tool.`,
      );
  }
}

function handleAskUser(
  state: SessionState,
  input: unknown,
  context: { now: number; questionId?: string },
  options: ResolvedOptions,
): PlanToolOutcome {
  if (isNormalMode(state.planMode) && !options.planMode.askUserOutsidePlanMode)
    return {
      state,
      code: PlanToolCodes.notAllowed,
      result: {
        content: 'ask_user is not available outside plan mode in this session.',
        isError: true,
      },
    };
  const r = askUser(state, {
    input,
    now: context.now,
    ...(context.questionId === undefined ? {} : { questionId: context.questionId }),
  });
  if (!r.applied) return { state, code: r.reason, result: { content: r.message, isError: true } };
  return {
    state: r.state,
    code: r.code,
    question: { questionId: r.questionId, questions: r.questions, repeated: r.repeated },
    result: {
      content: `Your questions were sent to the user (question id ${r.questionId}). Stop here: the run waits for their answer, which will come to you as a message.`,
      isError: false,
    },
  };
}

/**
 * The system text for a model call while plan mode is on: what plan mode allows and how to
 * leave it. Hosts add it to their own system prompt; the run loop does so itself.
 */
export function planModeSystemPrompt(state: SessionState): string | undefined {
  const pm = state.planMode;
  if (isExecutionHeld(pm))
    return 'The user approved your plan but asked you not to start yet. Do not execute any step: tools that change files, run programs or reach the network are blocked until the user tells you to begin. You may answer questions and use read-only tools.';
  if (isNormalMode(pm)) return undefined;
  if (pm.subagent !== undefined)
    return 'You are a subagent, started while your parent agent was in plan mode, and you stay in plan mode until you finish. You may only read and investigate: tools that change files, run programs or reach the network are blocked, and so are shell commands that are not provably read-only. When you are done, answer with your findings; if you were asked for a plan, submit it with exit_plan_mode and it goes back to the parent agent (you cannot ask the user to approve it).';
  const pending =
    pm.approval === 'pending'
      ? " Your plan is waiting for the user's decision: do not call exit_plan_mode again unless you change the plan."
      : '';
  return `Plan mode is on. You may only read and investigate: tools that change files, run programs or reach the network are blocked, and so are shell commands that are not provably read-only. When you understand the task, call exit_plan_mode with a concrete plan (title, ordered steps, and optionally summary, assumptions, risks, verification). The user approves, edits or rejects it; only an approval ends plan mode.${pending}`;
}
