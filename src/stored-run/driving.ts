import { ensureResolved, type ResolvedOptions } from '../options.js';
import { newApprovalId } from '../plan-mode/approval-id.js';
import type { ModelClient } from '../run/driver.js';
import type { RunEvent } from '../run/events.js';
import { step } from '../run/step.js';
import type { StepInput, StepResult } from '../run/types.js';
import type { SessionState } from '../session.js';
import type { ToolDelivery } from './codes.js';
import { StoreInputError, storeInput, type VersionedSessionStore } from './contract.js';
import { defaultToolDelivery } from './intents.js';
import type { StoredRunConfig, StoredToolExecutor } from './types.js';

/** Default lease: long enough for a slow model call, short enough to recover in a minute. */
export const defaultLeaseMs = 60_000;

/** Everything one `runStored` call works with, resolved once. */
export interface Driving {
  store: VersionedSessionStore;
  sessionId: string;
  owner: string;
  leaseMs: number;
  options: ResolvedOptions;
  model: ModelClient;
  tools: StoredToolExecutor;
  signal: AbortSignal;
  now: () => number;
  newId: () => string;
  delivery: (call: { name: string; readOnly: boolean }) => ToolDelivery;
  events: RunEvent[];
  /** `step` with this run's context; its events are recorded and streamed. */
  step(session: SessionState, input: StepInput): StepResult;
  /** `step` with this run's context, events left to the caller (a claim that may lose). */
  stepQuiet(session: SessionState, input: StepInput): StepResult;
  emit(events: readonly RunEvent[]): void;
}

export function driving(config: StoredRunConfig, sessionId: string): Driving {
  const options = ensureResolved(config.options);
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
  const leaseMs = config.leaseMs ?? defaultLeaseMs;
  if (!Number.isSafeInteger(leaseMs) || leaseMs < 1)
    throw new StoreInputError(`leaseMs must be a positive integer, got ${String(leaseMs)}`);
  return {
    store: config.store,
    sessionId: storeInput.id('sessionId', sessionId),
    owner: storeInput.id('workerId', config.workerId ?? newId()),
    leaseMs,
    options,
    model: config.model,
    tools: config.tools,
    signal: config.signal ?? new AbortController().signal,
    now: config.now ?? Date.now,
    newId,
    delivery: config.delivery ?? defaultToolDelivery,
    events,
    step(session, input) {
      const out = step(session, input, context);
      emit(out.events);
      return out;
    },
    stepQuiet: (session, input) => step(session, input, context),
    emit,
  };
}
