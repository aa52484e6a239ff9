import { copyAssistantMessage } from '../assistant-copy.js';
import { resolveIncompleteTurn } from '../incomplete-turn/resolve.js';
import { summarizeTurn } from '../incomplete-turn/turn-summary.js';
import {
  type AssistantMessage,
  assistantMessageSchema,
  assistantText,
  assistantToolCalls,
  type ToolCallBlock,
  type ToolResultMessage,
} from '../messages.js';
import { checkToolCall, isReadOnlyCall } from '../plan-mode/gate.js';
import { handlePlanToolCall } from '../plan-mode/plan-tool-call.js';
import { isPlanBookkeeping, isPlanToolName } from '../plan-mode/tool-names.js';
import type { SessionState } from '../session.js';
import { RunReasons } from './codes.js';
import { appendMessages, callModel, finish, result, type StepScope, withRun } from './context.js';
import type { TurnCall } from './state-schema.js';
import type { StepResult, ToolResult } from './types.js';

/**
 * A model response arrived: record it, then answer every tool call — plan tools and blocked
 * calls by planfirst itself, allowed calls by the host — before judging the turn.
 */
export function onModelResponse(
  session: SessionState,
  message: unknown,
  approvalId: string | undefined,
  scope: StepScope,
): StepResult {
  const parsed = readAssistantMessage(message);
  if (parsed === undefined)
    return modelFailed(session, 'the model client returned a message planfirst cannot read', scope);
  const assistant = parsed;
  let s = appendMessages(withRun(session, { phase: 'tools' }), assistant);
  const messageIndex = s.messages.length - 1;
  const toolCalls = assistantToolCalls(assistant);
  scope.events.push({
    type: 'assistant_message',
    text: assistantText(assistant),
    toolCalls: toolCalls.length,
  });

  const calls: TurnCall[] = [];
  let requested: string | undefined;
  const seen = new Set<string>();
  for (const call of toolCalls) {
    const definition = scope.tools.find((t) => t.name === call.name);
    const readOnly = isReadOnlyCall(
      {
        name: call.name,
        input: call.input,
        ...(definition?.readOnly === true ? { readOnly: true } : {}),
      },
      scope.options,
    );
    const done = (content: string, isError: boolean): TurnCall => ({
      id: call.id,
      name: call.name,
      readOnly,
      status: 'done',
      result: { content, isError },
    });
    if (seen.has(call.id)) {
      calls.push(
        done(
          `Tool call id ${call.id} was used twice in one message; use a fresh id per call.`,
          true,
        ),
      );
      continue;
    }
    seen.add(call.id);
    if (isPlanToolName(call.name)) {
      const wasPlan = s.planMode.mode === 'plan';
      const outcome = handlePlanToolCall(s, call, {
        now: scope.now,
        options: scope.options,
        ...(approvalId === undefined ? {} : { approvalId }),
      });
      s = outcome.state;
      if (outcome.approval) requested = outcome.approval.approvalId;
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
    const gate = checkToolCall(
      s,
      {
        name: call.name,
        input: call.input,
        ...(definition?.readOnly === true ? { readOnly: true } : {}),
      },
      scope.options,
    );
    if (!gate.allowed) {
      scope.events.push({
        type: 'tool_blocked',
        toolCallId: call.id,
        name: call.name,
        code: gate.code,
        message: gate.message,
      });
      calls.push(done(gate.message, true));
      continue;
    }
    if (definition === undefined) {
      calls.push(done(`There is no tool named \`${call.name}\`.`, true));
      continue;
    }
    calls.push({ id: call.id, name: call.name, readOnly, status: 'pending' });
  }

  s = withRun(s, {
    turn: { messageIndex, calls, ...(requested === undefined ? {} : { approvalId: requested }) },
  });
  const pending = toolCalls.filter((c) =>
    calls.some((t) => t.id === c.id && t.status === 'pending'),
  );
  if (pending.length > 0) return result(s, { type: 'execute_tools', calls: pending }, scope);
  return finishTurn(s, scope);
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
  // Results come from the host's code: read them defensively, never throw out of step().
  const list: readonly unknown[] = Array.isArray(results) ? results : [];
  const calls = turn.calls.map((call) => {
    const r = list.find(
      (x): x is ToolResult =>
        typeof x === 'object' && x !== null && (x as ToolResult).toolCallId === call.id,
    );
    if (call.status === 'done' || r === undefined) return call;
    const content = readContent(r);
    const isError = content === undefined || r.isError === true;
    scope.events.push({ type: 'tool_executed', toolCallId: call.id, name: call.name, isError });
    return {
      ...call,
      status: 'done' as const,
      result: { content: content ?? 'The tool result could not be read as text.', isError },
      ...(isError ? { failed: true } : {}),
    };
  });
  const s = withRun(session, { turn: { ...turn, calls } });
  const missing = pendingCalls(s);
  if (missing.length > 0) return result(s, { type: 'execute_tools', calls: missing }, scope);
  return finishTurn(s, scope);
}

/** The assistant's tool calls the host still has to execute. */
export function pendingCalls(session: SessionState): ToolCallBlock[] {
  const turn = session.run.turn;
  if (turn === undefined) return [];
  const message = session.messages[turn.messageIndex] as AssistantMessage | undefined;
  const all = message?.role === 'assistant' ? assistantToolCalls(message) : [];
  return all.filter((c) => turn.calls.some((t) => t.id === c.id && t.status === 'pending'));
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
  s = { ...s, run };

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

  const summary = summarizeTurn(assistant, {
    readOnly: assistantToolCalls(assistant).map(
      (c) => turn.calls.find((t) => t.id === c.id)?.readOnly ?? false,
    ),
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
  s = withRun(resolved.state, { toolFailed: loopContinues && summary.toolError });
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
  if (turn.calls.length > 0) return callModel(s, scope);
  return finish(s, { status: 'completed', text: assistantText(assistant) }, scope);
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

// A model client's object may be anything (a Proxy, a getter that throws): reading it must end
// in a message or in a model error, never in an exception out of step().
function readAssistantMessage(message: unknown): AssistantMessage | undefined {
  try {
    return copyAssistantMessage(message) ?? assistantMessageSchema.safeParse(message).data;
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
