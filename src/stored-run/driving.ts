import type { ResolvedOptions } from '../options.js';
import type { ModelClient } from '../run/driver.js';
import type { RunEvent } from '../run/events.js';
import { RunConfigError, readHostConfig } from '../run/host.js';
import { step } from '../run/step.js';
import type { StepInput, StepResult } from '../run/types.js';
import type { SessionState } from '../session.js';
import { ToolDeliveries, type ToolDelivery } from './codes.js';
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
  // Read defensively, as runAgent reads its config: a bad one is a RunConfigError.
  const host = readHostConfig<StoredToolExecutor['execute']>(config, [
    'store',
    'workerId',
    'leaseMs',
    'delivery',
  ]);
  const { options, newId, raw } = host;
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
  if (typeof raw.store !== 'object' || raw.store === null)
    throw new RunConfigError('config.store must be a VersionedSessionStore');
  if (raw.delivery !== undefined && typeof raw.delivery !== 'function')
    throw new RunConfigError('config.delivery must be a function when given');
  const leaseMs = (raw.leaseMs as number | undefined) ?? defaultLeaseMs;
  if (!Number.isSafeInteger(leaseMs) || leaseMs < 1)
    throw new StoreInputError(`leaseMs must be a positive integer, got ${String(leaseMs)}`);
  return {
    store: raw.store as VersionedSessionStore,
    sessionId: storeInput.id('sessionId', sessionId),
    owner: storeInput.id('workerId', raw.workerId ?? newId()),
    leaseMs,
    options,
    model: host.model as ModelClient,
    tools: { definitions: host.definitions, execute: host.execute },
    signal: host.signal,
    now: host.now,
    newId,
    delivery: safeDelivery(raw.delivery as Driving['delivery'] | undefined),
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

// The host's delivery choice; one that throws or answers something else gets the default,
// which never runs a call twice unless the gate judged it read-only.
export function safeDelivery(delivery: Driving['delivery'] | undefined): Driving['delivery'] {
  if (delivery === undefined) return defaultToolDelivery;
  return (call) => {
    try {
      const chosen = delivery(call);
      if (chosen === ToolDeliveries.atMostOnce || chosen === ToolDeliveries.atLeastOnce)
        return chosen;
    } catch {}
    return defaultToolDelivery(call);
  };
}
