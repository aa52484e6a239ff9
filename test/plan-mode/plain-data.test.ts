import { describe, expect, it } from 'vitest';
import { checkToolCall } from '../../src/internal.js';
import { ownValue, plainDataProblem } from '../../src/plan-mode/plain-data.js';
import { planSession } from '../helpers.js';

// The gate only judges plain JSON-like data; each way a value can hide something from it is
// named, with the path, so the model (and the host's log) learns which field to fix.

function nested(depth: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

describe('plainDataProblem', () => {
  it('accepts JSON data: strings, finite numbers, booleans, null, undefined, arrays, objects', () => {
    for (const v of ['x', 0, -1.5, true, false, null, undefined, [], {}, [1, 'a', [null]]])
      expect(plainDataProblem(v)).toBeUndefined();
    expect(plainDataProblem({ a: { b: [{ c: 'd' }] }, e: undefined })).toBeUndefined();
    expect(plainDataProblem(Object.assign(Object.create(null), { a: 1 }))).toBeUndefined();
  });

  const cases: Array<[string, unknown, { path: string; problem: string }]> = [
    ['NaN', { n: Number.NaN }, { path: 'input.n', problem: 'is not a finite number' }],
    ['Infinity', [Infinity], { path: 'input[0]', problem: 'is not a finite number' }],
    ['a function', { f: () => 1 }, { path: 'input.f', problem: 'is a function, not JSON data' }],
    ['a bigint', { n: 1n }, { path: 'input.n', problem: 'is a bigint, not JSON data' }],
    [
      'a symbol value',
      { s: Symbol('x') },
      { path: 'input.s', problem: 'is a symbol, not JSON data' },
    ],
    ['a class instance', { d: new Date(0) }, { path: 'input.d', problem: 'is not a plain object' }],
    ['a Map', new Map(), { path: 'input', problem: 'is not a plain object' }],
    [
      'an array subclass',
      { a: new (class extends Array {})() },
      { path: 'input.a', problem: 'is not a plain array' },
    ],
    [
      'an array with a named property',
      { a: Object.assign([1], { extra: 2 }) },
      { path: 'input.a', problem: 'is an array with extra properties' },
    ],
    [
      'an array with a symbol property',
      Object.assign([1], { [Symbol('s')]: 2 }),
      { path: 'input', problem: 'is an array with extra properties' },
    ],
    // biome-ignore lint/suspicious/noSparseArray: a hole is the case under test
    ['an array hole', { a: [1, , 3] }, { path: 'input.a[1]', problem: 'is a hole or a getter' }],
    [
      'an array getter',
      {
        a: Object.defineProperty([1, 2], '1', { get: () => 2, enumerable: true }),
      },
      { path: 'input.a[1]', problem: 'is a hole or a getter' },
    ],
    [
      'an object getter',
      { o: Object.defineProperty({}, 'g', { get: () => 'x', enumerable: true }) },
      { path: 'input.o.g', problem: 'is a getter' },
    ],
    ['a symbol key', { o: { [Symbol('k')]: 1 } }, { path: 'input.o', problem: 'has a symbol key' }],
    [
      'a __proto__ key',
      JSON.parse('{"o":{"__proto__":{"x":1}}}'),
      { path: 'input.o.__proto__', problem: 'is a prototype key' },
    ],
    [
      'a constructor key',
      { constructor: 1 },
      { path: 'input.constructor', problem: 'is a prototype key' },
    ],
    [
      'a prototype key',
      { prototype: 1 },
      { path: 'input.prototype', problem: 'is a prototype key' },
    ],
  ];
  for (const [name, value, expected] of cases)
    it(`refuses ${name}, naming the path`, () => {
      expect(plainDataProblem(value)).toEqual(expected);
    });

  it('refuses a cycle and a shared object, at the second sighting', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(plainDataProblem(cyclic)).toEqual({
      path: 'input.self',
      problem: 'is a cycle or a shared object',
    });
    const shared = { x: 1 };
    expect(plainDataProblem({ a: shared, b: shared })).toEqual({
      path: 'input.b',
      problem: 'is a cycle or a shared object',
    });
  });

  it('allows 32 levels of nesting and refuses the 33rd', () => {
    expect(plainDataProblem(nested(31))).toBeUndefined();
    expect(plainDataProblem(nested(32))).toBeUndefined();
    expect(plainDataProblem(nested(33))).toEqual({
      path: `input${'.a'.repeat(32)}`,
      problem: 'is nested too deeply',
    });
  });

  it('allows 10,000 values in all and refuses the 10,001st', () => {
    // The array itself is one value.
    expect(plainDataProblem(new Array(9_999).fill(0))).toBeUndefined();
    expect(plainDataProblem(new Array(10_000).fill(0))).toEqual({
      path: 'input[9999]',
      problem: 'has too many values',
    });
  });

  it('names the path from the root it is given', () => {
    expect(plainDataProblem({ n: Number.NaN }, 'args')).toEqual({
      path: 'args.n',
      problem: 'is not a finite number',
    });
  });

  it('refuses a field inherited from a polluted Object.prototype', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.polluted = 'yes';
    try {
      expect(plainDataProblem({ a: 1 })).toEqual({
        path: 'input.polluted',
        problem: 'is inherited',
      });
    } finally {
      delete proto.polluted;
    }
    expect(plainDataProblem({ a: 1 })).toBeUndefined();
  });
});

describe('ownValue', () => {
  it('reads own data properties only: never a getter, never the prototype chain', () => {
    expect(ownValue({ a: 1 }, 'a')).toBe(1);
    expect(ownValue(Object.create({ a: 1 }), 'a')).toBeUndefined();
    let read = false;
    const getter = Object.defineProperty({}, 'a', {
      get: () => {
        read = true;
        return 1;
      },
    });
    expect(ownValue(getter, 'a')).toBeUndefined();
    expect(read).toBe(false);
  });
});

describe('the gate on input that is not plain data', () => {
  it('blocks in plan mode with the path and the problem in the message', () => {
    const d = checkToolCall(planSession(), {
      name: 'read_file',
      input: { path: 'a', n: Number.NaN },
      readOnly: true,
    });
    expect(d.allowed).toBe(false);
    expect(d.code).toBe('invalid_input');
    expect(d.message).toContain(
      'its `input.n` is not a finite number; planning only judges plain JSON data.',
    );
  });
});
