import fc from 'fast-check';
import { describe, it } from 'vitest';
import { postgresStore } from '../../../src/stores/postgres/index.js';
import { redisStore } from '../../../src/stores/redis/index.js';
import { checkDeadlineCase, deadlineCaseArb } from '../../stored-run/deadline-property.js';
import { migratedServices } from './cleanup.js';

// The approval deadline saved with the request binds at the decision on the real servers: with
// no sweep running, a decision at or after it is ignored and the timeout is saved instead.
const { pool, redis, table, prefix } = migratedServices('deadline');

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
