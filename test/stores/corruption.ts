import fc from 'fast-check';
import { expect } from 'vitest';
import { createSession, PlanfirstError, type VersionedSessionStore } from '../../src/internal.js';

/** A valid stored record, as its JSON value. */
export function validRecord(): Record<string, unknown> {
  const session = createSession({ planMode: { enabled: true } }, { now: 5 });
  return JSON.parse(
    JSON.stringify({ session, lease: { owner: 'w1', until: 10 }, approval: undefined }),
  ) as Record<string, unknown>;
}

const deep = (levels: number, leaf: unknown = 1): unknown => {
  let v = leaf;
  for (let i = 0; i < levels; i++) v = i % 2 === 0 ? [v] : { x: v };
  return v;
};

const jsonValueArb = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 257, max: 3_000 }).map((n) => deep(n)),
);

/** Replaces a random path of `value` with `replacement` (or deletes it). */
function mutate(
  value: unknown,
  path: readonly number[],
  replacement: unknown,
  remove: boolean,
): unknown {
  if (path.length === 0 || typeof value !== 'object' || value === null) return replacement;
  const [first = 0, ...rest] = path;
  if (Array.isArray(value)) {
    if (value.length === 0) return replacement;
    const i = first % value.length;
    const copy = [...value];
    if (remove && rest.length === 0) copy.splice(i, 1);
    else copy[i] = mutate(value[i], rest, replacement, remove);
    return copy;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return replacement;
  const key = keys[first % keys.length] ?? '';
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (remove && rest.length === 0) delete copy[key];
  else copy[key] = mutate(copy[key], rest, replacement, remove);
  return copy;
}

/** A corrupted record: a valid one with one subtree replaced or removed. */
export const corruptRecordArb = fc
  .record({
    path: fc.array(fc.nat(50), { minLength: 0, maxLength: 6 }),
    replacement: jsonValueArb,
    remove: fc.boolean(),
  })
  .map(({ path, replacement, remove }) => mutate(validRecord(), path, replacement, remove));

/** Corrupted record text: a corrupted record's JSON, cut short, or not JSON at all. */
export const corruptTextArb = fc.oneof(
  corruptRecordArb.map((r) => JSON.stringify(r) ?? 'null'),
  fc
    .tuple(fc.nat(), fc.constant(JSON.stringify(validRecord())))
    .map(([n, text]) => text.slice(0, n % text.length)),
  fc.string({ maxLength: 40 }),
  fc.integer({ min: 257, max: 3_000 }).map((n) => `{"session":${'['.repeat(n)}${']'.repeat(n)}}`),
);

/** Loading `sessionId` either gives a record or throws a typed error: SessionError or StoreInputError. */
export async function expectTypedLoad(store: VersionedSessionStore, sessionId: string) {
  try {
    const loaded = await store.load(sessionId);
    if (loaded !== undefined) {
      expect(Number.isSafeInteger(loaded.version) && loaded.version >= 1).toBe(true);
      expect(typeof loaded.record.session).toBe('object');
    }
  } catch (error) {
    expect(error).toBeInstanceOf(PlanfirstError);
    expect(['invalid_session', 'invalid_store_input']).toContain((error as PlanfirstError).code);
  }
}
