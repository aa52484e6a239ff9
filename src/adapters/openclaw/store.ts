import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionState } from '../../index.js';
import type { HostSessionIdentity } from './host-types.js';

/** What a store holds for one session: nothing yet, or the stored text. */
export type StoredRecord = { found: false } | { found: true; text: string };

/**
 * Where the plugin keeps planfirst's session per OpenClaw session. Reads and writes are
 * whole-record; a store throws on I/O failure (the plugin then fails closed).
 */
export interface PlanStateStore {
  read(key: string): StoredRecord;
  write(key: string, session: SessionState): void;
  remove(key: string): void;
}

/**
 * The store key of a host session: its agent and session key (the session id when the host
 * gives no key). Undefined when the host says nothing about the session.
 */
export function sessionStoreKey(identity: HostSessionIdentity): string | undefined {
  const agent = identity.agentId ?? '';
  if (identity.sessionKey) return `${agent}\u0000key:${identity.sessionKey}`;
  if (identity.sessionId) return `${agent}\u0000id:${identity.sessionId}`;
  return undefined;
}

/**
 * One JSON file per session under the host's state directory. It lives outside the host's
 * session rows, so nothing the host writes to a session entry can drop it, and it survives a
 * gateway restart. Writes go to a temporary file renamed into place, so a crash mid-write
 * leaves the previous record.
 */
export function fileStateStore(directory: string): PlanStateStore {
  let written = 0;
  const fileOf = (key: string) =>
    join(directory, `${createHash('sha256').update(key).digest('hex')}.json`);
  return {
    read(key) {
      try {
        return { found: true, text: readFileSync(fileOf(key), 'utf8') };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { found: false };
        throw error;
      }
    },
    write(key, session) {
      mkdirSync(directory, { recursive: true });
      const file = fileOf(key);
      written += 1;
      const temporary = `${file}.${process.pid}.${written}.tmp`;
      writeFileSync(temporary, `${JSON.stringify(session)}\n`, { mode: 0o600 });
      renameSync(temporary, file);
    },
    remove(key) {
      rmSync(fileOf(key), { force: true });
    },
  };
}
