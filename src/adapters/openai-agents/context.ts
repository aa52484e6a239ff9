import {
  newApprovalId,
  type PlanfirstOptions,
  type ResolvedOptions,
  resolveOptions,
  type SessionStore,
} from '../../internal.js';
import { type AdapterEvent, eventEmitter } from '../events.js';

/** What every part of the adapter shares: the session store, the options, the clock. */
export interface AdapterContext {
  store: SessionStore;
  options: ResolvedOptions;
  /** Tool names the host marks read-only (passed to the gate as `readOnly: true`). */
  readOnlyTools: ReadonlySet<string>;
  /** Tool names that start subagents (passed to the gate as `subagent: true`). */
  subagentTools: ReadonlySet<string>;
  now: () => number;
  newId: () => string;
  emit: (event: AdapterEvent) => void;
  /** The tools the current model turn called, as `run` counts turns: work or bookkeeping. */
  turn: { work: number; bookkeeping: number };
}

/** How a host configures the adapter; see createPlanfirstAgents. */
export interface PlanfirstAgentsConfig {
  /** Where the planfirst session lives; pass your own store to persist it after every change. */
  store: SessionStore;
  /** planfirst options (validated once here; throws OptionsError listing every bad path). */
  options?: PlanfirstOptions;
  /** Names of your tools that only read (like MCP's readOnlyHint): allowed while planning. */
  readOnlyTools?: readonly string[];
  /**
   * Names of your tools that start subagents (agents as tools, `agent.asTool()`): allowed while
   * planning because the subagent inherits the gate. Run each with `runGatedSubagent` on this
   * store, and the subagent on the session it hands you (see docs/subagents.md).
   */
  subagentTools?: readonly string[];
  /** The clock for state transitions (default `Date.now`). */
  now?: () => number;
  /** The random part of planfirst's approval ids (default `crypto.randomUUID`). */
  newId?: () => string;
  /** Progress for UIs and logs (blocked calls, approvals, retries). Must not throw. */
  onEvent?: (event: AdapterEvent) => void;
}

/**
 * Validates the host's configuration once, so every guardrail call, tool call and turn end
 * works from the same resolved options. Throws OptionsError on bad options.
 */
export function adapterContext(config: PlanfirstAgentsConfig): AdapterContext {
  return {
    store: config.store,
    options: resolveOptions(config.options ?? {}),
    readOnlyTools: new Set(config.readOnlyTools ?? []),
    subagentTools: new Set(config.subagentTools ?? []),
    now: config.now ?? Date.now,
    newId: config.newId ?? newApprovalId,
    emit: eventEmitter(config.onEvent),
    turn: { work: 0, bookkeeping: 0 },
  };
}
