import {
  createSession,
  newApprovalId,
  parseSession,
  type ResolvedOptions,
  type SessionState,
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
}

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

/** Reads and validates the session's state; a missing record is a fresh session. */
export function loadSession(ctx: PluginContext, identity: HostSessionIdentity): LoadedSession {
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
  if (!record.found)
    return { readable: true, key, session: createSession(ctx.options, { now: ctx.now() }) };
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
