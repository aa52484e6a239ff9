import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { migratePostgres, postgresStore } from '../../../src/stores/postgres/index.js';
import { migrateRedis, redisStore } from '../../../src/stores/redis/index.js';
import { checkDeadlineCase, deadlineCaseArb } from '../../stored-run/deadline-property.js';
import { dropPrefixes, dropTables } from './cleanup.js';
import { pgPool, redisClient, runId } from './env.js';

// The approval deadline saved with the request binds at the decision on the real servers: with
// no sweep running, a decision at or after it is ignored and the timeout is saved instead.
const pool = pgPool();
const redis = redisClient();
const table = `planfirst_deadline_${runId}`;
const prefix = `planfirst-deadline-${runId}`;

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

describe('the approval deadline on PostgreSQL and Redis', () => {
  for (const [name, store] of [
    ['PostgreSQL', () => postgresStore(pool, { table })],
    ['Redis', () => redisStore(redis, { prefix })],
  ] as const) {
    it(`${name}: random decision times around the deadline, through runStored and decision tokens`, async () => {
      let n = 0;
      await fc.assert(
        fc.asyncProperty(deadlineCaseArb, (c) => checkDeadlineCase(store(), `s${n++}`, c)),
        { numRuns: 40 },
      );
    });
  }
});
