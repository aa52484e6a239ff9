import { describe, expect, it } from 'vitest';
import {
  maxListLimit,
  maxStoreIdLength,
  StoreInputError,
  storeInput,
  VersionConflictError,
} from '../../src/stored-run/index.js';

// The argument checks every store runs (and a host's own store should): each refusal is a
// StoreInputError (code invalid_store_input) whose message names the argument and the value.

function refusal(run: () => unknown): StoreInputError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(StoreInputError);
    return error as StoreInputError;
  }
  throw new Error('expected a StoreInputError');
}

describe('storeInput', () => {
  it('ids: a string of 1 to 200 characters of well-formed text without NUL', () => {
    expect(storeInput.id('sessionId', 'a')).toBe('a');
    expect(storeInput.id('sessionId', 'x'.repeat(maxStoreIdLength))).toBe('x'.repeat(200));
    expect(storeInput.id('sessionId', 'run-😀')).toBe('run-😀');
    for (const [bad, got] of [
      ['', '""'],
      ['x'.repeat(201), 'a string of 201 characters'],
      [7, '7'],
      [null, 'null'],
      [undefined, 'undefined'],
    ] as const) {
      const error = refusal(() => storeInput.id('sessionId', bad));
      expect(error.message).toBe(`sessionId must be a string of 1 to 200 characters, got ${got}`);
      expect(error.name).toBe('StoreInputError');
      expect(error.code).toBe('invalid_store_input');
    }
    for (const bad of ['a\0b', 'a\uD800', '\uDC00b'])
      expect(refusal(() => storeInput.id('approvalId', bad)).message).toBe(
        'approvalId must be well-formed text without NUL characters',
      );
  });

  it('a refusal quotes a string of up to 40 characters and counts a longer one', () => {
    expect(refusal(() => storeInput.version('9'.repeat(40))).message).toBe(
      `expectedVersion must be a non-negative integer (0 for a new session), got "${'9'.repeat(40)}"`,
    );
    expect(refusal(() => storeInput.version('9'.repeat(41))).message).toBe(
      'expectedVersion must be a non-negative integer (0 for a new session), got a string of 41 characters',
    );
  });

  it('versions: a non-negative safe integer', () => {
    expect(storeInput.version(0)).toBe(0);
    expect(storeInput.version(12)).toBe(12);
    for (const [bad, got] of [
      [-1, '-1'],
      [1.5, '1.5'],
      [2 ** 53, String(2 ** 53)],
      ['1', '"1"'],
      [true, 'true'],
    ] as const)
      expect(refusal(() => storeInput.version(bad)).message).toBe(
        `expectedVersion must be a non-negative integer (0 for a new session), got ${got}`,
      );
  });

  it('limits: an integer from 1 to 1000', () => {
    expect(storeInput.limit(1)).toBe(1);
    expect(storeInput.limit(maxListLimit)).toBe(1000);
    for (const [bad, got] of [
      [0, '0'],
      [1001, '1001'],
      [2.5, '2.5'],
      ['10', '"10"'],
      [{}, 'object'],
    ] as const)
      expect(refusal(() => storeInput.limit(bad)).message).toBe(
        `limit must be an integer from 1 to 1000, got ${got}`,
      );
  });

  it('now: a finite number', () => {
    expect(storeInput.now(0)).toBe(0);
    expect(storeInput.now(-5.5)).toBe(-5.5);
    for (const [bad, got] of [
      [Number.NaN, 'NaN'],
      [Number.POSITIVE_INFINITY, 'Infinity'],
      ['1', '"1"'],
    ] as const)
      expect(refusal(() => storeInput.now(bad)).message).toBe(
        `now must be a finite number (ms), got ${got}`,
      );
  });

  it('due: checks now and limit, and returns the cursor after checking it', () => {
    expect(storeInput.due({ now: 1, limit: 10 })).toBeUndefined();
    const after = { at: 5, sessionId: 's1' };
    expect(storeInput.due({ now: 1, limit: 10, after })).toBe(after);
    expect(refusal(() => storeInput.due({ now: Number.NaN, limit: 10 })).message).toMatch(/^now /);
    expect(refusal(() => storeInput.due({ now: 1, limit: 0 })).message).toMatch(/^limit /);
    for (const [at, got] of [
      [1.5, '1.5'],
      [undefined, 'undefined'],
    ] as const)
      expect(
        refusal(() => storeInput.due({ now: 1, limit: 10, after: { at, sessionId: 's' } as never }))
          .message,
      ).toBe(`after.at must be an integer, got ${got}`);
    expect(
      refusal(() => storeInput.due({ now: 1, limit: 10, after: { at: 1, sessionId: '' } })).message,
    ).toBe('after.sessionId must be a string of 1 to 200 characters, got ""');
  });
});

describe('VersionConflictError', () => {
  it('names the session and both versions', () => {
    const error = new VersionConflictError('s1', 3, 4);
    expect(error).toMatchObject({
      name: 'VersionConflictError',
      code: 'version_conflict',
      sessionId: 's1',
      expectedVersion: 3,
      actualVersion: 4,
    });
    expect(error.message).toBe(
      'session "s1" is at version 4, not 3: another writer saved it first; load it again and retry',
    );
  });
});
