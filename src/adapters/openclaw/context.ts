import {
  createSession,
  gatedSubagentSession,
  newApprovalId,
  parseSession,
  type ResolvedOptions,
  type SessionState,
  startSubagent,
} from '../../internal.js';
import type { ApprovalSurface } from './config.js';
import type { HostSessionIdentity } from './host-types.js';
import { type PlanStateStore, sessionStoreKey } from './store.js';

/** What the plugin's hooks, tools and command share. Built once per `register(api)`. */
export interface PluginContext {
  options: ResolvedOptions;
  approvals: ApprovalSurface;
  store: PlanStateStore;
  now: () => number;
  newId: () => string;
  warn: (message: string) => void;
  /** Run id → the user's prompt of that run, for the incomplete-turn resolver. */
  runs: Map<string, string>;
  /**
   * Which session spawned this one, from the host's own session row: `parent` (its session
   * key), `none`, or `failed`; undefined when the host offers no session rows.
   */
  spawnedBy?: (identity: HostSessionIdentity) => SpawnLookup | undefined;
  /**
   * Whether the host offers session rows, so spawned sessions can be gated; otherwise
   * `sessions_spawn` stays blocked while planning.
   */
  gatesSpawns?: () => boolean;
  /** Session key → agent id, as the host names them on hook calls (to find a parent's record). */
  agents?: Map<string, string>;
}

export type SpawnLookup =
  | { kind: 'parent'; sessionKey: string }
  | { kind: 'none' }
  | { kind: 'failed'; problem: string };

const AGENTS_REMEMBERED = 1024;
// A chain of spawned sessions is followed this far up to find whose gate it inherits.
const MAX_SPAWN_HOPS = 32;

/**
 * A session's state as read for a decision. `readable: false` means the stored record could
 * not be read or did not validate: the session then counts as planning (fail closed) until a
 * host-side `/plan on|off` writes a fresh record.
 */
export type LoadedSession =
  | { readable: true; key: string; session: SessionState }
  | { readable: false; key: string | undefined; session: SessionState; problem: string };

export function defaultIds(): () => string {
  return () => newApprovalId();
}

function planningFallback(ctx: PluginContext): SessionState {
  return createSession({ ...ctx.options, planMode: { ...ctx.options.planMode, enabled: true } });
}

/** Remembers which agent a session key belongs to, so its record can be found by key alone. */
export function rememberAgent(ctx: PluginContext, identity: HostSessionIdentity): void {
  const agents = ctx.agents;
  if (agents === undefined || !identity.agentId || !identity.sessionKey) return;
  if (agents.get(identity.sessionKey) === identity.agentId) return;
  agents.delete(identity.sessionKey);
  agents.set(identity.sessionKey, identity.agentId);
  if (agents.size > AGENTS_REMEMBERED) {
    const oldest = agents.keys().next().value;
    if (oldest !== undefined) agents.delete(oldest);
  }
}

/**
 * The identity of the session with this key: the agent the plugin saw it with, else the one
 * its key names (`agent:<id>:…`, OpenClaw's own session-key shape).
 */
export function identityOfKey(ctx: PluginContext, sessionKey: string): HostSessionIdentity {
  const seen = ctx.agents?.get(sessionKey);
  if (seen !== undefined) return { agentId: seen, sessionKey };
  const named = /^agent:([^:]+):./i.exec(sessionKey)?.[1]?.trim().toLowerCase();
  return named ? { agentId: named, sessionKey } : { sessionKey };
}

/** The id a spawned session is tracked under in its parent: its session key (bounded). */
export function subagentIdOf(sessionKey: string): string {
  return sessionKey.length <= 200 ? sessionKey : `…${sessionKey.slice(-199)}`;
}

/**
 * A session spawned by another one, seen for the first time (no record yet): it inherits its
 * parent's gate. While the parent's gate is closed (or its record cannot be read) the child is
 * recorded as a gated subagent in plan mode, one level deeper, and the parent tracks it; a
 * parent executing freely gives it a fresh session. The parent's record is written first, so a
 * failure leaves the child unreadable, which counts as planning.
 */
function adoptSpawned(
  ctx: PluginContext,
  identity: HostSessionIdentity,
  key: string,
  parentKey: string,
  hops: number,
): LoadedSession {
  const unreadable = (problem: string): LoadedSession => ({
    readable: false,
    key,
    session: planningFallback(ctx),
    problem,
  });
  const subagentId = subagentIdOf(identity.sessionKey ?? key);
  const parent =
    hops >= MAX_SPAWN_HOPS
      ? undefined
      : loadSession(ctx, identityOfKey(ctx, parentKey), { hops: hops + 1 });
  const now = ctx.now();
  let child: SessionState | undefined;
  if (parent !== undefined) {
    const started = startSubagent(parent.session, { subagentId, now });
    if (started.applied && !started.gated) child = createSession(ctx.options, { now });
    else if (started.applied && started.session !== undefined) {
      if (parent.readable && saveSession(ctx, parent.key, started.state) !== undefined)
        return unreadable('its parent session could not record it as a running subagent');
      child = started.session;
    } else child = gatedSubagentSession(parent.session, subagentId, { now });
  }
  // Whatever could not be settled runs gated: a subagent of a planning session.
  if (child === undefined) {
    const fallback = startSubagent(planningFallback(ctx), { subagentId, now });
    child = fallback.applied ? fallback.session : undefined;
  }
  if (child === undefined || saveSession(ctx, key, child) !== undefined)
    return unreadable('its inherited plan state could not be saved');
  return { readable: true, key, session: child };
}

/**
 * Reads and validates the session's state; a missing record is a fresh session, unless the
 * host says another session spawned it (`spawnedBy`, or the host's session row): then it
 * inherits that session's gate.
 */
export function loadSession(
  ctx: PluginContext,
  identity: HostSessionIdentity,
  at: { spawnedBy?: string; hops?: number; adopt?: false } = {},
): LoadedSession {
  rememberAgent(ctx, identity);
  const key = sessionStoreKey(identity);
  const unreadable = (problem: string): LoadedSession => ({
    readable: false,
    key,
    session: planningFallback(ctx),
    problem,
  });
  if (key === undefined) return unreadable('the host did not say which session this is');
  let record: ReturnType<PlanStateStore['read']>;
  try {
    record = ctx.store.read(key);
  } catch (error) {
    return unreadable(`reading it failed (${describe(error)})`);
  }
  if (!record.found) {
    const lookup: SpawnLookup | undefined =
      at.adopt === false
        ? undefined
        : at.spawnedBy !== undefined
          ? { kind: 'parent', sessionKey: at.spawnedBy }
          : identity.sessionKey
            ? ctx.spawnedBy?.(identity)
            : undefined;
    if (lookup?.kind === 'failed')
      return unreadable(
        `the host could not say whether another session spawned it (${lookup.problem})`,
      );
    if (lookup?.kind === 'parent')
      return adoptSpawned(ctx, identity, key, lookup.sessionKey, at.hops ?? 0);
    return { readable: true, key, session: createSession(ctx.options, { now: ctx.now() }) };
  }
  try {
    return { readable: true, key, session: parseSession(record.text) };
  } catch (error) {
    ctx.warn(`planfirst: stored plan state is invalid, plan mode stays on: ${describe(error)}`);
    return unreadable('it is not a valid planfirst session');
  }
}

/** Writes the session back. Returns the error text when the store failed. */
export function saveSession(
  ctx: PluginContext,
  key: string,
  session: SessionState,
): string | undefined {
  try {
    ctx.store.write(key, session);
    return undefined;
  } catch (error) {
    const text = describe(error);
    ctx.warn(`planfirst: could not save plan state: ${text}`);
    return text;
  }
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
