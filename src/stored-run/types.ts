import type { ToolCallBlock } from '../messages.js';
import type { PlanfirstOptions, ResolvedOptions } from '../options.js';
import type { IgnoredReason } from '../plan-mode/codes.js';
import type { ModelClient, RunResult, ToolOutput } from '../run/driver.js';
import type { RunEvent } from '../run/events.js';
import type { ToolDefinition } from '../run/types.js';
import type { StoredRunOutcomes, ToolDelivery } from './codes.js';
import type { VersionConflictError, VersionedSessionStore } from './contract.js';

/** What a tool gets besides the call when the stored-run driver executes it. */
export interface StoredToolContext {
  signal: AbortSignal;
  /** Same on every attempt of this call, on any worker: pass it to the API you call. */
  idempotencyKey: string;
  sessionId: string;
  /** 1 for the first execution; 2+ when an at-least-once call is run again after a crash. */
  attempt: number;
}

/** The host's tools, as for `runAgent`, with an idempotency key for each execution. */
export interface StoredToolExecutor {
  definitions: readonly ToolDefinition[];
  execute(call: ToolCallBlock, context: StoredToolContext): Promise<ToolOutput>;
}

export interface StoredRunConfig {
  store: VersionedSessionStore;
  model: ModelClient;
  tools: StoredToolExecutor;
  options?: PlanfirstOptions | ResolvedOptions;
  /** `provider/model`, for `incompleteTurn.appliesTo`. */
  modelId?: string;
  /** This worker's name in leases; default a random id per call. */
  workerId?: string;
  /**
   * How long a worker holds a session without saving before another may take it over (ms;
   * default 60 000). Renewed by every save and by a heartbeat during model calls and tools.
   */
  leaseMs?: number;
  /**
   * Per call: `at-most-once` (never run twice; after a crash the model is told it may have
   * happened) or `at-least-once` (run again with the same idempotency key). Default: calls
   * the gate judged read-only at-least-once, all others at-most-once.
   */
  delivery?: (call: { name: string; readOnly: boolean }) => ToolDelivery;
  signal?: AbortSignal;
  onEvent?: (event: RunEvent) => void;
  /** Clock and ids; default Date.now and crypto.randomUUID. */
  now?: () => number;
  newId?: () => string;
}

/** A call a dead worker had started, and what this run did about it. */
export interface RecoveredCall {
  toolCallId: string;
  name: string;
  delivery: ToolDelivery;
  /** `reported`: not run again, the model was told; `rerun`: executed again (this attempt). */
  action: 'reported' | 'rerun';
  attempt: number;
}

/** What one `runStored` call did. Only `ran` executed anything. */
export type StoredRunResult =
  | {
      outcome: typeof StoredRunOutcomes.ran;
      sessionId: string;
      version: number;
      result: RunResult;
      recovered: RecoveredCall[];
    }
  | {
      outcome: typeof StoredRunOutcomes.duplicate | typeof StoredRunOutcomes.ignored;
      sessionId: string;
      version: number;
      reason: IgnoredReason;
      message: string;
    }
  | {
      outcome: typeof StoredRunOutcomes.busy;
      sessionId: string;
      version: number;
      owner: string;
      until: number;
    }
  | { outcome: typeof StoredRunOutcomes.notFound; sessionId: string }
  | {
      outcome: typeof StoredRunOutcomes.conflict;
      sessionId: string;
      error: VersionConflictError;
      /** What the run had done before it stopped (the store has it up to the last save that
       *  succeeded); absent when the claim itself kept losing races. */
      result?: RunResult;
    };
