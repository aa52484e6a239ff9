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
  isPlanToolName,
  type Message,
  type RetryInstruction,
  resetRunBudgets,
  takeDecisionMessage,
} from '../../internal.js';
import { bindPlanApproval, type PlanApproval } from './approval.js';
import type { AdapterContext } from './context.js';
import { blockedCallIds } from './gate.js';
import { callName, toNeutralMessages, userItem } from './messages.js';
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
  result: RunResult<TContext, TAgent>;
  retries: RetryInstruction[];
} & (
  | { status: 'completed' }
  /** Paused on exit_plan_mode: show `approval.plan`, then `decide` and run `result.state` again. */
  | { status: 'awaiting_approval'; approval: PlanApproval }
  /** Paused on your own tools' approvals (`result.interruptions`): resolve them, run the state again. */
  | { status: 'interrupted' }
  /** The model kept stalling past its retry budget: `message` is for the user. */
  | { status: 'blocked'; message: string }
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

function capped<TContext, TAgent extends AnyAgent>(
  result: RunResult<TContext, TAgent>,
  retries: RetryInstruction[],
  limit: number,
): PlanfirstRunOutcome<TContext, TAgent> {
  const message = `The agent stopped: the run reached its limit of ${limit} model calls (run.maxModelCalls).`;
  return { status: 'blocked', message, result, retries };
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
    history = input.history;
  } else {
    let session = resetRunBudgets(ctx.store.get());
    const owed = takeDecisionMessage(session, ctx.options);
    session = owed.state;
    ctx.store.set(session);
    const items = typeof input === 'string' ? [userItem(input)] : input;
    history = items;
    next = owed.message ? [userItem(owed.message.text), ...items] : input;
  }
  const model = options.model ?? (typeof agent.model === 'string' ? agent.model : undefined);
  const context: TurnContext = {
    ...promptContext(toNeutralMessages(history)),
    ...(options.userPrompt === undefined ? {} : { userPrompt: options.userPrompt }),
    ...(model === undefined || model === '' ? {} : { model }),
  };
  let currentOptions = runOptions;
  const retries: RetryInstruction[] = [];

  // Every SDK run makes at least one model call, so `run.maxModelCalls` bounds the loop.
  const { maxModelCalls } = ctx.options.run;
  for (let runs = 1; ; runs++) {
    const before = isResumed(next) ? next.history.length : 0;
    const result = runner
      ? await runner.run(agent, next, currentOptions)
      : await sdkRun(agent, next, currentOptions);
    const segment = isResumed(next) ? result.history.slice(before) : result.output;
    const messages = toNeutralMessages(segment, blockedCallIds(result.toolInputGuardrailResults));
    const paused = result.interruptions.length > 0;
    const end = resolveRunEnd(ctx, messages, !paused, context);

    if (paused) {
      const approval = bindPlanApproval(ctx, result.state);
      if (approval) return { status: 'awaiting_approval', approval, result, retries };
      const hostItems = result.interruptions.filter(
        (item) =>
          !(item.rawItem.type === 'function_call' && isPlanToolName(callName(item.rawItem))),
      );
      if (hostItems.length > 0) return { status: 'interrupted', result, retries };
      if (runs >= maxModelCalls) return capped(result, retries, maxModelCalls);
      // Only exit_plan_mode calls planfirst refused (and answered): let the model read why.
      next = result.state;
      continue;
    }
    if (end === undefined || end.outcome === 'continue')
      return { status: 'completed', result, retries };
    if (end.outcome === 'blocked')
      return { status: 'blocked', message: end.message ?? '', result, retries };
    if (end.instruction === undefined) return { status: 'completed', result, retries };
    if (runs >= maxModelCalls) return capped(result, retries, maxModelCalls);

    retries.push(end.instruction);
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
