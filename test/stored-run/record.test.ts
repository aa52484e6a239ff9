import { describe, expect, it } from 'vitest';
import { createSession, SessionError } from '../../src/index.js';
import { encodeRecord, parseStoredRecord, parseStoredVersion } from '../../src/stored-run/index.js';

// What a store reads beside a record and writes for it: the version is a positive integer,
// a record is JSON whose every field is checked, and an unstorable record names its problem.

function issues(run: () => unknown): { path: string; message: string }[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SessionError);
    return [...(error as SessionError).issues];
  }
  throw new Error('expected a SessionError');
}

const fail = (message: string) => new Error(message);

describe('parseStoredVersion', () => {
  it('takes a positive safe integer, as a number or its decimal text', () => {
    expect(parseStoredVersion(1)).toBe(1);
    expect(parseStoredVersion(42)).toBe(42);
    expect(parseStoredVersion('7')).toBe(7);
    expect(parseStoredVersion('0012')).toBe(12);
  });

  it('refuses anything else as a corrupt row, quoting at most 40 characters', () => {
    for (const [raw, shown] of [
      [0, '0'],
      [-1, '-1'],
      [1.5, '1.5'],
      [2 ** 53, String(2 ** 53)],
      ['0', '0'],
      ['1.5', '1.5'],
      ['x7', 'x7'],
      ['7x', '7x'],
      ['', ''],
      ['9'.repeat(50), '9'.repeat(40)],
      [null, 'null'],
      [true, 'true'],
    ] as const)
      expect(issues(() => parseStoredVersion(raw))).toEqual([
        { path: '(version)', message: `the stored version is not a positive integer: ${shown}` },
      ]);
  });
});

describe('parseStoredRecord', () => {
  it('reads the record from its JSON text or the parsed value alike', () => {
    const record = { session: createSession(), lease: { owner: 'w1', until: 5 } };
    const fromText = parseStoredRecord(JSON.stringify(record));
    expect(fromText.lease).toEqual({ owner: 'w1', until: 5 });
    expect(parseStoredRecord(JSON.parse(JSON.stringify(record)))).toEqual(fromText);
  });

  it('text that is not JSON is one issue at the root', () => {
    const found = issues(() => parseStoredRecord('{"session":'));
    expect(found).toHaveLength(1);
    expect(found[0]?.path).toBe('(root)');
    expect(found[0]?.message).toMatch(/^not JSON: /);
  });

  it('a record with a bad field is refused', () => {
    const record = { session: createSession(), lease: { owner: '', until: 5 } };
    expect(issues(() => parseStoredRecord(record)).map((i) => i.path)).toEqual(['lease.owner']);
  });
});

describe('encodeRecord', () => {
  it('writes the JSON and the index of a valid record', () => {
    const record = { session: createSession(), lease: { owner: 'w1', until: 5 } };
    const { json, index } = encodeRecord(record, fail);
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(record)));
    expect(index).toMatchObject({ leaseOwner: 'w1', leaseUntil: 5 });
  });

  it('refuses a record whose session is not an object, naming the path', () => {
    for (const session of [[], null, 'x'])
      expect(() => encodeRecord({ session }, fail)).toThrow(
        'invalid record: session: expected the session object',
      );
  });

  it('refuses a record that cannot be written as JSON', () => {
    const session: Record<string, unknown> = { ...createSession() };
    session.self = session;
    expect(() => encodeRecord({ session }, fail)).toThrow(/^the record is not JSON-serialisable: /);
  });
});
