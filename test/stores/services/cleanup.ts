import type { Redis } from 'ioredis';
import type pg from 'pg';

export async function dropTables(pool: pg.Pool, tables: readonly string[]): Promise<void> {
  for (const table of tables) await pool.query(`DROP TABLE IF EXISTS "${table}"`);
}

/** Deletes every key a test wrote under its prefixes (tests only: SCAN is not for production). */
export async function dropPrefixes(redis: Redis, prefixes: readonly string[]): Promise<void> {
  for (const prefix of prefixes) {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `{${prefix}}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  }
}
