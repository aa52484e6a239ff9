import type { Redis } from 'ioredis';
import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { migratePostgres } from '../../../src/stores/postgres/index.js';
import { migrateRedis } from '../../../src/stores/redis/index.js';
import { pgPool, redisClient, runId } from './env.js';

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

/**
 * One PostgreSQL table and one Redis prefix for a test file, migrated before its tests and
 * dropped (with the connections closed) after them.
 */
export function migratedServices(name: string): {
  pool: pg.Pool;
  redis: Redis;
  table: string;
  prefix: string;
} {
  const pool = pgPool();
  const redis = redisClient();
  const table = `planfirst_${name}_${runId}`;
  const prefix = `planfirst-${name}-${runId}`;
  beforeAll(async () => {
    await migratePostgres(pool, { table });
    await migrateRedis(redis, { prefix });
  });
  afterAll(async () => {
    await dropTables(pool, [table]);
    await dropPrefixes(redis, [prefix]);
    await pool.end();
    redis.disconnect();
  });
  return { pool, redis, table, prefix };
}
