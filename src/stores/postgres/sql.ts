import { StoreInputError } from '../../index.js';

/**
 * Any PostgreSQL client with `query(text, params)`: a `pg` Pool or Client, PGlite, or your own
 * wrapper. Every statement planfirst sends is one statement, so a pool may run each on any
 * connection.
 */
export interface SqlClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface PostgresStoreOptions {
  /** The table, optionally schema-qualified (`app.sessions`); default `planfirst_sessions`. */
  table?: string;
}

export const defaultTable = 'planfirst_sessions';

const part = /^[A-Za-z_][A-Za-z0-9_]{0,47}$/;

/** The table's quoted name and the bare name its indexes are named after. */
export function tableNames(table: string = defaultTable): { quoted: string; bare: string } {
  const parts = typeof table === 'string' ? table.split('.') : [];
  if (parts.length < 1 || parts.length > 2 || !parts.every((p) => part.test(p)))
    throw new StoreInputError(
      `table must be a name (letters, digits, _; at most 48 characters), optionally schema-qualified, got ${JSON.stringify(table)}`,
    );
  return {
    quoted: parts.map((p) => `"${p}"`).join('.'),
    bare: parts[parts.length - 1] ?? defaultTable,
  };
}

/** Reads a bigint column whatever the client makes of it (pg: string, PGlite: number). */
export function toNumber(value: unknown): number | undefined {
  if (value === null || value === undefined) return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}
