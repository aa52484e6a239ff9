import { resolveIncompleteTurn } from '../incomplete-turn/resolve.js';
import { summarizeTurn } from '../incomplete-turn/turn-summary.js';
import {
  type AssistantMessage,
  assistantText,
  assistantToolCalls,
  type ToolCallBlock,
  type ToolResultMessage,
} from '../messages.js';
import {
  checkToolCall,
  type GateDecision,
  isReadOnlyCall,
  type ToolCallRequest,
} from '../plan-mode/gate.js';
import { handlePlanToolCall } from '../plan-mode/plan-tool-call.js';
import { pendingQuestion } from '../plan-mode/questions.js';
import {
  finishSubagent,
  isGateClosed,
  runningSubagents,
  startSubagent,
} from '../plan-mode/subagents.js';
import { isPlanBookkeeping, isPlanToolName } from '../plan-mode/tool-names.js';
import type { SessionState } from '../session.js';
import { askEffectFor } from './ask-effect.js';
import { RunReasons } from './codes.js';
import { appendMessages, callModel, finish, result, type StepScope, withRun } from './context.js';
import type { TurnCall } from './state-schema.js';
import { modelResponseProblem, readModelResponse, withOwnCallIds } from './tool-call-ids.js';
import type { StepResult, ToolDefinition, ToolResult } from './types.js';

/**
 * A model response arrived: record it, then answer every tool call — plan tools and blocked
 * calls by planfirst itself, allowed calls by the host — before judging the turn. Calls are
 * tracked by their position in the message; ids only label results (`withOwnCallIds`).
 */
export function onModelResponse(
  session: SessionState,
  message: unknown,
  approvalId: string | undefined,
  scope: StepScope,
  questionId?: string,
): StepResult {
  const parsed = readModelResponse(message);
  if (parsed === undefined)
    return modelFailed(
      session,
      `the model client returned a message planfirst cannot read (${modelResponseProblem(message)}); expected { role: 'assistant', content: [text | thinking | tool_call blocks], stopReason }`,
      scope,
    );
  const messageIndex = session.messages.length;
  const assistant = withOwnCallIds(parsed, messageIndex);
  let s = appendMessages(withRun(session, { phase: 'tools' }), assistant);
  const toolCalls = assistantToolCalls(assistant);
  scope.events.push({
    type: 'assistant_message',
    text: assistantText(assistant),
    toolCalls: toolCalls.length,
  });

  const definitions = new Map(scope.tools.map((t) => [t.name, t] as const));
  // Subagents this turn starts count as running before its plan tools are judged: an
  // exit_plan_mode beside a spawn waits for the subagent's result.
  for (const call of toolCalls) s = trackSubagent(s, call, definitions, scope);
  const calls: TurnCall[] = [];
  let requested: string | undefined;
  let asked: string | undefined;
  for (const call of toolCalls) {
    const request = gateRequest(call, definitions);
    const readOnly = isReadOnlyCall(request, scope.options);
    const done = (content: string, isError: boolean): TurnCall => ({
      id: call.id,
      name: call.name,
      readOnly,
      status: 'done',
      result: { content, isError },
    });
    if (isPlanToolName(call.name)) {
      const wasPlan = s.planMode.mode === 'plan';
      const outcome = handlePlanToolCall(s, call, {
        now: scope.now,
        options: scope.options,
        ...(approvalId === undefined ? {} : { approvalId }),
        ...(questionId === undefined ? {} : { questionId }),
      });
      s = outcome.state;
      if (outcome.approval) requested = outcome.approval.approvalId;
      if (outcome.question) asked = outcome.question.questionId;
      if (!wasPlan && s.planMode.mode === 'plan')
        scope.events.push({ type: 'plan_mode_entered', by: 'model' });
      scope.events.push({
        type: 'plan_tool',
        toolCallId: call.id,
        name: call.name,
        code: outcome.code,
        isError: outcome.result.isError,
      });
      calls.push(done(outcome.result.content, outcome.result.isError));
      continue;
    }
    const gate = checkToolCall(s, request, scope.options);
    if (!gate.allowed) {
      calls.push(blocked(call, readOnly, gate, scope));
      continue;
    }
    if (!definitions.has(call.name)) {
      calls.push(done(`There is no tool named \`${call.name}\`.`, true));
      continue;
    }
    calls.push({ id: call.id, name: call.name, readOnly, status: 'pending' });
  }

  s = withRun(s, {
    turn: {
      messageIndex,
      calls,
      ...(requested === undefined ? {} : { approvalId: requested }),
      ...(asked === undefined ? {} : { questionId: asked }),
    },
  });
  return handOut(s, scope);
}

/** Results from the host's executor; the turn is judged once every call is answered. */
export function onToolResults(
  session: SessionState,
  results: readonly ToolResult[],
  scope: StepScope,
): StepResult {
  const turn = session.run.turn;
  if (session.run.phase !== 'tools' || turn === undefined)
    return result(session, { type: 'execute_tools', calls: [] }, scope);
  const recorded = recordResults(turn.calls, results, scope);
  const s = releaseSubagents(
    withRun(session, { turn: { ...turn, calls: recorded } }),
    recorded,
    scope,
  );
  return handOut(s, scope);
}

/**
 * The calls of `calls` that have a result in `results` (the host's, read defensively: it is
 * the host's code and never makes step() throw) are done, with a `tool_executed` event each.
 * A result for a call that is already done, or for no call, changes nothing.
 */
export function recordResults(
  calls: readonly TurnCall[],
  results: readonly unknown[] | undefined,
  scope: StepScope,
): TurnCall[] {
  const byId = new Map<string, ToolResult>();
  const list: readonly unknown[] = Array.isArray(results) ? results : [];
  for (const x of list) {
    const id = readId(x);
    if (id !== undefined && !byId.has(id)) byId.set(id, x as ToolResult);
  }
  if (byId.size === 0) return [...calls];
  return calls.map((call) => {
    const r = byId.get(call.id);
    if (call.status === 'done' || r === undefined) return call;
    const content = readContent(r);
    const isError = content === undefined || readIsError(r);
    scope.events.push({ type: 'tool_executed', toolCallId: call.id, name: call.name, isError });
    return {
      ...call,
      status: 'done' as const,
      result: { content: content ?? 'The tool result could not be read as text.', isError },
      ...(isError ? { failed: true } : {}),
    };
  });
}

/**
 * Hands the turn's pending calls to the host, each judged again by the gate against the
 * session as it is now: the host may have turned plan mode on (or the stored plan state may be
 * corrupt) since the call was first judged. A call the gate now blocks is answered with the
 * gate's message and never handed out. With nothing left to run, the turn is judged.
 */
export function handOut(session: SessionState, scope: StepScope): StepResult {
  const turn = session.run.turn;
  if (turn === undefined) return finishTurn(session, scope);
  const message = session.messages[turn.messageIndex];
  const toolCalls = message?.role === 'assistant' ? assistantToolCalls(message) : [];
  const definitions = new Map(scope.tools.map((t) => [t.name, t] as const));
  const out: ToolCallBlock[] = [];
  let changed = false;
  const calls = turn.calls.map((c, i) => {
    if (c.status !== 'pending') return c;
    const call = toolCalls[i];
    // Calls are tracked one for one with the message (parseSession checks it); a session that
    // breaks this is refused the call rather than run something unjudged.
    if (call === undefined || call.id !== c.id) {
      changed = true;
      return {
        ...c,
        status: 'done' as const,
        result: {
          content: 'Not executed: the stored turn does not match its message.',
          isError: true,
        },
      };
    }
    const gate = checkToolCall(session, gateRequest(call, definitions), scope.options);
    if (!gate.allowed) {
      changed = true;
      return blocked(call, c.readOnly, gate, scope);
    }
    out.push(call);
    return c;
  });
  let s = changed ? withRun(session, { turn: { ...turn, calls } }) : session;
  // The gate may have closed since the turn began (a plan tool, the host): a subagent handed
  // out now runs gated too.
  for (const call of out) s = trackSubagent(s, call, definitions, scope);
  if (out.length > 0) return result(s, { type: 'execute_tools', calls: out }, scope);
  return finishTurn(s, scope);
}

function gateRequest(
  call: ToolCallBlock,
  definitions: ReadonlyMap<string, ToolDefinition>,
): ToolCallRequest {
  const definition = definitions.get(call.name);
  return {
    name: call.name,
    input: call.input,
    ...(definition?.readOnly === true ? { readOnly: true } : {}),
    ...(definition?.subagent === true ? { subagent: true } : {}),
  };
}

/**
 * A call of a subagent tool the gate lets through while it is closed becomes a running gated
 * subagent of the session (its id is the call's id), once.
 */
function trackSubagent(
  s: SessionState,
  call: ToolCallBlock,
  definitions: ReadonlyMap<string, ToolDefinition>,
  scope: StepScope,
): SessionState {
  if (definitions.get(call.name)?.subagent !== true || !isGateClosed(s.planMode)) return s;
  if (runningSubagents(s).includes(call.id)) return s;
  if (!checkToolCall(s, gateRequest(call, definitions), scope.options).allowed) return s;
  const r = startSubagent(s, { subagentId: call.id, now: scope.now });
  if (!r.applied || !r.gated) return s;
  scope.events.push({ type: 'subagent_started', toolCallId: call.id, subagentId: call.id });
  return r.state;
}

/** Subagents whose calls are answered no longer run. */
export function releaseSubagents(
  s: SessionState,
  calls: readonly { id: string; status: string }[],
  scope: { now: number; events: StepScope['events'] },
): SessionState {
  let next = s;
  for (const call of calls) {
    if (call.status !== 'done' || !runningSubagents(next).includes(call.id)) continue;
    const r = finishSubagent(next, { subagentId: call.id, now: scope.now });
    if (!r.applied) continue;
    next = r.state;
    scope.events.push({ type: 'subagent_finished', subagentId: call.id });
  }
  return next;
}

function blocked(
  call: ToolCallBlock,
  readOnly: boolean,
  gate: GateDecision,
  scope: StepScope,
): TurnCall {
  scope.events.push({
    type: 'tool_blocked',
    toolCallId: call.id,
    name: call.name,
    code: gate.code,
    message: gate.message,
  });
  return {
    id: call.id,
    name: call.name,
    readOnly,
    status: 'done',
    result: { content: gate.message, isError: true },
  };
}

/**
 * Closes the turn: tool results go into the conversation in call order, then the turn is
 * judged — an approval request parks the run, otherwise the incomplete-turn resolver decides.
 */
function finishTurn(session: SessionState, scope: StepScope): StepResult {
  const turn = session.run.turn;
  if (turn === undefined) return callModel(session, scope);
  const assistant = session.messages[turn.messageIndex] as AssistantMessage;
  const resultsMessages: ToolResultMessage[] = turn.calls.map((c) => ({
    role: 'tool',
    toolCallId: c.id,
    toolName: c.name,
    content: c.result?.content ?? '',
    isError: c.result?.isError ?? true,
  }));
  let s = appendMessages(session, ...resultsMessages);
  const { turn: _t, ...run } = s.run;
  s = releaseSubagents({ ...s, run }, turn.calls, scope);

  if (turn.approvalId !== undefined && s.planMode.approval === 'pending' && s.planMode.plan) {
    scope.events.push({
      type: 'approval_requested',
      approvalId: turn.approvalId,
      plan: s.planMode.plan,
    });
    return result(
      withRun(s, { phase: 'approval' }),
      {
        type: 'request_approval',
        approvalId: turn.approvalId,
        plan: s.planMode.plan,
        timeoutMs: scope.options.planMode.approvalTimeoutMs,
      },
      scope,
    );
  }

  const pending = pendingQuestion(s);
  if (turn.questionId !== undefined && pending?.questionId === turn.questionId) {
    scope.events.push({
      type: 'question_asked',
      questionId: pending.questionId,
      questions: pending.questions,
    });
    const parked = askEffectFor(s, scope);
    if (parked !== undefined) return parked;
  }

  const summary = summarizeTurn(assistant, {
    readOnly: assistantToolCalls(assistant).map((_c, i) => turn.calls[i]?.readOnly ?? false),
    userPrompt: s.run.userPrompt,
    previousAssistantText: s.run.previousAssistantText,
    toolError: s.run.toolFailed || turn.calls.some((c) => c.failed === true),
  });
  // A turn that called a tool (beyond plan bookkeeping) is working: the model answers the
  // results next, so no retry belongs here whatever the text says.
  const loopContinues = summary.toolCalls.some((c) => !isPlanBookkeeping(c.name));
  const resolved = resolveIncompleteTurn(s, summary, scope.options, {
    loopContinues,
    ...(scope.model === undefined ? {} : { model: scope.model }),
  });
  // A judged turn ends the attempt; a turn the loop carries on from passes its failure on.
  s = withRun(resolved.state, {
    toolFailed: loopContinues && summary.toolError,
    ...(loopContinues ? { bookkeepingTurns: 0 } : {}),
  });
  scope.events.push({
    type: 'turn_classified',
    kind: resolved.classification.kind,
    rule: resolved.classification.evidence.rule,
  });
  if (resolved.outcome === 'blocked')
    return finish(
      s,
      { status: 'blocked', reason: resolved.classification.kind, text: resolved.message ?? '' },
      scope,
    );
  if (resolved.outcome === 'retry' && resolved.instruction) {
    const instruction = resolved.instruction;
    scope.events.push(
      instruction.kind === 'auto-continue'
        ? { type: 'auto_continue', instruction }
        : { type: 'retry_injected', instruction },
    );
    s = appendMessages(s, {
      role: 'user',
      content: instruction.text,
      source: 'planfirst',
      kind: instruction.kind === 'auto-continue' ? 'auto_continue' : 'retry',
    });
    return callModel(s, scope);
  }
  if (turn.calls.length === 0)
    return finish(s, { status: 'completed', text: assistantText(assistant) }, scope);
  if (loopContinues) return callModel(s, scope);
  // Only plan bookkeeping: the model may go on working, but it cannot loop on it for ever (the
  // bound worstCaseModelCalls promises holds for every model behaviour).
  const bookkeeping = (s.run.bookkeepingTurns ?? 0) + 1;
  if (bookkeeping > scope.options.run.maxBookkeepingTurns)
    return finish(
      s,
      {
        status: 'budget_exhausted',
        reason: RunReasons.maxBookkeepingTurns,
        text: `The run stopped: the model updated its plan ${bookkeeping} turns in a row without doing any work.`,
      },
      scope,
    );
  return callModel(withRun(s, { bookkeepingTurns: bookkeeping }), scope);
}

/** Answers the tool calls of an interrupted turn so no call is left without a result. */
export function closeOpenTurn(
  session: SessionState,
  why: string,
  scope: { now: number; events: StepScope['events'] },
): SessionState {
  const turn = session.run.turn;
  if (turn === undefined) return session;
  const results: ToolResultMessage[] = turn.calls.map((c) => ({
    role: 'tool',
    toolCallId: c.id,
    toolName: c.name,
    content: c.result?.content ?? why,
    isError: c.result?.isError ?? true,
  }));
  const { turn: _t, ...run } = session.run;
  const closed = appendMessages({ ...session, run: { ...run, phase: 'idle' } }, ...results);
  return releaseSubagents(
    closed,
    turn.calls.map((c) => ({ id: c.id, status: 'done' })),
    scope,
  );
}

/** The model client failed: the run stops with an error, ready to retry the same call. */
export function modelFailed(session: SessionState, error: string, scope: StepScope): StepResult {
  scope.events.push({ type: 'model_error', error });
  return finish(
    withRun(session, { phase: 'model', error }),
    { status: 'error', reason: RunReasons.modelError, text: error },
    scope,
  );
}

function readId(x: unknown): string | undefined {
  try {
    const id = typeof x === 'object' && x !== null ? (x as ToolResult).toolCallId : undefined;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

function readContent(r: ToolResult): string | undefined {
  try {
    return typeof r.content === 'string' ? r.content : String(r.content);
  } catch {
    return undefined;
  }
}

function readIsError(r: ToolResult): boolean {
  try {
    return r.isError === true;
  } catch {
    return true;
  }
}
