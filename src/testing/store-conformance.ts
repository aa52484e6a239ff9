import { ErrorCodes } from '../errors.js';
import { createSession } from '../session.js';
import type {
  SaveResult,
  StoredSessionSummary,
  VersionedSessionStore,
} from '../stored-run/contract.js';
import type { StoredRecord } from '../stored-run/record.js';

/** One check of the store contract: run it in your test framework (`it(c.name, c.run)`). */
export interface ConformanceCase {
  name: string;
  run: () => Promise<void>;
}

/**
 * The store contract as runnable checks, so a host can validate its own store the way
 * planfirst validates the memory, PostgreSQL and Redis stores. `makeStore` must return a new,
 * empty store each time (a fresh table or key prefix). Failures throw with what was expected.
 *
 * ```ts
 * for (const c of storeConformance(() => myStore(freshTable()))) it(c.name, c.run);
 * ```
 */
export function storeConformance(
  makeStore: () => VersionedSessionStore | Promise<VersionedSessionStore>,
): ConformanceCase[] {
  return cases.map(([name, body]) => ({ name, run: async () => body(await makeStore()) }));
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`store contract: ${message}`);
}

const show = (v: unknown) => JSON.stringify(v);

function equal(actual: unknown, expected: unknown, what: string): void {
  check(
    show(actual) === show(expected),
    `${what}: expected ${show(expected)}, got ${show(actual)}`,
  );
}

function record(extra: Partial<StoredRecord> = {}, text = 'hello'): StoredRecord {
  const session = createSession();
  return {
    ...extra,
    session: { ...session, messages: [{ role: 'user', content: text, source: 'host' }] },
  };
}

function saved(result: SaveResult, version: number, what: string): void {
  check(result.ok, `${what}: expected the save to succeed, got ${show(result)}`);
  equal(result.version, version, `${what}: version`);
}

function conflict(result: SaveResult, sessionId: string, expected: number, actual: number) {
  check(!result.ok, `expected a version conflict on ${sessionId}, the save succeeded`);
  const e = result.error;
  equal(
    {
      code: e.code,
      sessionId: e.sessionId,
      expectedVersion: e.expectedVersion,
      actualVersion: e.actualVersion,
    },
    {
      code: ErrorCodes.versionConflict,
      sessionId,
      expectedVersion: expected,
      actualVersion: actual,
    },
    'conflict',
  );
  check(e instanceof Error, 'the conflict is an Error');
  check(
    e.message.includes(JSON.stringify(sessionId)) && e.message.includes(String(actual)),
    `the conflict message names the session and its version: ${e.message}`,
  );
}

async function rejects(what: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    equal((error as { code?: unknown }).code, ErrorCodes.invalidStoreInput, `${what}: error code`);
    return;
  }
  check(false, `${what}: expected an invalid_store_input error`);
}

const ids = (rows: readonly StoredSessionSummary[]) => rows.map((r) => r.sessionId);

const cases: [string, (store: VersionedSessionStore) => Promise<void>][] = [
  [
    'load of a session never saved is undefined',
    async (store) => {
      equal(await store.load('absent'), undefined, 'load');
    },
  ],
  [
    'a new session is saved at version 1 and loads back equal',
    async (store) => {
      const r = record({}, 'héllo ✓ 𝄞 "quoted" \\ \u0000 \u2028');
      saved(await store.save('s', r, 0), 1, 'create');
      const loaded = await store.load('s');
      equal(loaded, { sessionId: 's', version: 1, record: r }, 'loaded');
    },
  ],
  [
    'creating an existing session conflicts and keeps the first',
    async (store) => {
      saved(await store.save('s', record({}, 'first'), 0), 1, 'create');
      conflict(await store.save('s', record({}, 'second'), 0), 's', 0, 1);
      equal(
        (await store.load('s'))?.record.session.messages[0],
        record({}, 'first').session.messages[0],
        'kept',
      );
    },
  ],
  [
    'each save over the loaded version adds one; a stale version conflicts and changes nothing',
    async (store) => {
      saved(await store.save('s', record({}, 'v1'), 0), 1, 'v1');
      saved(await store.save('s', record({}, 'v2'), 1), 2, 'v2');
      saved(await store.save('s', record({}, 'v3'), 2), 3, 'v3');
      conflict(await store.save('s', record({}, 'stale'), 2), 's', 2, 3);
      conflict(await store.save('s', record({}, 'ahead'), 4), 's', 4, 3);
      const loaded = await store.load('s');
      equal(loaded?.version, 3, 'version');
      equal(loaded?.record, record({}, 'v3'), 'record');
    },
  ],
  [
    'a save over a version of a session that does not exist conflicts with version 0',
    async (store) => {
      conflict(await store.save('ghost', record(), 3), 'ghost', 3, 0);
      equal(await store.load('ghost'), undefined, 'still absent');
    },
  ],
  [
    'of many concurrent saves over one version exactly one wins',
    async (store) => {
      saved(await store.save('race', record(), 0), 1, 'create');
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => store.save('race', record({}, `writer ${i}`), 1)),
      );
      const winners = results.flatMap((r, i) => (r.ok ? [i] : []));
      equal(winners.length, 1, 'winners');
      for (const r of results) if (!r.ok) equal(r.error.actualVersion, 2, 'loser sees');
      const loaded = await store.load('race');
      equal(loaded?.record, record({}, `writer ${winners[0]}`), 'the winner is stored');
    },
  ],
  [
    'of many concurrent creates exactly one wins',
    async (store) => {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => store.save('new', record({}, `writer ${i}`), 0)),
      );
      equal(results.filter((r) => r.ok).length, 1, 'winners');
    },
  ],
  [
    'delete needs the current version and removes the session from every listing',
    async (store) => {
      const r = record({
        approval: { approvalId: 'a1', deadline: 10 },
        lease: { owner: 'w', until: 10 },
      });
      saved(await store.save('d', r, 0), 1, 'create');
      conflict(await store.delete('d', 2), 'd', 2, 1);
      saved(await store.delete('d', 1), 0, 'delete');
      equal(await store.load('d'), undefined, 'load');
      equal(await store.listParked({ limit: 10 }), [], 'parked');
      equal(await store.listExpiredApprovals({ now: 100, limit: 10 }), [], 'expired');
      equal(await store.listStalledRuns({ now: 100, limit: 10 }), [], 'stalled');
      equal(await store.findApproval('a1'), undefined, 'approval');
      conflict(await store.delete('d', 1), 'd', 1, 0);
      saved(await store.save('d', record(), 0), 1, 'created again');
    },
  ],
  [
    'listParked returns sessions with a pending approval, by id, paged with after',
    async (store) => {
      for (const id of ['c', 'a', 'b', 'd'])
        saved(
          await store.save(
            id,
            record(id === 'd' ? {} : { approval: { approvalId: `ap-${id}`, deadline: 5 } }),
            0,
          ),
          1,
          id,
        );
      const first = await store.listParked({ limit: 2 });
      equal(
        first,
        [
          { sessionId: 'a', version: 1, approvalId: 'ap-a', deadline: 5 },
          { sessionId: 'b', version: 1, approvalId: 'ap-b', deadline: 5 },
        ],
        'first page',
      );
      equal(ids(await store.listParked({ limit: 2, after: 'b' })), ['c'], 'second page');
    },
  ],
  [
    'listExpiredApprovals returns deadlines at or before now, earliest first, with a cursor',
    async (store) => {
      const rows: [string, number][] = [
        ['x', 30],
        ['y', 10],
        ['z', 20],
        ['w', 20],
        ['late', 99],
      ];
      for (const [id, deadline] of rows)
        saved(
          await store.save(id, record({ approval: { approvalId: `ap-${id}`, deadline } }), 0),
          1,
          id,
        );
      equal(
        ids(await store.listExpiredApprovals({ now: 30, limit: 10 })),
        ['y', 'w', 'z', 'x'],
        'due',
      );
      equal(ids(await store.listExpiredApprovals({ now: 20, limit: 2 })), ['y', 'w'], 'limit');
      equal(
        ids(
          await store.listExpiredApprovals({
            now: 30,
            limit: 10,
            after: { at: 20, sessionId: 'w' },
          }),
        ),
        ['z', 'x'],
        'after the cursor',
      );
      equal(ids(await store.listExpiredApprovals({ now: 9, limit: 10 })), [], 'none due');
    },
  ],
  [
    'listStalledRuns returns leases that ran out at or before now, oldest first',
    async (store) => {
      saved(await store.save('old', record({ lease: { owner: 'w1', until: 5 } }), 0), 1, 'old');
      saved(await store.save('live', record({ lease: { owner: 'w2', until: 50 } }), 0), 1, 'live');
      saved(await store.save('idle', record(), 0), 1, 'idle');
      equal(
        await store.listStalledRuns({ now: 10, limit: 10 }),
        [{ sessionId: 'old', version: 1, leaseOwner: 'w1', leaseUntil: 5 }],
        'stalled',
      );
      equal(ids(await store.listStalledRuns({ now: 50, limit: 10 })), ['old', 'live'], 'both');
      equal(
        ids(
          await store.listStalledRuns({ now: 50, limit: 10, after: { at: 5, sessionId: 'old' } }),
        ),
        ['live'],
        'after the cursor',
      );
    },
  ],
  [
    'the index follows every save: a resolved approval or released lease leaves the listings',
    async (store) => {
      const parked = record({
        approval: { approvalId: 'ap1', deadline: 5 },
        lease: { owner: 'w', until: 5 },
      });
      saved(await store.save('s', parked, 0), 1, 'parked');
      equal((await store.findApproval('ap1'))?.sessionId, 's', 'found');
      saved(
        await store.save('s', record({ approval: { approvalId: 'ap2', deadline: 7 } }), 1),
        2,
        'next request',
      );
      equal(await store.findApproval('ap1'), undefined, 'old approval gone');
      equal((await store.findApproval('ap2'))?.version, 2, 'new approval');
      equal(await store.listStalledRuns({ now: 10, limit: 10 }), [], 'lease released');
      saved(await store.save('s', record(), 2), 3, 'decided');
      equal(await store.listParked({ limit: 10 }), [], 'parked');
      equal(await store.listExpiredApprovals({ now: 10, limit: 10 }), [], 'expired');
      equal(await store.findApproval('ap2'), undefined, 'approval');
    },
  ],
  [
    'session ids are kept exactly (quotes, unicode, separators, 200 characters)',
    async (store) => {
      const odd = ["it's", 'a:b:c', '{planfirst}:s:x', 'ü ✓ 𝄞', 'x'.repeat(200), '%_*?', 'a\nb'];
      for (const id of odd) saved(await store.save(id, record({}, id), 0), 1, id);
      for (const id of odd) equal((await store.load(id))?.record, record({}, id), `load ${id}`);
    },
  ],
  [
    'bad arguments are refused with invalid_store_input before anything is written',
    async (store) => {
      await rejects('empty id', () => store.save('', record(), 0));
      await rejects('long id', () => store.load('x'.repeat(201)));
      await rejects('NUL in id', () => store.save('a\u0000b', record(), 0));
      await rejects('lone surrogate', () => store.save('a\uD800', record(), 0));
      await rejects('negative version', () => store.save('s', record(), -1));
      await rejects('fractional version', () => store.save('s', record(), 1.5));
      await rejects('no session', () =>
        store.save('s', { lease: { owner: 'w', until: 1 } } as unknown as StoredRecord, 0),
      );
      await rejects('bad lease', () =>
        store.save('s', record({ lease: { owner: '', until: -1 } }), 0),
      );
      await rejects('zero limit', () => store.listParked({ limit: 0 }));
      await rejects('huge limit', () => store.listExpiredApprovals({ now: 1, limit: 100_000 }));
      await rejects('NaN now', () => store.listStalledRuns({ now: Number.NaN, limit: 1 }));
      equal(await store.load('s'), undefined, 'nothing written');
    },
  ],
  [
    'a loaded record is a copy: changing it changes nothing stored',
    async (store) => {
      saved(await store.save('s', record(), 0), 1, 'create');
      const loaded = await store.load('s');
      loaded?.record.session.messages.push({ role: 'user', content: 'sneaky' });
      equal((await store.load('s'))?.record.session.messages.length, 1, 'stored messages');
    },
  ],
];
