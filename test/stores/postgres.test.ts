import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres, postgresStore } from '../../src/stores/postgres/index.js';
import { conformanceTests } from './conformance.js';
import { freshTable, pglite } from './pglite.js';

// PGlite is real PostgreSQL compiled to WebAssembly: the same SQL as a server, no server.
beforeAll(async () => {
  await pglite();
}, 180_000);

afterAll(async () => {
  await (await pglite()).close();
});

describe('postgresStore on PGlite meets the store contract', () => {
  conformanceTests(async () => {
    const db = await pglite();
    const table = freshTable();
    await migratePostgres(db, { table });
    return postgresStore(db, { table });
  });
});

describe('migratePostgres', () => {
  it('is idempotent: running it again, or concurrently, keeps the table and its rows', async () => {
    const db = await pglite();
    const table = freshTable();
    await Promise.all([migratePostgres(db, { table }), migratePostgres(db, { table })]);
    const store = postgresStore(db, { table });
    const session = (await import('../../src/index.js')).createSession();
    expect((await store.save('s', { session }, 0)).ok).toBe(true);
    await migratePostgres(db, { table });
    expect((await store.load('s'))?.version).toBe(1);
  });

  it('refuses a table name that is not a plain identifier', async () => {
    const db = await pglite();
    for (const table of ['x; drop table y', 'a"b', '', 'a.b.c', '1abc', 'x'.repeat(49)])
      await expect(migratePostgres(db, { table })).rejects.toMatchObject({
        code: 'invalid_store_input',
      });
    expect(() => postgresStore(db, { table: 'bad name' })).toThrow(/table must be a name/);
  });

  it('accepts a schema-qualified table', async () => {
    const db = await pglite();
    await db.query('CREATE SCHEMA IF NOT EXISTS app');
    await migratePostgres(db, { table: 'app.sessions' });
    const store = postgresStore(db, { table: 'app.sessions' });
    const session = (await import('../../src/index.js')).createSession();
    expect(await store.save('s', { session }, 0)).toEqual({ ok: true, version: 1 });
  });
});
