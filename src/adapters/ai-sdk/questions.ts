import { jsonSchema, type ModelMessage, type Tool, tool } from 'ai';
import {
  type AskUserInput,
  answerQuestion,
  handlePlanToolCall,
  type IgnoredReason,
  PlanToolNames,
  pendingQuestion,
  planModeTools,
  type TransitionCode,
  takeAnswerMessage,
} from '../../internal.js';
import type { AdapterContext } from './context.js';
import { PlanfirstToolError, type ToolRefusalCode } from './errors.js';
import { MARK } from './messages.js';

// ask_user on the AI SDK: the tool puts the questions to the user (the core's askUser, under a
// fresh planfirst id) and `stopWhen` ends the SDK loop there. The host's answer goes through
// `applyAnswer`, which has the core decide it (exactly once, deadline, codes) and appends the
// answer message built from state, quoted, as a user message for the next generateText.

/** What planfirst did with one answer to the pending questions. */
export type AnswerOutcome = {
  /** The question id the answer named ('' when it named none). */
  questionId: string;
} & (
  | { applied: true; code: TransitionCode }
  | {
      applied: false;
      /**
       * The core's reason: `duplicate_decision` (this answer was already applied), `stale_id`,
       * `question_timed_out` (late: the timeout was applied instead and its message appended),
       * `already_decided`, `nothing_pending`, `invalid_answer` …
       */
      code: IgnoredReason;
      /** Why, for your UI or logs. */
      message: string;
    }
);

type JsonSchemaInput = Parameters<typeof jsonSchema>[0];

/** The `ask_user` tool and the host's `applyAnswer`. */
export function createQuestions(ctx: AdapterContext) {
  const definition = planModeTools[PlanToolNames.askUser];
  const askUserTool: Tool<AskUserInput, string> = tool<AskUserInput, string>({
    description: definition.description,
    inputSchema: jsonSchema<AskUserInput>(
      JSON.parse(JSON.stringify(definition.parameters)) as JsonSchemaInput,
    ),
    execute: (input) => {
      const outcome = handlePlanToolCall(
        ctx.store.get(),
        { name: PlanToolNames.askUser, input },
        { now: ctx.now(), options: ctx.options, questionId: ctx.newId() },
      );
      ctx.emit({
        type: 'plan_tool',
        toolName: PlanToolNames.askUser,
        code: outcome.code,
        isError: outcome.result.isError,
      });
      if (outcome.result.isError)
        throw new PlanfirstToolError(outcome.code as ToolRefusalCode, outcome.result.content);
      ctx.store.set(outcome.state);
      if (outcome.question !== undefined) ctx.emit({ type: 'question_asked', ...outcome.question });
      return outcome.result.content;
    },
  });

  return {
    askUserTool,
    /** True while questions wait for the user: the SDK loop stops there. */
    waiting: () => pendingQuestion(ctx.store.get()) !== undefined,
    apply(
      messages: readonly ModelMessage[],
      answer: unknown,
    ): { messages: ModelMessage[]; outcome: AnswerOutcome } {
      const state = ctx.store.get();
      const named =
        typeof answer === 'object' && answer !== null && Object.hasOwn(answer, 'questionId')
          ? (answer as { questionId: unknown }).questionId
          : undefined;
      const questionId = typeof named === 'string' ? named : '';
      const action =
        typeof answer === 'object' &&
        answer !== null &&
        Object.hasOwn(answer, 'action') &&
        (answer as { action: unknown }).action === 'timeout'
          ? 'timeout'
          : 'answer';
      const r = answerQuestion(state, answer, {
        now: ctx.now(),
        timeoutMs: ctx.options.planMode.questionTimeoutMs,
      });
      ctx.emit({
        type: 'answer_resolved',
        questionId,
        action,
        applied: r.applied,
        code: r.applied ? r.code : r.reason,
      });
      const out = [...messages];
      // Applied, or late (the timeout was applied instead): the model is told, once.
      if (r.applied || r.state !== state) {
        const taken = takeAnswerMessage(r.state);
        ctx.store.set(taken.state);
        if (taken.text !== undefined)
          out.push({
            role: 'user',
            content: taken.text,
            providerOptions: { [MARK]: { answer: questionId } },
          });
      }
      const outcome: AnswerOutcome = r.applied
        ? { questionId, applied: true, code: r.code }
        : { questionId, applied: false, code: r.reason, message: r.message };
      return { messages: out, outcome };
    },
  };
}
