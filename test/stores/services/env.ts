import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * Where the service tests find their servers. Defaults are this project's machines:
 * PostgreSQL on 127.0.0.1:5432 (trust auth, database `test`, user `postgres`) and Redis on
 * 127.0.0.1:6379. Override with PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE and REDIS_URL.
 */
export const services = {
  postgres: {
    host: process.env.PGHOST ?? '127.0.0.1',
    port: Number(process.env.PGPORT ?? 5432),
    user: process.env.PGUSER ?? 'postgres',
    database: process.env.PGDATABASE ?? 'test',
    ...(process.env.PGPASSWORD === undefined ? {} : { password: process.env.PGPASSWORD }),
  },
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};

/** A unique name for this test run, so parallel runs use their own tables and key prefixes. */
export const runId = `${process.pid}_${Date.now().toString(36)}`;

/** A pool that fails fast (and loudly) when the server is not there. */
export function pgPool(max = 10, options?: string): pg.Pool {
  return new pg.Pool({
    ...services.postgres,
    max,
    connectionTimeoutMillis: 5_000,
    ...(options === undefined ? {} : { options }),
  });
}

/** A Redis client that fails fast instead of retrying forever when the server is not there. */
export function redisClient(): Redis {
  return new Redis(services.redisUrl, {
    connectTimeout: 5_000,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
    lazyConnect: false,
  });
}
