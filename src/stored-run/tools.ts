import { afterIntent, deliveryOf } from '../effects/delivery.js';
import type { ToolCallBlock } from '../messages.js';
import { linkSignals, runToolCall } from '../run/execute.js';
import type { StepInput, StepResult, ToolResult } from '../run/types.js';
import type { SessionState } from '../session.js';
import type { Claim } from './claim.js';
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
 * before it runs and each result as soon as the store is free, so a worker that dies leaves
 * either a saved result or an intent. Parallel results that come back while a save is under
 * way are saved together by the next one (one save per batch, not per result: a message of n
 * parallel calls would otherwise cost n saves of a growing session). Calls a dead worker had started are run again or reported,
 * as their delivery says. Returns the step after the last saved result.
 */
export async function executeStoredTools(
  d: Driving,
  claim: Claim,
  current: StepResult,
  calls: readonly ToolCallBlock[],
  recovered: RecoveredCall[],
): Promise<StepResult> {
  // Stryker disable next-line OptionalChaining: an execute_tools effect always has its open turn
  const messageIndex = current.session.run.turn?.messageIndex ?? 0;
  const runnable: Runnable[] = [];
  const reported: ToolResult[] = [];
  for (const call of calls) {
    const delivery = deliveryOf(current.session, call, d.delivery);
    const prior = intentFor(claim.record.intents, messageIndex, call.id);
    const next = afterIntent(delivery, prior);
    if (next.action === 'report')
      reported.push({ toolCallId: call.id, content: interruptedCallResult, isError: true });
    else runnable.push({ call, attempt: next.attempt });
    if (prior !== undefined)
      recovered.push({
        toolCallId: call.id,
        name: call.name,
        delivery,
        action: next.action === 'report' ? 'reported' : 'rerun',
        attempt: next.attempt,
      });
  }

  let last = current;
  const apply = (results: ToolResult[]) => {
    // After an abort, the results that close the turn go in with the abort itself: kept, and
    // no model call is asked for.
    const input: StepInput =
      d.signal.aborted && closesTurn(last.session, results)
        ? { type: 'abort', results, now: d.now() }
        : { type: 'tool_results', results, now: d.now() };
    last = d.step(last.session, input);
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
    const save = coalesced(apply);
    await claim.heartbeat(() =>
      Promise.all(
        runnable.map(async (r) => {
          const result = await run(r);
          if (result !== undefined) await save(result);
        }),
      ),
    );
    return last;
  }
  for (const r of runnable) {
    if (d.signal.aborted || !(await record([r]))) break;
    const result = await claim.heartbeat(() => run(r));
    // A call the abort stopped has no result: the abort answers it.
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: a break here (or none) changes nothing: the driver's next pass hands the remaining calls back here, the abort and a lost claim stop both loops alike
    if (result === undefined || !(await apply([result]))) break;
  }
  return last;
}

/**
 * Group commit: a result is queued and saved by the first save that starts after it came back.
 * Results that come back while a save is under way wait for it (as they would behind it in the
 * claim's queue anyway) and then go in together, so no result waits longer than before.
 */
function coalesced(
  apply: (results: ToolResult[]) => Promise<boolean>,
): (result: ToolResult) => Promise<void> {
  // Stryker disable next-line ArrayDeclaration: step drops a result that names no call, so a stray entry changes nothing
  let queue: ToolResult[] = [];
  let draining: Promise<void> | undefined;
  const drain = async () => {
    try {
      while (queue.length > 0) {
        const batch = queue;
        queue = [];
        await apply(batch);
      }
    } finally {
      draining = undefined;
    }
  };
  return (result) => {
    queue.push(result);
    draining ??= drain();
    return draining;
  };
}

async function runTool(
  d: Driving,
  claim: Claim,
  messageIndex: number,
  { call, attempt }: Runnable,
): Promise<ToolResult | undefined> {
  const linked = linkSignals(d.signal, claim.lostSignal);
  return runToolCall(call, linked.signal, () =>
    d.tools.execute(call, {
      signal: linked.signal,
      idempotencyKey: toolIdempotencyKey(d.sessionId, messageIndex, call.id),
      sessionId: d.sessionId,
      attempt,
    }),
  ).finally(linked.dispose);
}

/** Whether `results` answer every call of the open turn still waiting for one. */
function closesTurn(session: SessionState, results: readonly ToolResult[]): boolean {
  const answered = new Set(results.map((r) => r.toolCallId));
  // Stryker disable next-line OptionalChaining,ArrayDeclaration: the tools phase always has its open turn
  return (session.run.turn?.calls ?? []).every((c) => c.status === 'done' || answered.has(c.id));
}
