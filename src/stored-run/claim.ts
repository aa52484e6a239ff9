import type { SessionState } from '../session.js';
import type { VersionConflictError, VersionedSessionStore } from './contract.js';
import {
  approvalDeadline,
  type Lease,
  questionDeadline,
  type StoredRecord,
  type ToolIntent,
} from './record.js';

/** Whether `lease` keeps `owner` from running the session at `now`. */
export function leaseBlocks(lease: Lease | undefined, owner: string, now: number): boolean {
  return lease !== undefined && lease.owner !== owner && lease.until > now;
}

/** What a commit changes besides the session: the tool intents, and whether the lease ends. */
export interface CommitChange {
  intents?: ToolIntent[] | ((current: readonly ToolIntent[]) => ToolIntent[]);
  release?: boolean;
}

export interface ClaimSettings {
  store: VersionedSessionStore;
  sessionId: string;
  owner: string;
  leaseMs: number;
  approvalTimeoutMs: number;
  questionTimeoutMs: number;
  now: () => number;
}

/**
 * A session this worker holds: every write goes through `commit`, one at a time, as a
 * compare-and-set on the last version this worker wrote. The first conflict means another
 * writer took the session over; from then on nothing is written and `lost` says why.
 */
export class Claim {
  version: number;
  record: StoredRecord;
  lost: VersionConflictError | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private readonly lostController = new AbortController();

  constructor(
    private readonly settings: ClaimSettings,
    version: number,
    record: StoredRecord,
  ) {
    this.version = version;
    this.record = record;
  }

  /** Fires when the claim is lost, so a model call or tool under way can stop early. */
  get lostSignal(): AbortSignal {
    return this.lostController.signal;
  }

  /**
   * Saves `session` with this worker's lease renewed (or released), the approval deadline
   * carried over or set, and the given tool intents. Resolves false once the claim is lost.
   */
  commit(session: SessionState, change: CommitChange = {}): Promise<boolean> {
    return this.enqueue(() => this.write(session, change));
  }

  /** Renews the lease on the last saved record (a heartbeat during a long effect). */
  renew(): Promise<boolean> {
    return this.enqueue(() => this.write(this.record.session, {}));
  }

  private enqueue(write: () => Promise<boolean>): Promise<boolean> {
    const next = this.chain.then(write);
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async write(session: SessionState, change: CommitChange): Promise<boolean> {
    if (this.lost !== undefined) return false;
    const { store, sessionId, owner, leaseMs, approvalTimeoutMs, questionTimeoutMs, now } =
      this.settings;
    const at = now();
    const current = this.record.intents ?? [];
    // A function sees the intents as of this write: parallel tools finishing together each
    // remove their own intent without bringing back another's.
    const intents =
      typeof change.intents === 'function' ? change.intents(current) : (change.intents ?? current);
    const approval = approvalDeadline(session, this.record.approval, {
      now: at,
      timeoutMs: approvalTimeoutMs,
    });
    const question = questionDeadline(session, this.record.question, {
      timeoutMs: questionTimeoutMs,
    });
    const record: StoredRecord = {
      session,
      ...(change.release === true ? {} : { lease: { owner, until: at + leaseMs } }),
      ...(approval === undefined ? {} : { approval }),
      ...(question === undefined ? {} : { question }),
      ...(intents.length === 0 ? {} : { intents }),
    };
    const saved = await store.save(sessionId, record, this.version);
    if (!saved.ok) {
      this.lost = saved.error;
      this.lostController.abort(saved.error);
      return false;
    }
    this.version = saved.version;
    this.record = record;
    return true;
  }

  /**
   * Renews the lease every third of its length while `work` runs, so a long model call or tool
   * keeps the session; a lost claim aborts `work` through `lostSignal`.
   */
  async heartbeat<T>(work: () => Promise<T>): Promise<T> {
    // A failed renewal (the store unreachable) is not fatal here: the next commit reports it.
    const timer = setInterval(
      () => void this.renew().catch(() => undefined),
      Math.max(1, this.settings.leaseMs / 3),
    );
    // Stryker disable next-line OptionalChaining: Node's timers always have unref; the ?. is for runtimes without it
    (timer as { unref?: () => void }).unref?.();
    try {
      return await work();
    } finally {
      clearInterval(timer);
      await this.chain;
    }
  }
}
