import {
  newApprovalId,
  type ResolvedOptions,
  resolveOptions,
  type SessionStore,
} from '../../internal.js';
import { eventEmitter } from '../events.js';
import type { PiRunOutcome, PlanfirstPiConfig, PlanfirstPiEvent } from './types.js';

/**
 * The gate's verdict on one tool call of the current attempt. pi's turn_end carries only the
 * messages, so the verdicts are kept here until the attempt is summarised.
 */
export interface CallVerdict {
  /** Read-only in any mode; a blocked call changed nothing and counts as read-only. */
  readOnly: boolean;
  blocked: boolean;
}

/** The run in progress: its prompt, and what bounds its model calls. */
export interface PiRun {
  userPrompt: string | null;
  previousAssistantText: string | null;
  systemNote?: string;
  /** Model calls this run made through planfirst's stream function. */
  modelCalls: number;
  /** Turns in a row that called only plan bookkeeping, which pi carried on from. */
  bookkeepingTurns: number;
  /** Why planfirst refused the next model call (the run is over its bounds), once it has. */
  exhausted?: string;
}

/** A run before its first model call. */
export const freshRun = (): PiRun => ({
  userPrompt: null,
  previousAssistantText: null,
  modelCalls: 0,
  bookkeepingTurns: 0,
});

/**
 * What the adapter's parts share: the store, resolved options, the clock, and the in-memory
 * bookkeeping of the run in progress (verdicts, the prompt). Nothing here needs persisting:
 * the session in the store is the source of truth between runs.
 */
export interface AdapterContext {
  store: SessionStore;
  options: ResolvedOptions;
  now: () => number;
  /** The random part of question ids. */
  newId: () => string;
  emit: (event: PlanfirstPiEvent) => void;
  /** Tool call id → the gate's verdict, for the calls of the current attempt. */
  verdicts: Map<string, CallVerdict>;
  /** Tool call ids whose result asked pi to stop after the batch. */
  terminated: Set<string>;
  /** The user's prompt this run answers and the assistant text before it. */
  run: PiRun;
  outcome: PiRunOutcome;
  /** attach() installed the turn-end listener, which starts runs: only then are runs bounded. */
  attached: boolean;
}

/**
 * Builds the shared context. Options are resolved once, with the host's read-only names merged
 * in, so every gate check reuses the same validated, frozen object.
 */
export function createContext(config: PlanfirstPiConfig): AdapterContext {
  const base = resolveOptions(config.options ?? {});
  const extra = [...(config.readOnlyTools ?? [])];
  const options =
    extra.length === 0
      ? base
      : resolveOptions({
          ...base,
          planMode: {
            ...base.planMode,
            readOnlyTools: [...new Set([...base.planMode.readOnlyTools, ...extra])],
          },
        });
  const onEvent = config.onEvent;
  return {
    store: config.store,
    options,
    now: config.now ?? Date.now,
    newId: config.newId ?? newApprovalId,
    emit: eventEmitter(onEvent),
    verdicts: new Map(),
    terminated: new Set(),
    run: freshRun(),
    outcome: { status: 'idle' },
    attached: false,
  };
}
