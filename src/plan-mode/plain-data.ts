import { hasOwn } from '../own-data.js';
// The gate judges what a host will act on. A host reads fields the ordinary way, through the
// prototype chain and through getters, so a value the gate accepts must have nothing there that
// the gate did not see: plain objects and arrays whose fields are all own data properties, no
// key that rewires prototypes when copied (`__proto__`, `constructor`, `prototype`) and no
// enumerable property inherited from a polluted Object.prototype.

/** Keys that change prototypes when a host copies or merges an object carrying them. */
export const prototypeKeys: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
]);

const MAX_DEPTH = 32;
const MAX_NODES = 10_000;

/** Why a value is not plain data, as a short phrase naming the path. */
export type PlainDataProblem = { path: string; problem: string };

/** Own data property `key` of a plain object, or undefined: never read through the prototype. */
export function ownValue(record: object, key: string): unknown {
  const d = Object.getOwnPropertyDescriptor(record, key);
  return d !== undefined && hasOwn(d, 'value') ? d.value : undefined;
}

function isPlainRecord(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * The first reason `value` is not plain JSON-like data (undefined when it is): strings,
 * finite numbers, booleans, null, undefined, arrays and plain objects of own data properties, at most 32
 * levels deep and 10,000 values in all.
 */
export function plainDataProblem(
  value: unknown,
  path = 'input',
  /** Skip the inherited-field check: for planfirst's own state, read as own data only. */
  ownOnly = false,
): PlainDataProblem | undefined {
  let nodes = 0;
  const seen = new Set<object>();
  const walk = (v: unknown, at: string, depth: number): PlainDataProblem | undefined => {
    nodes += 1;
    if (nodes > MAX_NODES) return { path: at, problem: 'has too many values' };
    // undefined reads as "absent" to a host as much as to the gate.
    if (v === null || v === undefined || typeof v === 'string' || typeof v === 'boolean')
      return undefined;
    if (typeof v === 'number')
      return Number.isFinite(v) ? undefined : { path: at, problem: 'is not a finite number' };
    if (typeof v !== 'object') return { path: at, problem: `is a ${typeof v}, not JSON data` };
    if (depth >= MAX_DEPTH) return { path: at, problem: 'is nested too deeply' };
    if (seen.has(v)) return { path: at, problem: 'is a cycle or a shared object' };
    seen.add(v);
    if (Array.isArray(v)) {
      if (Object.getPrototypeOf(v) !== Array.prototype)
        return { path: at, problem: 'is not a plain array' };
      for (const key of Reflect.ownKeys(v)) {
        if (key === 'length') continue;
        if (typeof key !== 'string' || !/^(0|[1-9]\d*)$/.test(key))
          return { path: at, problem: 'is an array with extra properties' };
      }
      for (let i = 0; i < v.length; i++) {
        const d = Object.getOwnPropertyDescriptor(v, String(i));
        if (d === undefined || !hasOwn(d, 'value'))
          return { path: `${at}[${i}]`, problem: 'is a hole or a getter' };
        const bad = walk(d.value, `${at}[${i}]`, depth + 1);
        if (bad) return bad;
      }
      return undefined;
    }
    if (!isPlainRecord(v)) return { path: at, problem: 'is not a plain object' };
    for (const key of Reflect.ownKeys(v)) {
      if (typeof key !== 'string') return { path: at, problem: 'has a symbol key' };
      const child = `${at}.${key}`;
      if (prototypeKeys.has(key)) return { path: child, problem: 'is a prototype key' };
      const d = Object.getOwnPropertyDescriptor(v, key);
      if (d === undefined || !hasOwn(d, 'value')) return { path: child, problem: 'is a getter' };
      const bad = walk(d.value, child, depth + 1);
      if (bad) return bad;
    }
    // A polluted Object.prototype shows up here: the host would read that field, the gate not.
    if (!ownOnly)
      for (const key in v)
        if (!Object.hasOwn(v, key)) return { path: `${at}.${key}`, problem: 'is inherited' };
    return undefined;
  };
  return walk(value, path, 0);
}
