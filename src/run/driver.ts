import type { AssistantMessage, Message, ToolCallBlock } from '../messages.js';
import { ensureResolved, type PlanfirstOptions, type ResolvedOptions } from '../options.js';
import { newApprovalId } from '../plan-mode/approval-id.js';
import type { ApprovalDecision } from '../plan-mode/decision.js';
import type { Plan } from '../plan-mode/state.js';
import type { SessionState } from '../session.js';
import type { RunEvent } from './events.js';
import { step } from './step.js';
import type { ModelRequest, RunStatus, StepInput, ToolDefinition, ToolResult } from './types.js';

/** The host's model client: one call, in the neutral format. */
export type ModelClient = (
  request: ModelRequest,
  context: { signal: AbortSignal },
) => Promise<AssistantMessage>;

/** What a tool execution returns: text for the model, or `{ content, isError }`. */
export type ToolOutput = string | { content: string; isError?: boolean };

export interface ToolExecutor {
  /** The tools to offer the model (definitions only). */
  definitions: readonly ToolDefinition[];
  /** Executes one call the gate allowed. A throw becomes an error result the model sees. */
  execute(call: ToolCallBlock, context: { signal: AbortSignal }): Promise<ToolOutput>;
}

/** Asked when the model submits a plan; answered by the user in your UI. */
export type ApprovalHandler = (
  request: { approvalId: string; plan: Plan },
  context: { signal: AbortSignal },
) => Promise<ApprovalDecision>;

export interface RunAgentConfig {
  model: ModelClient;
  tools: ToolExecutor;
  /** Without it, a run that reaches an approval returns `awaiting_approval`. */
  approvals?: ApprovalHandler;
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

/** A new user message, a decision on a parked plan, or "carry on after the error". */
export type RunInput = { message: string } | { decision: ApprovalDecision } | { resume: true };

export interface RunResult {
  status: RunStatus;
  session: SessionState;
  /** Messages this call added to the session (a resumed or decided run: only the new ones). */
  messages: Message[];
  events: RunEvent[];
  /** For the user: the final answer, or why the run stopped. */
  text?: string;
  reason?: string;
  /** For `awaiting_approval`: the plan waiting for a decision. */
  approval?: { approvalId: string; plan: Plan };
}

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
  const options = ensureResolved(config.options);
  const signal = config.signal ?? new AbortController().signal;
  const now = config.now ?? Date.now;
  const newId = config.newId ?? newApprovalId;
  const context = {
    options,
    tools: config.tools.definitions,
    ...(config.modelId === undefined ? {} : { model: config.modelId }),
  };
  const events: RunEvent[] = [];
  const emit = (list: readonly RunEvent[]) => {
    for (const e of list) {
      events.push(e);
      config.onEvent?.(e);
    }
  };

  let next: StepInput =
    'message' in input
      ? { type: 'user_message', content: input.message, now: now() }
      : 'decision' in input
        ? { type: 'approval_decision', decision: input.decision, now: now() }
        : { type: 'resume', now: now() };
  let current = session;
  // What this call added: a run resumed after an error or a decision on a parked plan must not
  // report the messages an earlier call already returned.
  const added = () => current.messages.slice(session.messages.length);
  for (;;) {
    if (signal.aborted && next.type !== 'abort') next = { type: 'abort', now: now() };
    const out = step(current, next, context);
    current = out.session;
    emit(out.events);
    const effect = out.effect;
    switch (effect.type) {
      case 'finish':
        return {
          status: effect.outcome.status,
          session: current,
          messages: added(),
          events,
          ...(effect.outcome.text === undefined ? {} : { text: effect.outcome.text }),
          ...(effect.outcome.reason === undefined ? {} : { reason: effect.outcome.reason }),
          ...(effect.outcome.status === 'awaiting_approval' ? pendingApproval(current) : {}),
        };
      case 'call_model':
        next = await callModel(config.model, effect.request, signal, now, newId);
        break;
      case 'execute_tools':
        next = {
          type: 'tool_results',
          results: await executeTools(
            config.tools,
            effect.calls,
            signal,
            options.run.parallelToolCalls,
          ),
          now: now(),
        };
        break;
      case 'request_approval': {
        const request = { approvalId: effect.approvalId, plan: effect.plan };
        if (config.approvals === undefined) {
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
        const decision = await awaitDecision(config.approvals, request, effect.timeoutMs, signal);
        next = signal.aborted
          ? { type: 'abort', now: now() }
          : { type: 'approval_decision', decision, now: now() };
        break;
      }
    }
  }
}

/** The plan still waiting for a decision, for a run that ends `awaiting_approval`. */
function pendingApproval(session: SessionState): Pick<RunResult, 'approval'> {
  const { approval, approvalId, plan } = session.planMode;
  return approval === 'pending' && approvalId !== undefined && plan !== undefined
    ? { approval: { approvalId, plan } }
    : {};
}

async function callModel(
  model: ModelClient,
  request: ModelRequest,
  signal: AbortSignal,
  now: () => number,
  newId: () => string,
): Promise<StepInput> {
  try {
    const message = await model(request, { signal });
    if (signal.aborted) return { type: 'abort', now: now() };
    return { type: 'model_response', message, now: now(), approvalId: newId() };
  } catch (error) {
    if (signal.aborted) return { type: 'abort', now: now() };
    return { type: 'model_error', error: describeError(error), now: now() };
  }
}

async function executeTools(
  tools: ToolExecutor,
  calls: readonly ToolCallBlock[],
  signal: AbortSignal,
  parallel: boolean,
): Promise<ToolResult[]> {
  const run = async (call: ToolCallBlock): Promise<ToolResult> => {
    if (signal.aborted)
      return { toolCallId: call.id, content: 'Aborted before this tool ran.', isError: true };
    try {
      const output = await tools.execute(call, { signal });
      return typeof output === 'string'
        ? { toolCallId: call.id, content: output, isError: false }
        : {
            toolCallId: call.id,
            content: String(output.content),
            isError: output.isError === true,
          };
    } catch (error) {
      return {
        toolCallId: call.id,
        content: `The tool failed: ${describeError(error)}`,
        isError: true,
      };
    }
  };
  if (parallel) return Promise.all(calls.map(run));
  const results: ToolResult[] = [];
  for (const call of calls) results.push(await run(call));
  return results;
}

/** The handler's decision, or a timeout decision after `timeoutMs` (a late answer is stale). */
async function awaitDecision(
  handler: ApprovalHandler,
  request: { approvalId: string; plan: Plan },
  timeoutMs: number,
  signal: AbortSignal,
): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<ApprovalDecision>((resolve) => {
    timer = setTimeout(
      () => resolve({ action: 'timeout', approvalId: request.approvalId }),
      timeoutMs,
    );
  });
  const aborted = new Promise<ApprovalDecision>((resolve) => {
    signal.addEventListener(
      'abort',
      () => resolve({ action: 'timeout', approvalId: request.approvalId }),
      { once: true },
    );
  });
  try {
    return await Promise.race([handler(request, { signal }), timeout, aborted]);
  } catch (error) {
    return { action: 'invalid', approvalId: request.approvalId, error: describeError(error) };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : 'unknown error';
}
