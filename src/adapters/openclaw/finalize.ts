import {
  isPlanBookkeeping,
  isReadOnlyCall,
  resolveIncompleteTurn,
  type TurnSummary,
  type TurnToolCall,
} from '../../index.js';
import { loadSession, type PluginContext, saveSession } from './context.js';
import type { HostAgentContext, HostFinalizeEvent, HostFinalizeResult } from './host-types.js';
import { toHostText } from './tool-names.js';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((b) => isRecord(b) && b.type === 'text' && typeof b.text === 'string')
    .map((b) => (b as { text: string }).text)
    .join('\n');
}

const TOOL_BLOCKS = new Set(['toolCall', 'tool_use', 'toolUse', 'function_call']);

/**
 * The run's working turns, read best-effort from the host's transcript: the tool calls of
 * each assistant message after the last user message. Unknown shapes yield nothing.
 */
export function workingTurns(messages: unknown[] | undefined): { calls: string[] }[] {
  if (!Array.isArray(messages)) return [];
  let start = 0;
  messages.forEach((m, i) => {
    if (isRecord(m) && m.role === 'user') start = i + 1;
  });
  const turns: { calls: string[] }[] = [];
  for (const m of messages.slice(start)) {
    if (!isRecord(m) || m.role !== 'assistant' || !Array.isArray(m.content)) continue;
    const calls = m.content
      .filter((b) => isRecord(b) && TOOL_BLOCKS.has(String(b.type)) && typeof b.name === 'string')
      .map((b) => (b as { name: string }).name);
    if (calls.length > 0) turns.push({ calls });
  }
  return turns;
}

function lastUserText(messages: unknown[] | undefined): string | null {
  if (!Array.isArray(messages)) return null;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (isRecord(m) && m.role === 'user') return textOf(m.content);
  }
  return null;
}

function summary(text: string, toolCalls: TurnToolCall[], userPrompt: string | null): TurnSummary {
  return {
    text,
    hasThinking: false,
    toolCalls,
    stopReason: toolCalls.length > 0 ? 'tool_use' : 'stop',
    aborted: false,
    timedOut: false,
    toolError: false,
    sideEffects: false,
    userPrompt,
    previousAssistantText: null,
  };
}

/**
 * `before_agent_finalize`: the natural final answer of a run is judged by planfirst's
 * incomplete-turn resolver; a planning-only ending is sent back once per retry with the
 * escalating instruction. The idempotency key names the run, the kind and the retry number,
 * so the host counts each escalation once. Never while a plan waits for the user.
 */
export function createFinalizeHook(
  ctx: PluginContext,
): (event: HostFinalizeEvent, hctx: HostAgentContext) => HostFinalizeResult | undefined {
  return (event, hctx) => {
    const identity = {
      agentId: hctx.agentId,
      sessionKey: hctx.sessionKey ?? event.sessionKey,
      sessionId: hctx.sessionId ?? event.sessionId,
    };
    const loaded = loadSession(ctx, identity);
    if (!loaded.readable || loaded.session.planMode.approval === 'pending') return undefined;
    const runId = event.runId ?? hctx.runId ?? 'run';
    const prompt = ctx.runs.get(runId) ?? lastUserText(event.messages);
    const provider = event.provider ?? hctx.modelProviderId;
    const modelId = event.model ?? hctx.modelId;
    const model = provider && modelId ? `${provider}/${modelId}` : modelId;
    const context = model === undefined ? {} : { model };
    let session = loaded.session;
    for (const working of workingTurns(event.messages)) {
      const calls = working.calls.map((name) => ({
        name,
        readOnly: isPlanBookkeeping(name) || isReadOnlyCall({ name, input: {} }, ctx.options),
      }));
      session = resolveIncompleteTurn(session, summary('', calls, prompt), ctx.options, {
        ...context,
        loopContinues: true,
      }).state;
    }
    const resolved = resolveIncompleteTurn(
      session,
      summary(event.lastAssistantMessage ?? '', [], prompt),
      ctx.options,
      context,
    );
    saveSession(ctx, loaded.key, resolved.state);
    const instruction = resolved.instruction;
    if (resolved.outcome !== 'retry' || instruction === undefined) return undefined;
    return {
      action: 'revise',
      reason: `planfirst: the answer is ${resolved.classification.kind}.`,
      retry: {
        instruction: toHostText(instruction.text),
        idempotencyKey: `planfirst:${runId}:${instruction.kind}:${instruction.attempt}`,
        maxAttempts: 1,
      },
    };
  };
}
