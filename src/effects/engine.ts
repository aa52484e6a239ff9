import type { DecisionTokenKey } from '../decision-token/hmac.js';
import type { ToolCallBlock } from '../messages.js';
import type { PlanfirstOptions, ResolvedOptions } from '../options.js';
import { questionDeadline } from '../plan-mode/questions.js';
import type { Plan } from '../plan-mode/state.js';
import { type ModelClient, type RunResult, toRunResult } from '../run/driver.js';
import type { RunEvent } from '../run/events.js';
import { runToolCall } from '../run/execute.js';
import { RunConfigError, readHostConfig, readRunInput } from '../run/host.js';
import { step } from '../run/step.js';
import type { StepInput, StepResult, ToolResult } from '../run/types.js';
import { createSession, type SessionState } from '../session.js';
import { safeDelivery } from '../stored-run/driving.js';
import { interruptedCallResult, toolIdempotencyKey } from '../stored-run/intents.js';
import { approvalDeadline } from '../stored-run/record.js';
import type { RecoveredCall, StoredToolExecutor } from '../stored-run/types.js';
import type { PendingApproval, RecordedDecision } from './decision.js';
import { afterIntent, deliveryOf } from './delivery.js';
import { performModelCall } from './model.js';

/**
 * What a durable-execution engine gives the run loop. A binding (planfirst/restate,
 * planfirst/dbos, or a host's own) implements it with the engine's primitives; the loop,
 * the decision rules and the tool delivery rules stay here, the same for every engine.
 */
export interface EngineJournal {
  /** Runs `fn` as one journaled action (Restate `ctx.run`, a DBOS step): a replay returns
   *  the recorded result; an action with no recorded result runs again. */
  action<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /**
   * Unique to this execution of the handler or workflow, and NOT journaled: a replay after a
   * crash sees a new one. It tells an intent recorded now from one an earlier execution left.
   */
  readonly executionId: string;
  /** Makes the session readable from outside (state, an event) after every step. */
  publish(session: SessionState): Promise<void>;
  /** Parks until a decision, or an answer for a `kind: 'question'` wait (or the timeout, at the
   *  deadline), is recorded; returns it. */
  awaitDecision(pending: PendingApproval): Promise<RecordedDecision>;
}

/** The host's side of an engine binding: what runStored's config has, minus the store. */
export interface EngineRunConfig {
  model: ModelClient;
  tools: StoredToolExecutor;
  options?: PlanfirstOptions | ResolvedOptions;
  /** `provider/model`, for `incompleteTurn.appliesTo`. */
  modelId?: string;
  /** Per call, as for runStored: `at-most-once` (default unless the gate judged the call
   *  read-only) or `at-least-once`. */
  delivery?: (call: { name: string; readOnly: boolean }) => 'at-most-once' | 'at-least-once';
  /** Told once (inside a journaled action) when a plan waits for a decision: post your
   *  approval card or signed decision tokens from here. */
  onApproval?: (approval: EngineApproval) => Promise<void> | void;
  onEvent?: (event: RunEvent) => void;
}

/** What both engine bindings (planfirst/restate, planfirst/dbos) take besides the run config. */
export interface EngineBindingConfig extends EngineRunConfig {
  /** Prefix of the binding's names (Restate objects, DBOS workflow names and ids); default
   *  `planfirst`. */
  name?: string;
  /** Keys that verify signed decision and answer tokens (`decideToken`, `answerToken`); newest
   *  first for rotation. */
  tokenKey?: DecisionTokenKey | readonly DecisionTokenKey[];
}

/** The approval (or, with `questionId`, the ask_user questions) a run is parked on. */
export type EngineParked =
  | { approvalId: string; deadline: number }
  | { questionId: string; deadline: number };

/** What a delivery to a parked run is: a decision on a plan, or an answer to questions. */
export type EngineWaitKind = 'approval' | 'question';

/** The binding's config, read once: the checked host, the name prefix and the token keys. */
export function engineBinding(config: EngineBindingConfig) {
  return { host: engineHost(config), prefix: config.name ?? 'planfirst', keys: config.tokenKey };
}

/** A plan waiting for a decision on an engine. */
export interface EngineApproval {
  sessionId: string;
  approvalId: string;
  plan: Plan;
  /** When it times out (ms since the epoch), fixed when it was requested. */
  deadline: number;
}

/** What one run on an engine did. */
export interface EngineRunResult {
  result: RunResult;
  /** Calls an earlier execution had started whose result was never recorded. */
  recovered: RecoveredCall[];
}

/** The host config, read once and checked (a bad one is a RunConfigError). */
export interface EngineHost {
  options: ResolvedOptions;
  model: ModelClient;
  tools: StoredToolExecutor;
  delivery: (call: { name: string; readOnly: boolean }) => 'at-most-once' | 'at-least-once';
  onApproval: ((approval: EngineApproval) => Promise<void> | void) | undefined;
  step(session: SessionState, input: StepInput): StepResult;
  onEvent: (event: RunEvent) => void;
}

export function engineHost(config: EngineRunConfig): EngineHost {
  const host = readHostConfig<StoredToolExecutor['execute']>(config, ['delivery', 'onApproval']);
  const { raw } = host;
  if (raw.delivery !== undefined && typeof raw.delivery !== 'function')
    throw new RunConfigError('config.delivery must be a function when given');
  if (raw.onApproval !== undefined && typeof raw.onApproval !== 'function')
    throw new RunConfigError('config.onApproval must be a function when given');
  const context = {
    options: host.options,
    tools: host.definitions,
    ...(host.modelId === undefined ? {} : { modelId: host.modelId }),
  };
  return {
    options: host.options,
    model: host.model as ModelClient,
    tools: { definitions: host.definitions, execute: host.execute },
    delivery: safeDelivery(raw.delivery as EngineHost['delivery'] | undefined),
    onApproval: raw.onApproval as EngineHost['onApproval'],
    step: (session, input) => step(session, input, context),
    onEvent: host.onEvent,
  };
}

/** What starts a run on an engine: a user message, or carrying on where it stopped. */
export type EngineRunInput = { message: string } | { resume: true };

/** Reads a run input defensively; a decision is not a run input on an engine (see decide). */
export function readEngineRunInput(input: unknown): EngineRunInput {
  const read = readRunInput(input);
  if (read === undefined || 'decision' in read || 'answer' in read)
    throw new RunConfigError(
      'the run input must be { message } or { resume: true }; decisions go to the decision handler',
    );
  return read;
}

// Every journaled value is read back as JSON, on the first execution as on a replay, so both
// feed `step` the very same input.
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? null)) as T;

const neverAborted = new AbortController().signal;

/**
 * The run loop on a durable-execution engine: `step`, with each effect performed through the
 * engine's journal. Model calls and tool executions are journaled actions; before each tool
 * call its intent is journaled in an action of its own, so a replay that finds the intent
 * without a result knows the call may have run and acts on its delivery (report it, or run it
 * again with the same idempotency key). An approval parks on the engine until the decision
 * recorded for it (or the timeout at the stored deadline) comes back.
 */
export async function runOnEngine(
  journal: EngineJournal,
  host: EngineHost,
  sessionId: string,
  stored: SessionState | undefined,
  input: EngineRunInput,
): Promise<{ session: SessionState } & EngineRunResult> {
  const events: RunEvent[] = [];
  const emit = (out: StepResult) => {
    for (const e of out.events) {
      events.push(e);
      host.onEvent(e);
    }
    return out;
  };
  const now = () => journal.action('now', async () => Date.now()).then(asJson);
  const started = await now();
  const session = stored ?? createSession(host.options, { now: started });
  const startLength = session.messages.length;
  const recovered: RecoveredCall[] = [];
  let current = emit(
    host.step(
      session,
      'message' in input
        ? { type: 'user_message', message: input.message, now: started }
        : { type: 'resume', now: started },
    ),
  );
  for (;;) {
    await journal.publish(current.session);
    const effect = current.effect;
    switch (effect.type) {
      case 'finish':
        return {
          session: current.session,
          result: toRunResult(
            current.session,
            effect.outcome,
            current.session.messages.slice(startLength),
            events,
          ),
          recovered,
        };
      case 'call_model': {
        const request = effect.request;
        const next = asJson(
          await journal.action('model', () =>
            performModelCall(host.model, request, {
              signal: neverAborted,
              now: Date.now,
              newId: () => crypto.randomUUID(),
            }),
          ),
        );
        current = emit(host.step(current.session, next));
        break;
      }
      case 'execute_tools': {
        const call = effect.calls[0];
        current = emit(
          call === undefined
            ? host.step(current.session, { type: 'abort', now: await now() })
            : await oneTool(journal, host, sessionId, current, call, recovered),
        );
        break;
      }
      case 'ask_user': {
        // Parks like an approval: the answer recorded for the question id (or the timeout at
        // the deadline fixed now) comes back, and the step applies it.
        const parked = current.session;
        const at = await now();
        const deadline =
          questionDeadline(parked, { now: at, timeoutMs: effect.timeoutMs }) ??
          at + effect.timeoutMs;
        const answered = asJson(
          await journal.awaitDecision({
            kind: 'question',
            sessionId,
            approvalId: effect.questionId,
            deadline,
            session: parked,
          }),
        );
        current = emit(
          host.step(parked, {
            type: 'answer',
            answer: answered.decision as never,
            now: answered.at,
            deadline,
          }),
        );
        break;
      }
      case 'request_approval': {
        const parked = current.session;
        const at = await now();
        const deadline =
          approvalDeadline(parked, undefined, {
            now: at,
            timeoutMs: host.options.planMode.approvalTimeoutMs,
          })?.deadline ?? at;
        const pending: PendingApproval = {
          sessionId,
          approvalId: effect.approvalId,
          deadline,
          session: parked,
        };
        const onApproval = host.onApproval;
        if (onApproval !== undefined)
          await journal.action('on-approval', async () => {
            await onApproval({
              sessionId,
              approvalId: effect.approvalId,
              plan: effect.plan,
              deadline,
            });
            return true;
          });
        const decided = asJson(await journal.awaitDecision(pending));
        current = emit(
          host.step(parked, {
            type: 'approval_decision',
            decision: decided.decision as never,
            now: decided.at,
            deadline,
          }),
        );
        break;
      }
    }
  }
}

interface Intent {
  execution: string;
  attempt: number;
}

/**
 * The first call of an `execute_tools` effect: its intent (journaled), then the call
 * (journaled), then the step with its result, which hands out the calls still to run.
 */
async function oneTool(
  journal: EngineJournal,
  host: EngineHost,
  sessionId: string,
  current: StepResult,
  call: ToolCallBlock,
  recovered: RecoveredCall[],
): Promise<StepResult> {
  const messageIndex = current.session.run.turn?.messageIndex ?? 0;
  const delivery = deliveryOf(current.session, call, host.delivery);
  const key = `${messageIndex}:${call.id}`;
  const intent = asJson(
    await journal.action<Intent>(`intent:${key}`, async () => ({
      execution: journal.executionId,
      attempt: 1,
    })),
  );
  const done = asJson(
    await journal.action(`tool:${key}`, async () => {
      // Called only while the call has no recorded result. An intent from an earlier
      // execution means the call was started there and may have run.
      const prior = intent.execution === journal.executionId ? undefined : intent;
      const next = afterIntent(delivery, prior);
      const recovery: RecoveredCall | undefined =
        prior === undefined
          ? undefined
          : {
              toolCallId: call.id,
              name: call.name,
              delivery,
              action: next.action === 'report' ? 'reported' : 'rerun',
              attempt: next.attempt,
            };
      const result: ToolResult =
        next.action === 'report'
          ? { toolCallId: call.id, content: interruptedCallResult, isError: true }
          : ((await runToolCall(call, neverAborted, () =>
              host.tools.execute(call, {
                signal: neverAborted,
                idempotencyKey: toolIdempotencyKey(sessionId, messageIndex, call.id),
                sessionId,
                attempt: next.attempt,
              }),
            )) ?? { toolCallId: call.id, content: 'The tool gave no result.', isError: true });
      return { result, now: Date.now(), ...(recovery === undefined ? {} : { recovery }) };
    }),
  );
  if (done.recovery !== undefined) recovered.push(done.recovery);
  return host.step(current.session, {
    type: 'tool_results',
    results: [done.result],
    now: done.now,
  });
}
