import { afterAll, describe } from 'vitest';
import { migratePostgres, postgresStore } from '../../../src/stores/postgres/index.js';
import { migrateRedis, redisStore } from '../../../src/stores/redis/index.js';
import { conformanceTests } from '../conformance.js';
import { dropPrefixes, dropTables } from './cleanup.js';
import { pgPool, redisClient, runId } from './env.js';

const pool = pgPool();
const redis = redisClient();
const tables: string[] = [];
const prefixes: string[] = [];

afterAll(async () => {
  await dropTables(pool, tables);
  await dropPrefixes(redis, prefixes);
  await pool.end();
  redis.disconnect();
});

describe('postgresStore on a PostgreSQL server meets the store contract', () => {
  conformanceTests(async () => {
    const table = `planfirst_conf_${runId}_${tables.length}`;
    tables.push(table);
    await migratePostgres(pool, { table });
    return postgresStore(pool, { table });
  });
});

describe('redisStore on a Redis server meets the store contract', () => {
  conformanceTests(async () => {
    const prefix = `planfirst-conf-${runId}-${prefixes.length}`;
    prefixes.push(prefix);
    await migrateRedis(redis, { prefix });
    return redisStore(redis, { prefix });
  });
});
