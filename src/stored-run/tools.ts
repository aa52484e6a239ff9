import type { ToolCallBlock } from '../messages.js';
import type { StepResult, ToolResult } from '../run/types.js';
import type { Claim } from './claim.js';
import { ToolDeliveries } from './codes.js';
import type { Driving } from './driving.js';
import { intentFor, interruptedCallResult, toolIdempotencyKey, withoutIntents } from './intents.js';
import type { ToolIntent } from './record.js';
import type { RecoveredCall } from './types.js';

interface Runnable {
  call: ToolCallBlock;
  attempt: number;
}

/**
 * Carries out an `execute_tools` effect on a claimed session. Each call's intent is saved
 * before it runs and each result as soon as it comes back, so a worker that dies leaves either
 * a saved result or an intent. Calls a dead worker had started are run again or reported,
 * as their delivery says. Returns the step after the last saved result.
 */
export async function executeStoredTools(
  d: Driving,
  claim: Claim,
  current: StepResult,
  recovered: RecoveredCall[],
): Promise<StepResult> {
  if (current.effect.type !== 'execute_tools') return current;
  const turn = current.session.run.turn;
  const messageIndex = turn?.messageIndex ?? 0;
  const runnable: Runnable[] = [];
  const reported: ToolResult[] = [];
  for (const call of current.effect.calls) {
    const readOnly = turn?.calls.find((c) => c.id === call.id)?.readOnly ?? false;
    const delivery = d.delivery({ name: call.name, readOnly });
    const prior = intentFor(claim.record.intents, messageIndex, call.id);
    if (prior !== undefined && delivery === ToolDeliveries.atMostOnce) {
      reported.push({ toolCallId: call.id, content: interruptedCallResult, isError: true });
      recovered.push({
        toolCallId: call.id,
        name: call.name,
        delivery,
        action: 'reported',
        attempt: prior.attempt,
      });
      continue;
    }
    const attempt = (prior?.attempt ?? 0) + 1;
    if (prior !== undefined)
      recovered.push({ toolCallId: call.id, name: call.name, delivery, action: 'rerun', attempt });
    runnable.push({ call, attempt });
  }

  let last = current;
  const apply = (results: ToolResult[]) => {
    last = d.step(last.session, { type: 'tool_results', results, now: d.now() });
    const done = results.map((r) => r.toolCallId);
    return claim.commit(last.session, {
      intents: (intents) => withoutIntents(intents, messageIndex, done),
    });
  };
  const intentOf = (r: Runnable): ToolIntent => ({
    callId: r.call.id,
    name: r.call.name,
    messageIndex,
    attempt: r.attempt,
    startedAt: d.now(),
    owner: d.owner,
  });
  const record = (list: Runnable[]) =>
    claim.commit(last.session, {
      intents: (intents) => [
        ...withoutIntents(
          intents,
          messageIndex,
          list.map((r) => r.call.id),
        ),
        ...list.map(intentOf),
      ],
    });
  const run = (r: Runnable) => runTool(d, claim, messageIndex, r);

  if (reported.length > 0 && !(await apply(reported))) return last;
  if (d.options.run.parallelToolCalls) {
    if (runnable.length === 0 || !(await record(runnable))) return last;
    await claim.heartbeat(() => Promise.all(runnable.map(async (r) => apply([await run(r)]))));
    return last;
  }
  for (const r of runnable) {
    if (d.signal.aborted || !(await record([r]))) break;
    const result = await claim.heartbeat(() => run(r));
    if (!(await apply([result]))) break;
  }
  return last;
}

async function runTool(
  d: Driving,
  claim: Claim,
  messageIndex: number,
  { call, attempt }: Runnable,
): Promise<ToolResult> {
  const signal = anySignal(d.signal, claim.lostSignal);
  if (signal.aborted)
    return { toolCallId: call.id, content: 'Aborted before this tool ran.', isError: true };
  try {
    const output = await d.tools.execute(call, {
      signal,
      idempotencyKey: toolIdempotencyKey(d.sessionId, messageIndex, call.id),
      sessionId: d.sessionId,
      attempt,
    });
    return typeof output === 'string'
      ? { toolCallId: call.id, content: output, isError: false }
      : { toolCallId: call.id, content: String(output.content), isError: output.isError === true };
  } catch (error) {
    return {
      toolCallId: call.id,
      content: `The tool failed: ${describeError(error)}`,
      isError: true,
    };
  }
}

/** A signal that fires when either fires (AbortSignal.any is missing before Node 20.3). */
export function anySignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (a.aborted) return a;
  if (b.aborted) return b;
  const controller = new AbortController();
  const fire = (s: AbortSignal) => () => controller.abort(s.reason);
  a.addEventListener('abort', fire(a), { once: true });
  b.addEventListener('abort', fire(b), { once: true });
  return controller.signal;
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : 'unknown error';
}
