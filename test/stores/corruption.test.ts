import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryVersionedStore, parseSession, parseStoredRecord } from '../../src/internal.js';
import { corruptRecordArb, expectTypedLoad } from './corruption.js';

describe('reading a corrupted stored record is always a typed error', () => {
  it('a record nested 2,000 levels deep is a SessionError (invalid_session), not a RangeError', async () => {
    let nested: unknown = 1;
    for (let i = 0; i < 2_000; i++) nested = [nested];
    const text = JSON.stringify({ session: nested });
    expect(() => parseStoredRecord(text)).toThrow(
      expect.objectContaining({ code: 'invalid_session' }),
    );
    expect(() => parseSession(JSON.stringify({ messages: nested }))).toThrow(
      expect.objectContaining({ code: 'invalid_session', message: expect.any(String) }),
    );
    const store = memoryVersionedStore();
    await store.save('deep', { session: { messages: nested } } as never, 0);
    await expect(store.load('deep')).rejects.toMatchObject({ code: 'invalid_session' });
  });

  it('property: random corruption of a stored record on the memory store', async () => {
    const store = memoryVersionedStore();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(corruptRecordArb, async (record) => {
        const id = `s${n++}`;
        try {
          await store.save(id, record as never, 0);
        } catch (error) {
          // A record the store refuses to write is a StoreInputError.
          expect(error).toMatchObject({ code: 'invalid_store_input' });
          return;
        }
        await expectTypedLoad(store, id);
      }),
      { numRuns: 150 },
    );
  });
});
