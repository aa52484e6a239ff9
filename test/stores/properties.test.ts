import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createSession,
  memoryVersionedStore,
  type StoredRecord,
  type VersionedSessionStore,
} from '../../src/index.js';
import { migratePostgres, postgresStore } from '../../src/stores/postgres/index.js';
import { freshTable, pglite } from './pglite.js';

// Model-based: random operation sequences against a store and a plain Map that follows the
// contract; every result and every listing must agree.

type Op =
  | { type: 'save'; id: string; offset: number; deadline: number | null; lease: number | null }
  | { type: 'delete'; id: string; offset: number }
  | { type: 'load'; id: string }
  | { type: 'list'; now: number };

const idArb = fc.constantFrom('a', 'b', 'c', "d'x", 'é');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    type: fc.constant('save' as const),
    id: idArb,
    offset: fc.integer({ min: -1, max: 1 }),
    deadline: fc.option(fc.integer({ min: 0, max: 20 })),
    lease: fc.option(fc.integer({ min: 0, max: 20 })),
  }),
  fc.record({
    type: fc.constant('delete' as const),
    id: idArb,
    offset: fc.integer({ min: -1, max: 1 }),
  }),
  fc.record({ type: fc.constant('load' as const), id: idArb }),
  fc.record({ type: fc.constant('list' as const), now: fc.integer({ min: 0, max: 20 }) }),
);

const session = createSession();
function recordOf(op: Extract<Op, { type: 'save' }>, n: number): StoredRecord {
  return {
    session: { ...session, messages: [{ role: 'user', content: `write ${n}` }] },
    ...(op.deadline === null
      ? {}
      : { approval: { approvalId: `ap-${op.id}-${n}`, deadline: op.deadline } }),
    ...(op.lease === null ? {} : { lease: { owner: 'w', until: op.lease } }),
  };
}

async function agree(store: VersionedSessionStore, ops: Op[]): Promise<void> {
  const model = new Map<string, { version: number; record: StoredRecord }>();
  let n = 0;
  for (const op of ops) {
    const current = 'id' in op ? model.get(op.id) : undefined;
    switch (op.type) {
      case 'save': {
        n += 1;
        const expected = Math.max(0, (current?.version ?? 0) + op.offset);
        const record = recordOf(op, n);
        const result = await store.save(op.id, record, expected);
        if (expected === (current?.version ?? 0)) {
          expect(result).toEqual({ ok: true, version: expected + 1 });
          model.set(op.id, { version: expected + 1, record });
        } else {
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.error.actualVersion).toBe(current?.version ?? 0);
        }
        break;
      }
      case 'delete': {
        const expected = Math.max(0, (current?.version ?? 0) + op.offset);
        const result = await store.delete(op.id, expected);
        expect(result.ok).toBe(current !== undefined && expected === current.version);
        if (result.ok) model.delete(op.id);
        break;
      }
      case 'load': {
        const loaded = await store.load(op.id);
        expect(loaded).toEqual(
          current === undefined ? undefined : { sessionId: op.id, ...current },
        );
        break;
      }
      case 'list': {
        const rows = [...model].map(([id, v]) => ({ id, ...v }));
        const expired = rows
          .filter((r) => r.record.approval !== undefined && r.record.approval.deadline <= op.now)
          .map((r) => r.id)
          .sort();
        const stalled = rows
          .filter((r) => r.record.lease !== undefined && r.record.lease.until <= op.now)
          .map((r) => r.id)
          .sort();
        const parked = rows.filter((r) => r.record.approval !== undefined).map((r) => r.id);
        const got = async (list: Promise<{ sessionId: string }[]>) =>
          (await list).map((r) => r.sessionId).sort();
        expect(await got(store.listExpiredApprovals({ now: op.now, limit: 100 }))).toEqual(expired);
        expect(await got(store.listStalledRuns({ now: op.now, limit: 100 }))).toEqual(stalled);
        expect(await got(store.listParked({ limit: 100 }))).toEqual(parked.sort());
        for (const r of rows)
          if (r.record.approval !== undefined)
            expect((await store.findApproval(r.record.approval.approvalId))?.sessionId).toBe(r.id);
        break;
      }
    }
  }
}

afterAll(async () => {
  await (await pglite()).close();
});

describe('property: a store agrees with the contract model on any operation sequence', () => {
  it('memory store', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { maxLength: 40 }), (ops) =>
        agree(memoryVersionedStore(), ops),
      ),
      { seed: 1317, numRuns: 200 },
    );
  });

  it('PostgreSQL store on PGlite', async () => {
    const db = await pglite();
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { maxLength: 25 }), async (ops) => {
        const table = freshTable();
        await migratePostgres(db, { table });
        await agree(postgresStore(db, { table }), ops);
      }),
      { seed: 1318, numRuns: 12 },
    );
  }, 300_000);

  it('of concurrent saves over one version exactly one wins, whatever their number', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 0, max: 3 }),
        async (writers, start) => {
          const store = memoryVersionedStore();
          for (let v = 0; v < start; v++) await store.save('s', { session }, v);
          const results = await Promise.all(
            Array.from({ length: writers }, () => store.save('s', { session }, start)),
          );
          expect(results.filter((r) => r.ok)).toEqual([{ ok: true, version: start + 1 }]);
        },
      ),
      { seed: 1319, numRuns: 100 },
    );
  });
});
