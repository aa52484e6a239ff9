import {
  type Agent,
  type AgentInputItem,
  type NonStreamRunOptions,
  type Runner,
  type RunResult,
  type RunState,
  run as sdkRun,
} from '@openai/agents';
import {
  assistantText,
  ErrorCodes,
  isPlanToolName,
  type Message,
  PlanfirstError,
  type RetryInstruction,
  resetRunBudgets,
  takeAnswerMessage,
  takeDecisionMessage,
} from '../../internal.js';
import {
  boundApprovalId,
  exitItems,
  issuePlanApprovals,
  type PlanApproval,
  pendingPlanApproval,
  sdkDecision,
  staleRunReason,
} from './approval.js';
import type { AdapterContext } from './context.js';
import { blockedCallIds } from './gate.js';
import { callName, toNeutralMessages, userItem } from './messages.js';
import {
  issueQuestions,
  type PendingQuestions,
  pendingQuestionsOf,
  staleQuestionReason,
} from './questions.js';
import { resolveRunEnd, type TurnContext } from './turn-end.js';

/**
 * The bound the SDK itself puts on agents in `RunResult` and `RunState`: every real agent is
 * an `Agent<C, O>` that no narrower bound accepts. The agent type is still inferred exactly.
 */
// biome-ignore lint/suspicious/noExplicitAny: mirrors the SDK's own `Agent<any, any>` bound.
export type AnyAgent = Agent<any, any>;

/** How `run` drives the SDK. */
export interface RunWithRetriesOptions<TContext, TAgent extends AnyAgent> {
  /** Your `Runner` (default: the SDK's shared one, as `run()` uses). */
  runner?: Runner;
  /** Passed to every `runner.run` call (context, maxTurns, session, signal …); not streaming. */
  runOptions?: NonStreamRunOptions<TContext, TAgent>;
  /** The user's request this run answers, when the input does not end with it (a resumed run). */
  userPrompt?: string;
  /** The model id for `incompleteTurn.appliesTo` (default: the agent's model name, if a string). */
  model?: string;
}

/** How a run ended, with the SDK's last result and the retry instructions planfirst sent. */
export type PlanfirstRunOutcome<TContext, TAgent extends AnyAgent> = {
  retries: RetryInstruction[];
  /** Real model calls this `run` made (every call the SDK's own loop made included). */
  modelCalls: number;
} & (
  | { status: 'completed'; result: RunResult<TContext, TAgent> }
  /** Paused on exit_plan_mode: show `approval.plan`, then `decide` and run `result.state` again. */
  | { status: 'awaiting_approval'; approval: PlanApproval; result: RunResult<TContext, TAgent> }
  /** Paused on ask_user: show `question.questions`, then `answer` and run `result.state` again. */
  | { status: 'awaiting_answer'; question: PendingQuestions; result: RunResult<TContext, TAgent> }
  /** Paused on your own tools' approvals (`result.interruptions`): resolve them, run the state again. */
  | { status: 'interrupted'; result: RunResult<TContext, TAgent> }
  /** The model kept stalling past its retry budget: `message` is for the user. */
  | { status: 'blocked'; message: string; result: RunResult<TContext, TAgent> }
  /**
   * The run reached `run.maxModelCalls` real model calls and was stopped before the next one.
   * `result` is the last SDK run that finished, undefined when the cap was reached inside the
   * first; the session keeps everything that happened.
   */
  | {
      status: 'budget_exhausted';
      message: string;
      result: RunResult<TContext, TAgent> | undefined;
    }
);

/** What a run starts from: a prompt, input items, or a paused run to resume. */
export type RunInput<TContext, TAgent extends AnyAgent> =
  | string
  | AgentInputItem[]
  | RunState<TContext, TAgent>;

function isResumed<TContext, TAgent extends AnyAgent>(
  input: RunInput<TContext, TAgent>,
): input is RunState<TContext, TAgent> {
  return typeof input === 'object' && !Array.isArray(input);
}

/** The user's prompt and the assistant text before it, read from the conversation so far. */
function promptContext(messages: readonly Message[]): TurnContext {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role !== 'user') continue;
    const before = messages
      .slice(0, i)
      .reverse()
      .find((m) => m.role === 'assistant');
    return {
      userPrompt: message.content,
      ...(before?.role === 'assistant' ? { previousAssistantText: assistantText(before) } : {}),
    };
  }
  return {};
}

// Thrown from the model-input hook to stop the SDK before a call past the cap.
class ModelCallCap extends Error {}

/**
 * Counts every model call the SDK makes (its `callModelInputFilter` runs right before each
 * one; the host's own filter still runs) and stops the SDK before a call past `limit`.
 */
function countingFilter<TContext>(
  ctx: AdapterContext,
  host: NonStreamRunOptions<TContext>['callModelInputFilter'],
  counter: { calls: number; bookkeeping: number },
): NonNullable<NonStreamRunOptions<TContext>['callModelInputFilter']> {
  const filter = async (
    args: Parameters<NonNullable<NonStreamRunOptions<TContext>['callModelInputFilter']>>[0],
  ) => {
    // A turn that called only plan bookkeeping (update_plan, enter_plan_mode) is not work: the
    // SDK would go on from such turns forever, so at most `maxBookkeepingTurns` in a row.
    const { work, bookkeeping } = ctx.turn;
    if (work > 0) counter.bookkeeping = 0;
    else if (bookkeeping > 0) counter.bookkeeping++;
    ctx.turn = { work: 0, bookkeeping: 0 };
    if (counter.calls >= ctx.options.run.maxModelCalls) throw new ModelCallCap();
    if (counter.bookkeeping > ctx.options.run.maxBookkeepingTurns) throw new ModelCallCap();
    counter.calls++;
    return host ? host(args) : args.modelData;
  };
  return Object.assign(
    filter,
    host?.preserveInputIdentity === undefined
      ? {}
      : { preserveInputIdentity: host.preserveInputIdentity },
  );
}

// A resumed run goes on only if it carries the decision recorded for its plan, delivered to no
// other run yet; the decision is then marked delivered, so a second resume is refused.
function claimResumedRun(ctx: AdapterContext, state: RunState<unknown, AnyAgent>): void {
  const session = ctx.store.get();
  const reason = staleQuestionReason(session, state) ?? staleRunReason(session, state);
  if (reason !== undefined)
    throw new PlanfirstError(ErrorCodes.staleRun, `planfirst: ${reason} (stale_run).`);
  const pm = session.planMode;
  const carriesDecision = exitItems(state).some(
    ({ call }) =>
      sdkDecision(state, call) !== undefined && boundApprovalId(pm, call) === pm.approvalId,
  );
  if (carriesDecision) ctx.store.set(takeDecisionMessage(session, ctx.options).state);
}

/**
 * Runs the agent with planfirst's turn-end handling around the SDK loop: a new user input
 * resets the run budgets (and carries a decision message still owed to the model); a run that
 * ends on a turn without tool calls is judged by `resolveIncompleteTurn` and, on `retry`,
 * continued with the instruction as a user message, up to the limits; a pause on
 * exit_plan_mode is bound to planfirst's approval id and returned for the host to decide.
 */
export async function runWithRetries<TContext, TAgent extends AnyAgent>(
  ctx: AdapterContext,
  agent: TAgent,
  input: RunInput<TContext, TAgent>,
  options: RunWithRetriesOptions<TContext, TAgent> = {},
): Promise<PlanfirstRunOutcome<TContext, TAgent>> {
  const { runner, runOptions = {} } = options;
  let next: RunInput<TContext, TAgent> = input;
  let history: readonly AgentInputItem[];
  if (isResumed(input)) {
    claimResumedRun(ctx, input as RunState<unknown, AnyAgent>);
    history = input.history;
  } else {
    let session = resetRunBudgets(ctx.store.get());
    const owed = takeDecisionMessage(session, ctx.options);
    // An answer applied while no run was paused on its call (a sweep, another process) is told now.
    const told = takeAnswerMessage(owed.state);
    session = told.state;
    ctx.store.set(session);
    const items = typeof input === 'string' ? [userItem(input)] : input;
    history = items;
    const first = [owed.message?.text, told.text].flatMap((t) =>
      t === undefined ? [] : [userItem(t)],
    );
    next = first.length > 0 ? [...first, ...items] : input;
  }
  const model = options.model ?? (typeof agent.model === 'string' ? agent.model : undefined);
  const context: TurnContext = {
    ...promptContext(toNeutralMessages(history)),
    ...(options.userPrompt === undefined ? {} : { userPrompt: options.userPrompt }),
    ...(model === undefined || model === '' ? {} : { model }),
  };
  const { maxModelCalls } = ctx.options.run;
  const counter = { calls: 0, bookkeeping: 0 };
  ctx.turn = { work: 0, bookkeeping: 0 };
  let currentOptions: NonStreamRunOptions<TContext, TAgent> = {
    ...runOptions,
    callModelInputFilter: countingFilter(ctx, runOptions.callModelInputFilter, counter),
  };
  const retries: RetryInstruction[] = [];
  let last: RunResult<TContext, TAgent> | undefined;
  const exhausted = (): PlanfirstRunOutcome<TContext, TAgent> => {
    ctx.emit({ type: 'budget_exhausted', modelCalls: counter.calls });
    return {
      status: 'budget_exhausted',
      message:
        counter.calls >= maxModelCalls
          ? `The agent stopped: the run reached its limit of ${maxModelCalls} model calls (run.maxModelCalls).`
          : `The agent stopped: it only updated its plan for ${counter.bookkeeping} turns in a row without doing anything else.`,
      result: last,
      retries,
      modelCalls: counter.calls,
    };
  };

  for (;;) {
    const before = isResumed(next) ? next.history.length : 0;
    let result: RunResult<TContext, TAgent>;
    try {
      result = runner
        ? await runner.run(agent, next, currentOptions)
        : await sdkRun(agent, next, currentOptions);
    } catch (error) {
      if (error instanceof ModelCallCap) return exhausted();
      throw error;
    }
    last = result;
    const done = { result, retries, modelCalls: counter.calls };
    const segment = isResumed(next) ? result.history.slice(before) : result.output;
    const messages = toNeutralMessages(segment, blockedCallIds(result.toolInputGuardrailResults));
    const paused = result.interruptions.length > 0;
    const end = resolveRunEnd(ctx, messages, !paused, context);

    if (paused) {
      issuePlanApprovals(ctx, result.state);
      issueQuestions(ctx, result.state);
      const question = pendingQuestionsOf(ctx.store.get(), result.state);
      if (question) return { status: 'awaiting_answer', question, ...done };
      const approval = pendingPlanApproval(ctx.store.get(), result.state);
      if (approval) return { status: 'awaiting_approval', approval, ...done };
      const hostItems = result.interruptions.filter(
        (item) =>
          !(item.rawItem.type === 'function_call' && isPlanToolName(callName(item.rawItem))),
      );
      if (hostItems.length > 0) return { status: 'interrupted', ...done };
      if (counter.calls >= maxModelCalls) return exhausted();
      // Only exit_plan_mode calls planfirst refused (and answered): let the model read why.
      next = result.state;
      continue;
    }
    if (end === undefined || end.outcome === 'continue') return { status: 'completed', ...done };
    if (end.outcome === 'blocked') {
      const message = end.message ?? '';
      ctx.emit({ type: 'blocked', message, kind: end.classification.kind });
      return { status: 'blocked', message, ...done };
    }
    if (end.instruction === undefined) return { status: 'completed', ...done };
    if (counter.calls >= maxModelCalls) return exhausted();

    retries.push(end.instruction);
    ctx.emit({
      type: 'retry_injected',
      instruction: end.instruction,
      kind: end.classification.kind,
    });
    const instruction = userItem(end.instruction.text);
    // Server-side conversations and SDK sessions already hold the history: send only the new item.
    if (currentOptions.session || currentOptions.conversationId) {
      next = [instruction];
    } else if (currentOptions.previousResponseId !== undefined) {
      next = [instruction];
      currentOptions = { ...currentOptions, previousResponseId: result.lastResponseId ?? '' };
    } else {
      next = [...result.history, instruction];
    }
  }
}
