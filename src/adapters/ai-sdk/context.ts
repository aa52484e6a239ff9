import type { ToolSet } from 'ai';
import {
  checkToolCall,
  type GateDecision,
  isReadOnlyCall,
  newApprovalId,
  type PlanfirstOptions,
  type ResolvedOptions,
  resolveOptions,
  type SessionStore,
} from '../../internal.js';
import { type AdapterEvent, eventEmitter } from '../events.js';

/** What `createPlanfirstAiSdk` takes. */
export interface PlanfirstAiSdkConfig {
  /** Where the session lives; every callback reads and replaces it (persist it in `set`). */
  store: SessionStore;
  options?: PlanfirstOptions;
  /**
   * Host tools that only read, so plan mode lets them run. A tool can also say so itself with
   * `metadata: { readOnly: true }`; `options.planMode.readOnlyTools` and its suffixes apply too.
   */
  readOnlyTools?: Iterable<string>;
  /**
   * Host tools that start subagents (a tool whose `execute` runs another agent): allowed while
   * planning because the subagent inherits the gate. A tool can also say so with
   * `metadata: { subagent: true }`. Run each with `runGatedSubagent` on this store, and the
   * subagent on the session it hands you (see docs/subagents.md).
   */
  subagentTools?: Iterable<string>;
  /**
   * Optional. Your system prompt may go to `generateText` / `streamText` as usual: planfirst
   * adds its text (plan mode, a go-ahead) as a separate system message and never replaces
   * yours. Text given here is sent first in that message, on every model call.
   */
  system?: string;
  /** Progress for UIs and logs (blocked calls, approvals, retries). Must not throw. */
  onEvent?: (event: AdapterEvent) => void;
  /** The clock for plan timestamps; defaults to `Date.now`. */
  now?: () => number;
  /** The random part of planfirst's approval ids; defaults to `crypto.randomUUID`. */
  newId?: () => string;
}

/**
 * What every part of the adapter shares: the store, the resolved options, the clock and the
 * host's read-only annotations. Built once per `createPlanfirstAiSdk` call.
 */
export interface AdapterContext {
  store: SessionStore;
  options: ResolvedOptions;
  now: () => number;
  newId: () => string;
  emit: (event: AdapterEvent) => void;
  system: string | undefined;
  /** Records a host tool's own `metadata.readOnly` annotation (from `tools()`). */
  annotate(name: string, tool: ToolSet[string]): void;
  /** The gate on the current session, with the host's read-only annotation for `name`. */
  gate(name: string, input: unknown): GateDecision;
  /** Whether the gate proves the call read-only, whatever the mode (for turn summaries). */
  readOnly(name: string, input: unknown): boolean;
}

/** Validates the config once (options throw `OptionsError` here) and builds the context. */
export function createContext(config: PlanfirstAiSdkConfig): AdapterContext {
  const options = resolveOptions(config.options ?? {});
  const named = new Set(config.readOnlyTools ?? []);
  const annotated = new Set<string>();
  const spawners = new Set(config.subagentTools ?? []);
  const spawning = new Set<string>();
  const hint = (name: string) => named.has(name) || annotated.has(name);
  const call = (name: string, input: unknown) => ({
    name,
    input,
    ...(hint(name) ? { readOnly: true } : {}),
    ...(spawners.has(name) || spawning.has(name) ? { subagent: true } : {}),
  });
  return {
    store: config.store,
    options,
    now: config.now ?? Date.now,
    newId: config.newId ?? newApprovalId,
    emit: eventEmitter(config.onEvent),
    system: config.system,
    annotate(name, tool) {
      if (tool.metadata?.readOnly === true) annotated.add(name);
      else annotated.delete(name);
      if (tool.metadata?.subagent === true) spawning.add(name);
      else spawning.delete(name);
    },
    gate: (name, input) => checkToolCall(config.store.get(), call(name, input), options),
    readOnly: (name, input) => isReadOnlyCall(call(name, input), options),
  };
}
