import { performModelCall } from '../effects/model.js';
import type { AssistantMessage, Message, ToolCallBlock } from '../messages.js';
import type { PlanfirstOptions, ResolvedOptions } from '../options.js';
import { hasOwn } from '../own-data.js';
import type { ApprovalDecision } from '../plan-mode/decision.js';
import type { Question } from '../plan-mode/question-state.js';
import { pendingQuestion, type QuestionAnswer } from '../plan-mode/questions.js';
import type { Plan } from '../plan-mode/state.js';
import { gatedSubagentSession } from '../plan-mode/subagents.js';
import type { SessionState } from '../session.js';
import { RunReasons } from './codes.js';
import type { RunEvent } from './events.js';
import { describeError, runToolCall, type ToolOutput } from './execute.js';
import { readDecision, readHostConfig, readRunInput, readSession } from './host.js';
import { step } from './step.js';
import type {
  ModelRequest,
  RunOutcome,
  RunStatus,
  StepInput,
  ToolDefinition,
  ToolResult,
} from './types.js';
import { waitForAnswer } from './wait-for-answer.js';

export type { ToolOutput };

/** The host's model client: one call, in the neutral format. */
export type ModelClient = (
  request: ModelRequest,
  context: { signal: AbortSignal },
) => Promise<AssistantMessage>;

export interface ToolExecutor {
  /** The tools to offer the model (definitions only). */
  definitions: readonly ToolDefinition[];
  /** Executes one call the gate allowed. A throw becomes an error result the model sees. */
  execute(call: ToolCallBlock, context: ToolExecutionContext): Promise<ToolOutput>;
}

/** What the executor gets with each call. */
export interface ToolExecutionContext {
  signal: AbortSignal;
  /**
   * For a call of a `subagent: true` tool while the gate is closed: the subagent's own
   * session, in plan mode for as long as it runs. Run the subagent on it (with these same
   * options), and answer the call with `subagentReport(result.session, result.text)`.
   */
  subagent?: { id: string; session: SessionState };
}

/** Asked when the model submits a plan; answered by the user in your UI. */
export type ApprovalHandler = (
  request: { approvalId: string; plan: Plan },
  context: { signal: AbortSignal },
) => Promise<ApprovalDecision>;

/** Asked when the model calls ask_user; answered by the user in your UI. */
export type QuestionHandler = (
  request: { questionId: string; questions: Question[] },
  context: { signal: AbortSignal },
) => Promise<QuestionAnswerInput>;

/**
 * What a question handler returns: the replies, one per question (`questionId` may be left out:
 * it is the question asked).
 */
export type QuestionAnswerInput = Omit<QuestionAnswer, 'questionId'> & { questionId?: string };

export interface RunAgentConfig {
  model: ModelClient;
  tools: ToolExecutor;
  /** Without it, a run that reaches an approval returns `awaiting_approval`. */
  approvals?: ApprovalHandler;
  /** Without it, a run whose model asks the user (ask_user) returns `awaiting_answer`. */
  questions?: QuestionHandler;
  options?: PlanfirstOptions | ResolvedOptions;
  signal?: AbortSignal;
  /** `provider/model`, for `incompleteTurn.appliesTo`. */
  modelId?: string;
  /** Streams each event as it happens (they are also in the result). */
  onEvent?: (event: RunEvent) => void;
  /** Clock and ids, for tests and durable replays; default Date.now and crypto.randomUUID. */
  now?: () => number;
  newId?: () => string;
}

/** A new user message, a decision on a parked plan, an answer to the model's questions, or
 *  "carry on after the error". */
export type RunInput =
  | { message: string }
  | { decision: ApprovalDecision }
  | { answer: QuestionAnswer }
  | { resume: true };

interface RunResultBase {
  session: SessionState;
  /** Messages this call added to the session (a resumed or decided run: only the new ones). */
  messages: Message[];
  events: RunEvent[];
  /** For the user: the final answer, or why the run stopped. */
  text?: string;
  reason?: string;
}

/**
 * How a run ended, discriminated on `status`: only `awaiting_approval` carries `approval`, and
 * it always does (`if (result.status === 'awaiting_approval') result.approval.approvalId`).
 */
export type RunResult =
  | (RunResultBase & {
      status: 'awaiting_approval';
      /** The plan waiting for a decision. */
      approval: { approvalId: string; plan: Plan };
      question?: undefined;
    })
  | (RunResultBase & {
      status: 'awaiting_answer';
      approval?: undefined;
      /** The questions waiting for the user's answer. */
      question: { questionId: string; questions: Question[] };
    })
  | (RunResultBase & {
      status: Exclude<RunStatus, 'awaiting_approval' | 'awaiting_answer'>;
      approval?: undefined;
      question?: undefined;
    });

/**
 * Drives `step` against the host's model client, tool executor and approval handler until the
 * run finishes. It performs effects and holds no decisions: everything it reports
 * was decided by `step`, so a run can also be driven step by step (or by a durable engine).
 */
export async function runAgent(
  config: RunAgentConfig,
  session: SessionState,
  input: RunInput,
): Promise<RunResult> {
  // Everything from the host is read defensively: a bad config or session is a typed
  // rejection (RunConfigError, SessionError, OptionsError) before anything runs.
  const host = readHostConfig<ToolExecutor['execute']>(config);
  const start = readSession(session);
  const { options, signal, now, newId } = host;
  const approvals = host.raw.approvals as ApprovalHandler | undefined;
  const questions = host.raw.questions as QuestionHandler | undefined;
  const model = host.model as ModelClient;
  const context = {
    options,
    tools: host.definitions,
    ...(host.modelId === undefined ? {} : { modelId: host.modelId }),
  };
  const events: RunEvent[] = [];
  const emit = (list: readonly RunEvent[]) => {
    for (const e of list) {
      events.push(e);
      host.onEvent(e);
    }
  };

  const first = firstInput(input, now());
  if (first === undefined) {
    const text = 'the run input must be { message }, { decision }, { answer } or { resume: true }';
    emit([{ type: 'run_finished', status: 'error', reason: RunReasons.invalidInput }]);
    return {
      status: 'error',
      reason: RunReasons.invalidInput,
      text,
      session: start,
      messages: [],
      events,
    };
  }
  let next: StepInput = first;
  let current = start;
  // What this call added: a run resumed after an error or a decision on a parked plan must not
  // report the messages an earlier call already returned.
  const added = () => current.messages.slice(start.messages.length);
  for (;;) {
    if (signal.aborted && next.type !== 'abort') next = { type: 'abort', now: now() };
    const out = step(current, next, context);
    current = out.session;
    emit(out.events);
    const effect = out.effect;
    // The signal may have fired while the events were handled (from onEvent): no model,
    // executor or approvals call starts after an abort.
    if (signal.aborted && effect.type !== 'finish') {
      next = { type: 'abort', now: now() };
      continue;
    }
    switch (effect.type) {
      case 'finish':
        return toRunResult(current, effect.outcome, added(), events);
      case 'call_model':
        next = await performModelCall(model, effect.request, { signal, now, newId });
        break;
      case 'execute_tools': {
        const parent = current;
        const at = { now: now() };
        const results = await executeTools(
          host.execute,
          effect.calls,
          signal,
          options.run.parallelToolCalls,
          (call) => {
            const child = gatedSubagentSession(parent, call.id, at);
            return child === undefined ? undefined : { id: call.id, session: child };
          },
        );
        // Results in hand survive an abort; only the calls that did not complete are aborted.
        next = signal.aborted
          ? { type: 'abort', results, now: now() }
          : { type: 'tool_results', results, now: now() };
        break;
      }
      case 'request_approval': {
        const request = { approvalId: effect.approvalId, plan: effect.plan };
        if (approvals === undefined) {
          const finished: RunEvent = { type: 'run_finished', status: 'awaiting_approval' };
          emit([finished]);
          return {
            status: 'awaiting_approval',
            session: current,
            messages: added(),
            events,
            approval: request,
          };
        }
        const decision = await awaitDecision(approvals, request, effect.timeoutMs, signal);
        next = signal.aborted
          ? { type: 'abort', now: now() }
          : // The handler's value as it came: step validates it (a bad one is ignored).
            { type: 'approval_decision', decision: decision as ApprovalDecision, now: now() };
        break;
      }
      case 'ask_user': {
        const request = { questionId: effect.questionId, questions: effect.questions };
        if (questions === undefined) {
          emit([{ type: 'run_finished', status: 'awaiting_answer' }]);
          return {
            status: 'awaiting_answer',
            session: current,
            messages: added(),
            events,
            question: request,
          };
        }
        const answer = await awaitAnswer(questions, request, effect.timeoutMs, signal);
        next = signal.aborted
          ? { type: 'abort', now: now() }
          : { type: 'answer', answer: answer as QuestionAnswer, now: now() };
        break;
      }
    }
  }
}

/** The step input for the host's run input, or undefined for none of the three shapes. */
function firstInput(input: unknown, now: number): StepInput | undefined {
  const read = readRunInput(input);
  if (read === undefined) return undefined;
  if (hasOwn(read, 'message')) return { type: 'user_message', message: read.message, now };
  if (hasOwn(read, 'decision'))
    return { type: 'approval_decision', decision: read.decision as ApprovalDecision, now };
  if (hasOwn(read, 'answer')) return { type: 'answer', answer: read.answer as QuestionAnswer, now };
  return { type: 'resume', now };
}

/**
 * The result for a run that ended with `outcome`. An `awaiting_approval` outcome always names
 * the pending plan; should the session hold none (a host edited it), the run is an error.
 */
export function toRunResult(
  session: SessionState,
  outcome: RunOutcome,
  messages: Message[],
  events: RunEvent[],
): RunResult {
  const base = {
    session,
    messages,
    events,
    ...(outcome.text === undefined ? {} : { text: outcome.text }),
    ...(outcome.reason === undefined ? {} : { reason: outcome.reason }),
  };
  if (outcome.status === 'awaiting_answer') {
    const pending = pendingQuestion(session);
    if (pending !== undefined)
      return {
        ...base,
        status: 'awaiting_answer',
        question: { questionId: pending.questionId, questions: pending.questions },
      };
    return {
      ...base,
      status: 'error',
      reason: RunReasons.unexpectedInput,
      text: 'the run is parked on a question, but no question is pending',
    };
  }
  if (outcome.status !== 'awaiting_approval') return { ...base, status: outcome.status };
  const { approval, approvalId, plan } = session.planMode;
  if (approval === 'pending' && approvalId !== undefined && plan !== undefined)
    return { ...base, status: 'awaiting_approval', approval: { approvalId, plan } };
  return {
    ...base,
    status: 'error',
    reason: RunReasons.unexpectedInput,
    text: 'the run is parked on an approval, but no plan is pending',
  };
}

async function executeTools(
  execute: ToolExecutor['execute'],
  calls: readonly ToolCallBlock[],
  signal: AbortSignal,
  parallel: boolean,
  subagentOf: (call: ToolCallBlock) => ToolExecutionContext['subagent'],
): Promise<ToolResult[]> {
  const run = (call: ToolCallBlock) =>
    runToolCall(call, signal, () => {
      const subagent = subagentOf(call);
      return execute(call, subagent === undefined ? { signal } : { signal, subagent });
    });
  const results: (ToolResult | undefined)[] = [];
  if (parallel) results.push(...(await Promise.all(calls.map(run))));
  else for (const call of calls) results.push(await run(call));
  return results.filter((r): r is ToolResult => r !== undefined);
}

/**
 * The handler's answer (with the question id filled in), or a timeout after `timeoutMs`.
 */
async function awaitAnswer(
  handler: QuestionHandler,
  request: { questionId: string; questions: Question[] },
  timeoutMs: number,
  signal: AbortSignal,
): Promise<unknown> {
  const invalid = (error: unknown) => ({
    action: 'invalid',
    questionId: request.questionId,
    error: describeError(error),
  });
  const outcome = await waitForAnswer(() => handler(request, { signal }), timeoutMs, signal);
  switch (outcome.kind) {
    case 'answer': {
      const value = readDecision(outcome.value);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      return { questionId: request.questionId, ...(value as object) };
    }
    case 'failed':
      return invalid(outcome.error);
    default:
      return { action: 'timeout', questionId: request.questionId };
  }
}

/**
 * The handler's decision, or a timeout decision after `timeoutMs` (a late answer is stale).
 * The abort listener and the timer are removed when the wait ends, however it ends.
 */
async function awaitDecision(
  handler: ApprovalHandler,
  request: { approvalId: string; plan: Plan },
  timeoutMs: number,
  signal: AbortSignal,
): Promise<unknown> {
  const invalid = (error: unknown) => ({
    action: 'invalid',
    approvalId: request.approvalId,
    error: describeError(error),
  });
  const outcome = await waitForAnswer(() => handler(request, { signal }), timeoutMs, signal);
  switch (outcome.kind) {
    case 'answer':
      try {
        return readDecision(outcome.value);
      } catch (error) {
        return invalid(error);
      }
    case 'failed':
      return invalid(outcome.error);
    default:
      // Timed out or aborted: the caller sees the abort on the signal and parks the plan.
      return { action: 'timeout', approvalId: request.approvalId };
  }
}
