import type { SessionState } from '../session.js';

/**
 * Where an adapter keeps the planfirst session while a host SDK runs its own loop. The SDK
 * calls back into the adapter (a gate check, a turn end) and each callback reads and replaces
 * the whole session: pass your own store to persist it after every change.
 */
export interface SessionStore {
  get(): SessionState;
  set(session: SessionState): void;
}

/** An in-memory store starting from `session`. */
export function memorySessionStore(session: SessionState): SessionStore {
  let current = session;
  return {
    get: () => current,
    set: (next) => {
      current = next;
    },
  };
}
