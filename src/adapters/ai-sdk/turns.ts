import type { ModelMessage, SystemModelMessage } from 'ai';
import {
  ackFastPathInstruction,
  isPlanBookkeeping,
  type Plan,
  pendingQuestion,
  planModeSystemPrompt,
  type Question,
  type RetryInstruction,
  resetRunBudgets,
  resolveIncompleteTurn,
  summarizeTurn,
} from '../../index.js';
import type { AdapterContext } from './context.js';
import {
  hasToolFailure,
  MARK,
  markOf,
  promptContext,
  type StepView,
  toAssistantMessage,
} from './messages.js';

/** What the host does after `generateText` / `streamText` returns. */
export type PlanfirstStatus =
  /** Nothing more for planfirst: the model acted or answered. */
  | { kind: 'done' }
  /** The plan waits for the user; answer the SDK's `tool-approval-request` part. */
  | { kind: 'awaiting_approval'; approvalId: string; plan: Plan }
  /** ask_user's questions wait for the user: show them, then `applyAnswer` and call again. */
  | { kind: 'awaiting_answer'; questionId: string; questions: Question[] }
  /** The model only narrated: call again with the same messages; `prepareStep` sends `instruction`. */
  | { kind: 'retry'; instruction: RetryInstruction }
  /** The retries are used up: show `message` to the user; the run is over. */
  | { kind: 'blocked'; message: string }
  /** The run reached `run.maxModelCalls` while the model still wanted to go on. */
  | { kind: 'budget_exhausted'; modelCalls: number };

/**
 * What `prepareStep` changes for a step. planfirst's text (plan mode, a go-ahead) is a system
 * message of its own after yours, which stays as you passed it: on AI SDK 7 in `instructions`
 * (your `system` / `instructions` first), on AI SDK 6 at the head of `messages`. A retry
 * instruction is a user message at the end of `messages`. Both are for this model call only.
 */
export interface PlanfirstStepSettings {
  messages?: ModelMessage[];
  /** AI SDK 7 only: your initial instructions, then planfirst's. */
  instructions?: SystemModelMessage[];
}

/** What planfirst reads of `prepareStep`'s options (AI SDK 6 or 7). */
export interface PrepareStepView {
  stepNumber: number;
  messages: ModelMessage[];
  /** AI SDK 7: the `system` / `instructions` passed to generateText or streamText. */
  initialInstructions?: string | SystemModelMessage | SystemModelMessage[] | undefined;
}

interface Run {
  /** Which user message started the run (see promptContext). */
  key: string | null | undefined;
  modelCalls: number;
  userPrompt: string | null;
  previousAssistantText: string | null;
  /** The go-ahead instruction, sent with the run's first model call. */
  ack: string | undefined;
  /** A retry instruction not yet sent. */
  pending: RetryInstruction | undefined;
  blocked: string | undefined;
  /** The last step called tools, so the SDK loop would have gone on. */
  wantedMore: boolean;
  /** A host tool failed since the last judged step: the step that ends the attempt is not retried. */
  toolFailed: boolean;
  /** Steps in a row that called only plan bookkeeping (`run.maxBookkeepingTurns` caps them). */
  bookkeepingTurns: number;
}

const freshRun = (): Run => ({
  key: undefined,
  modelCalls: 0,
  userPrompt: null,
  previousAssistantText: null,
  ack: undefined,
  pending: undefined,
  blocked: undefined,
  wantedMore: false,
  toolFailed: false,
  bookkeepingTurns: 0,
});

/**
 * The incomplete-turn side of the adapter: `onStepFinish` resolves every step (it is the one
 * hook the SDK calls after each model call, the last included), `prepareStep` sends what
 * follows (retry instruction, plan-mode system text, go-ahead), `stopWhen` ends a blocked run.
 * The run's memory (pending instruction, call count) lives here; counters live in the session.
 */
export function createTurns(
  ctx: AdapterContext,
  hooks: {
    checkAnswers: (messages: ModelMessage[]) => void;
    issue: (content: StepView['content']) => void;
  },
) {
  let run = freshRun();
  // The run loop's bound on plan bookkeeping: a step that called only update_plan /
  // enter_plan_mode is no stall (nothing retries it), yet the SDK would loop on such steps
  // until maxModelCalls; one past `run.maxBookkeepingTurns` in a row ends the run, so the
  // run stays within worstCaseModelCalls(options) as step / runAgent do.
  const bookkeepingExhausted = () => run.bookkeepingTurns > ctx.options.run.maxBookkeepingTurns;

  const status = (): PlanfirstStatus => {
    const session = ctx.store.get();
    const question = pendingQuestion(session);
    if (question !== undefined)
      return {
        kind: 'awaiting_answer',
        questionId: question.questionId,
        questions: question.questions,
      };
    const pm = session.planMode;
    if (pm.mode === 'plan' && pm.approval === 'pending' && pm.approvalId && pm.plan)
      return { kind: 'awaiting_approval', approvalId: pm.approvalId, plan: pm.plan };
    if (run.blocked !== undefined) return { kind: 'blocked', message: run.blocked };
    if (
      bookkeepingExhausted() ||
      (run.modelCalls >= ctx.options.run.maxModelCalls && (run.wantedMore || run.pending))
    )
      return { kind: 'budget_exhausted', modelCalls: run.modelCalls };
    if (run.pending !== undefined) return { kind: 'retry', instruction: run.pending };
    return { kind: 'done' };
  };

  return {
    status,

    /**
     * For `prepareStep`. A new user message starts a run (budgets reset). Adds planfirst's
     * system text (your config `system`, the plan-mode prompt, a go-ahead) as a system message
     * before the conversation and the pending retry instruction as a user message after it,
     * for this model call only: they are never added to your history, and AI SDK 7's
     * carried-over step messages are cleaned of them before the next call.
     */
    prepareStep(view: PrepareStepView): PlanfirstStepSettings | undefined {
      const { stepNumber, messages } = view;
      if (stepNumber === 0) {
        hooks.checkAnswers(messages);
        const { runKey, ...context } = promptContext(messages);
        if (runKey !== run.key) {
          ctx.store.set(resetRunBudgets(ctx.store.get()));
          run = { ...freshRun(), ...context, key: runKey };
          run.ack =
            context.userPrompt === null
              ? undefined
              : ackFastPathInstruction(ctx.store.get(), context.userPrompt, {
                  previousAssistantText: context.previousAssistantText,
                  options: ctx.options,
                });
        } else {
          run.blocked = undefined;
        }
      }
      const parts = [ctx.system, planModeSystemPrompt(ctx.store.get()), run.ack].filter(
        (s): s is string => s !== undefined && s !== '',
      );
      run.ack = undefined;
      const pending = run.pending;
      run.pending = undefined;
      const own = messages.filter((m) => markOf(m)?.injected !== true);
      const mark = { providerOptions: { [MARK]: { injected: true as const } } };
      const system: SystemModelMessage[] =
        parts.length === 0 ? [] : [{ role: 'system', content: parts.join('\n\n'), ...mark }];
      const retry: ModelMessage[] =
        pending === undefined ? [] : [{ role: 'user', content: pending.text, ...mark }];
      if ('initialInstructions' in view) {
        // AI SDK 7 carries a step's instructions and messages into the next step: always
        // restate them, so planfirst's additions last exactly one model call.
        const initial = view.initialInstructions;
        const yours: SystemModelMessage[] =
          initial === undefined
            ? []
            : typeof initial === 'string'
              ? [{ role: 'system', content: initial }]
              : Array.isArray(initial)
                ? initial
                : [initial];
        return { instructions: [...yours, ...system], messages: [...own, ...retry] };
      }
      if (system.length === 0 && retry.length === 0) return undefined;
      return { messages: [...system, ...own, ...retry] };
    },

    /**
     * For `onStepFinish`: summarises the step (the gate's read-only verdicts, a failed host
     * tool) and resolves it, so a narrated step gets its instruction before the next call.
     */
    onStepFinish(step: StepView): void {
      run.modelCalls++;
      hooks.issue(step.content);
      run.wantedMore = step.finishReason === 'tool-calls';
      const turn = summarizeTurn(toAssistantMessage(step), {
        readOnly: (call) => ctx.readOnly(call.name, call.input),
        userPrompt: run.userPrompt,
        previousAssistantText: run.previousAssistantText,
        toolError: run.toolFailed || hasToolFailure(step),
      });
      const loopContinues = turn.toolCalls.some((call) => !isPlanBookkeeping(call.name));
      const r = resolveIncompleteTurn(ctx.store.get(), turn, ctx.options, {
        model: `${step.model.provider}/${step.model.modelId}`,
        // The SDK loop answers this step's tool results next: no retry belongs here.
        loopContinues,
      });
      run.toolFailed = loopContinues && turn.toolError;
      ctx.store.set(r.state);
      run.pending = r.outcome === 'retry' ? r.instruction : undefined;
      run.blocked = r.outcome === 'blocked' ? r.message : undefined;
      const onlyBookkeeping =
        !loopContinues && turn.toolCalls.length > 0 && r.outcome !== 'retry' && !run.blocked;
      run.bookkeepingTurns = loopContinues ? 0 : run.bookkeepingTurns + (onlyBookkeeping ? 1 : 0);
      const kind = r.classification.kind;
      if (r.outcome === 'retry' && r.instruction !== undefined)
        ctx.emit({ type: 'retry_injected', instruction: r.instruction, kind });
      if (r.outcome === 'blocked') ctx.emit({ type: 'blocked', message: r.message ?? '', kind });
      if (
        (onlyBookkeeping && bookkeepingExhausted()) ||
        (run.modelCalls === ctx.options.run.maxModelCalls && (run.wantedMore || run.pending))
      )
        ctx.emit({ type: 'budget_exhausted', modelCalls: run.modelCalls });
    },

    /**
     * For `stopWhen`: stops the SDK loop when the run is blocked, waits for an answer, has used
     * `run.maxModelCalls` model calls (across the run's generateText calls) or went on from
     * more than `run.maxBookkeepingTurns` steps in a row that only kept the plan current.
     */
    stopWhen(): boolean {
      return (
        run.blocked !== undefined ||
        pendingQuestion(ctx.store.get()) !== undefined ||
        bookkeepingExhausted() ||
        run.modelCalls >= ctx.options.run.maxModelCalls
      );
    },
  };
}
