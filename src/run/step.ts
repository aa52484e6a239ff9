import { PlanfirstError } from '../errors.js';
import { isExecutionAck } from '../incomplete-turn/execution-ack.js';
import { ackFastPathInstruction } from '../incomplete-turn/fast-path.js';
import { resetRunBudgets } from '../incomplete-turn/resolve.js';
import { type AssistantMessage, assistantText } from '../messages.js';
import { ensureResolved } from '../options.js';
import { resolveApproval } from '../plan-mode/approval.js';
import { takeDecisionMessage } from '../plan-mode/messages.js';
import { isExecutionHeld } from '../plan-mode/state.js';
import type { SessionState } from '../session.js';
import { continueAfterDecision, injectDecision, onApprovalDecision } from './approval-step.js';
import { askEffectFor } from './ask-effect.js';
import { RunReasons } from './codes.js';
import { appendMessages, callModel, finish, result, type StepScope, withRun } from './context.js';
import { describeError } from './execute.js';
import { continueAfterAnswer, injectAnswer, onAnswer } from './question-step.js';
import {
  closeOpenTurn,
  handOut,
  modelFailed,
  onModelResponse,
  onToolResults,
  recordResults,
} from './turn.js';
import type { StepContext, StepInput, StepResult, ToolResult } from './types.js';

/** The result of a tool call an abort stopped before it completed (or before it started). */
export const abortedCallResult = 'Aborted before this tool ran to completion.';

/**
 * The run loop as one pure function: given the session and the outcome of the last
 * effect (or a new user message, or a decision), returns the new session and the next effect.
 * No clock, ids or I/O inside — `now` and approval ids come with the input.
 */
export function step(
  session: SessionState,
  input: StepInput,
  context: StepContext = {},
): StepResult {
  try {
    return stepOnce(session, input, context);
  } catch (error) {
    // Typed errors (invalid options) are the caller's to handle; anything else means a value
    // the host passed could not be read (a revoked Proxy, a getter that throws). The session
    // comes back exactly as it was given.
    if (error instanceof PlanfirstError) throw error;
    const reason = RunReasons.unreadableInput;
    return {
      session,
      effect: {
        type: 'finish',
        outcome: {
          status: 'error',
          reason,
          text: `a value passed to step could not be read: ${describeError(error)}`,
        },
      },
      events: [{ type: 'run_finished', status: 'error', reason }],
    };
  }
}

function stepOnce(session: SessionState, given: StepInput, context: StepContext): StepResult {
  // The input's own fields only: an absent optional field (approvalId, deadline) never comes
  // from a polluted prototype.
  const input = ownFields(given);
  const problem = invalidInput(input);
  // The context's own fields too: a polluted Object.prototype.options must not become the
  // options of a call that passed none.
  const own = ownFields(context);
  const scope: StepScope = {
    options: ensureResolved(own.options),
    tools: own.tools ?? [],
    model: own.modelId ?? own.model,
    now: problem === undefined ? input.now : 0,
    events: [],
  };
  if (problem !== undefined)
    return finish(
      session,
      { status: 'error', reason: RunReasons.invalidInput, text: problem },
      scope,
    );
  switch (input.type) {
    case 'user_message':
      return onUserMessage(session, userText(input), scope);
    case 'model_response':
      if (session.run.phase !== 'model') return unexpected(session, input.type, scope);
      return onModelResponse(session, input.message, input.approvalId, scope, input.questionId);
    case 'model_error':
      if (session.run.phase !== 'model') return unexpected(session, input.type, scope);
      return modelFailed(session, input.error, scope);
    case 'tool_results':
      if (session.run.phase !== 'tools') return unexpected(session, input.type, scope);
      return onToolResults(session, input.results, scope);
    case 'approval_decision':
      return onApprovalDecision(session, input.decision, input.deadline, scope);
    case 'answer':
      return onAnswer(session, input.answer, input.deadline, scope);
    case 'abort':
      return onAbort(session, input.results, scope);
    case 'resume':
      return onResume(session, scope);
  }
}

function ownFields<T>(input: T): T {
  const value: unknown = input;
  if (typeof value !== 'object' || value === null) return input;
  return Object.assign(Object.create(null) as object, value) as T;
}

const inputTypes: ReadonlySet<unknown> = new Set([
  'user_message',
  'model_response',
  'model_error',
  'tool_results',
  'approval_decision',
  'answer',
  'abort',
  'resume',
]);

// Step inputs come from the host's code, possibly plain JavaScript: a malformed one ends the
// run with an error result instead of a TypeError out of step().
function invalidInput(input: StepInput): string | undefined {
  const value: unknown = input;
  if (typeof value !== 'object' || value === null) return 'the step input must be an object';
  const { type, now } = value as { type?: unknown; now?: unknown };
  if (!inputTypes.has(type))
    return `unknown step input type ${JSON.stringify(type) ?? 'undefined'}`;
  if (typeof now !== 'number' || !Number.isFinite(now))
    return `${String(type)}: now must be a finite number (milliseconds)`;
  if (type === 'user_message' && typeof userText(value as StepInput) !== 'string')
    return 'user_message: message must be a string';
  const { deadline } = value as { deadline?: unknown };
  if (
    (type === 'approval_decision' || type === 'answer') &&
    deadline !== undefined &&
    !(typeof deadline === 'number' && Number.isSafeInteger(deadline) && deadline >= 0)
  )
    return `${String(type)}: deadline must be a non-negative integer (ms) when given`;
  if (type === 'model_error' && typeof (value as { error?: unknown }).error !== 'string')
    return 'model_error: error must be a string';
  const { results } = value as { results?: unknown };
  if (type === 'abort' && results !== undefined && !Array.isArray(results))
    return 'abort: results must be an array when given';
  const { approvalId } = value as { approvalId?: unknown };
  if (type === 'model_response' && approvalId !== undefined && typeof approvalId !== 'string')
    return 'model_response: approvalId must be a string';
  const { questionId } = value as { questionId?: unknown };
  if (type === 'model_response' && questionId !== undefined && typeof questionId !== 'string')
    return 'model_response: questionId must be a string';
  return undefined;
}

/** The text of a user_message input: `message`, or the deprecated `content`. */
function userText(input: StepInput): string {
  const { message, content } = input as { message?: unknown; content?: unknown };
  return (typeof message === 'string' ? message : content) as string;
}

/** A user message starts a new run; whatever the last run left open is closed first. */
function onUserMessage(session: SessionState, content: string, scope: StepScope): StepResult {
  let s = closeOpenTurn(session, 'Not executed: a new user message started another run.', scope);
  s = resetRunBudgets(s);
  const previous = lastAssistantText(s);
  s = withRun(s, {
    phase: 'idle',
    startIndex: s.messages.length,
    modelCalls: 0,
    userPrompt: content,
    previousAssistantText: previous,
    nextSystem: [],
    toolFailed: false,
    bookkeepingTurns: 0,
  });
  scope.events.push({ type: 'run_started', trigger: 'user_message' });
  s = injectDecision(s, scope);
  s = injectAnswer(s, scope);
  s = startHeldPlanOnGoAhead(s, content, previous, scope);
  s = appendMessages(s, { role: 'user', content, source: 'host' });
  const ack = ackFastPathInstruction(s, content, {
    previousAssistantText: previous,
    options: scope.options,
  });
  if (ack !== undefined) {
    scope.events.push({ type: 'ack_fast_path' });
    s = withRun(s, { nextSystem: [ack] });
  }
  return callModel(s, scope);
}

/**
 * A plan approved with `then: 'stop'` starts when the user's own message is a go-ahead ("go
 * ahead", "start now"): the same transition as approving again with its id. The user's words
 * are the go, so no second decision message is added; any other message keeps the hold.
 */
function startHeldPlanOnGoAhead(
  s: SessionState,
  content: string,
  previous: string | null,
  scope: StepScope,
): SessionState {
  const pm = s.planMode;
  if (!isExecutionHeld(pm) || pm.approvalId === undefined) return s;
  const go = isExecutionAck(content, {
    previousAssistantText: previous,
    options: scope.options,
    planMode: false,
  });
  if (!go) return s;
  const r = resolveApproval(
    s,
    { action: 'approve', approvalId: pm.approvalId },
    { now: scope.now },
  );
  if (!r.applied) return s;
  scope.events.push({ type: 'approval_resolved', approvalId: pm.approvalId, code: r.code });
  return takeDecisionMessage(r.state, scope.options).state;
}

/**
 * Abort at any point. Results the driver has in hand are kept (with their `tool_executed`
 * events); the other open tool calls get an "aborted" result so the conversation stays whole.
 */
function onAbort(
  session: SessionState,
  results: readonly ToolResult[] | undefined,
  scope: StepScope,
): StepResult {
  const parked = session.run.phase === 'approval';
  const parkedOnQuestion = session.run.phase === 'question';
  const turn = session.run.turn;
  const kept =
    turn === undefined || results === undefined
      ? session
      : withRun(session, { turn: { ...turn, calls: recordResults(turn.calls, results, scope) } });
  const s = closeOpenTurn(kept, abortedCallResult, scope);
  if (parked)
    return finish(
      withRun(s, { phase: 'approval' }),
      { status: 'aborted', reason: RunReasons.abortedWhileAwaitingApproval },
      scope,
    );
  if (parkedOnQuestion)
    return finish(
      withRun(s, { phase: 'question' }),
      { status: 'aborted', reason: RunReasons.abortedWhileAwaitingAnswer },
      scope,
    );
  return finish(s, { status: 'aborted' }, scope);
}

/** Carries on where the run stopped: the failed model call, the tools, or the approval. */
function onResume(session: SessionState, scope: StepScope): StepResult {
  scope.events.push({ type: 'run_started', trigger: 'resume' });
  switch (session.run.phase) {
    case 'model':
      return callModel(session, scope);
    case 'tools':
      return handOut(session, scope);
    case 'approval': {
      const pm = session.planMode;
      if (pm.approval === 'pending' && pm.approvalId && pm.plan)
        return result(
          session,
          {
            type: 'request_approval',
            approvalId: pm.approvalId,
            plan: pm.plan,
            timeoutMs: scope.options.planMode.approvalTimeoutMs,
          },
          scope,
        );
      // Decided outside the run (resolveApproval, a sweep, exitPlanMode): carry on from there.
      return continueAfterDecision(session, scope);
    }
    case 'question':
      // Still waiting: ask again; answered or timed out outside the run: carry on from there.
      return askEffectFor(session, scope) ?? continueAfterAnswer(session, scope);
    default:
      return finish(session, { status: 'completed', reason: RunReasons.nothingToResume }, scope);
  }
}

function unexpected(session: SessionState, what: string, scope: StepScope): StepResult {
  return finish(
    session,
    {
      status: 'error',
      reason: RunReasons.unexpectedInput,
      text: `${what} arrived while the run was ${session.run.phase}`,
    },
    scope,
  );
}

function lastAssistantText(session: SessionState): string | null {
  for (let i = session.messages.length - 1; i >= 0; i--) {
    const m = session.messages[i];
    if (m?.role === 'assistant') {
      const text = assistantText(m as AssistantMessage);
      if (text.trim() !== '') return text;
    }
  }
  return null;
}
