import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSession, type VersionedSessionStore } from '../../../src/internal.js';
import { migratePostgres, postgresStore } from '../../../src/stores/postgres/index.js';
import { redisStore } from '../../../src/stores/redis/index.js';
import { corruptTextArb, expectTypedLoad } from '../corruption.js';
import { pglite } from '../pglite.js';
import { migratedServices } from './cleanup.js';
import { runId } from './env.js';

// Random corruption of what each server holds for a session — the record text, and on Redis the
// version field — read back through the store: a record, or SessionError / StoreInputError.
const { pool, redis, table, prefix } = migratedServices('corrupt');
const record = { session: createSession({ planMode: { enabled: true } }, { now: 5 }) };

async function corruptAll(
  store: VersionedSessionStore,
  write: (id: string, text: string, version: string) => Promise<void>,
) {
  let n = 0;
  await fc.assert(
    fc.asyncProperty(
      corruptTextArb,
      fc.oneof(fc.constant('1'), fc.constantFrom('abc', '', '-1', '1.5', 'NaN', '1e3', '0')),
      async (text, version) => {
        const id = `s${n++}`;
        expect((await store.save(id, record, 0)).ok).toBe(true);
        await write(id, text, version);
        await expectTypedLoad(store, id);
      },
    ),
    { numRuns: 60 },
  );
}

describe('corrupted stored records on the real servers', () => {
  it('PostgreSQL: a record that is not JSON is a SessionError, not a SyntaxError', async () => {
    const store = postgresStore(pool, { table });
    await store.save('bad', record, 0);
    await pool.query(`UPDATE "${table}" SET record = $1 WHERE session_id = 'bad'`, ['{not json']);
    await expect(store.load('bad')).rejects.toMatchObject({ code: 'invalid_session' });
  });

  it('Redis: a non-numeric version field is a SessionError, never version NaN', async () => {
    const store = redisStore(redis, { prefix });
    await store.save('bad', record, 0);
    await redis.hset(`{${prefix}}:s:bad`, 'v', 'abc');
    await expect(store.load('bad')).rejects.toMatchObject({ code: 'invalid_session' });
  });

  it('property: PostgreSQL', async () => {
    await corruptAll(postgresStore(pool, { table }), async (id, text) => {
      await pool.query(`UPDATE "${table}" SET record = $1 WHERE session_id = $2`, [text, id]);
    });
  });

  it('property: Redis (record text and version field)', async () => {
    await corruptAll(redisStore(redis, { prefix }), async (id, text, version) => {
      await redis.hset(`{${prefix}}:s:${id}`, 'r', text, 'v', version);
    });
  });

  it('property: PGlite', async () => {
    const db = await pglite();
    const name = `planfirst_corrupt_lite_${runId}`;
    await migratePostgres(db, { table: name });
    await corruptAll(postgresStore(db, { table: name }), async (id, text) => {
      await db.query(`UPDATE "${name}" SET record = $1 WHERE session_id = $2`, [text, id]);
    });
  });
});
