// Schemas read their input with `in`, `for…in` and plain property reads, all of which see a
// polluted Object.prototype: an inherited `foo` becomes an "unknown key", an inherited
// `enabled: false` a setting nobody made. Validation therefore runs on a copy made of own
// properties only, in objects without a prototype, and a value nested deeper than a limit is
// refused before any recursion could exhaust the stack.

/** Deepest nesting a session, a stored record or an options object may have (levels). */
export const maxNestingDepth = 256;

/** A fresh object with no prototype: a schema default a polluted prototype cannot fill. */
export const emptyRecord = (): Record<string, never> => Object.create(null);

/** A copy of own data, or the path where the value is nested too deeply. */
export type OwnData = { ok: true; value: unknown } | { ok: false; path: string };

function isPlainRecord(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Copies plain objects (own enumerable string keys, into null-prototype objects) and arrays
 * (own elements; a hole is undefined); anything else is kept as it is. Getters are read once,
 * as a host would read them. A cycle is kept as a reference to the copy.
 */
export function ownData(
  value: unknown,
  maxDepth = maxNestingDepth,
  tooDeepMark?: unknown,
): OwnData {
  const copies = new Map<object, unknown>();
  let tooDeep: string | undefined;
  const copy = (v: unknown, path: string, depth: number): unknown => {
    if (typeof v !== 'object' || v === null || tooDeep !== undefined) return v;
    const done = copies.get(v);
    if (done !== undefined) return done;
    if (depth >= maxDepth) {
      if (tooDeepMark !== undefined) return tooDeepMark;
      tooDeep = path;
      return v;
    }
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      copies.set(v, out);
      for (let i = 0; i < v.length; i++)
        out.push(Object.hasOwn(v, i) ? copy(v[i], `${path}[${i}]`, depth + 1) : undefined);
      return out;
    }
    if (!isPlainRecord(v)) return v;
    const out: Record<string, unknown> = Object.create(null);
    copies.set(v, out);
    for (const key of Object.keys(v))
      out[key] = copy((v as Record<string, unknown>)[key], `${path}.${key}`, depth + 1);
    return out;
  };
  const out = copy(value, '(root)', 0);
  return tooDeep === undefined ? { ok: true, value: out } : { ok: false, path: tooDeep };
}

// Stands in for a subtree nested too deeply: a function, which no schema of JSON data accepts,
// so validation fails there instead of recursing on.
const nestedTooDeeply = (): undefined => undefined;

/** `input` as a schema may read it (own data, depth-limited); for `safeParse`. */
export function schemaInput(input: unknown): unknown {
  const own = ownData(input, maxNestingDepth, nestedTooDeeply);
  return own.ok ? own.value : input;
}

/**
 * `value` rebuilt with null-prototype objects (arrays stay arrays), so reading a field that is
 * absent never finds one a polluted Object.prototype supplies. For validated output.
 */
export function withoutPrototypes<T>(value: T): T {
  const copied = ownData(value, Number.POSITIVE_INFINITY);
  return (copied.ok ? copied.value : value) as T;
}

type WithKey<T, K extends string> = [Extract<T, { [P in K]: unknown }>] extends [never]
  ? T & { [P in K]: unknown }
  : Extract<T, { [P in K]: unknown }>;

/** `key in value` for own properties only (a discriminant a polluted prototype cannot fake). */
export function hasOwn<T extends object, K extends string>(
  value: T,
  key: K,
): value is WithKey<T, K> {
  return Object.hasOwn(value, key);
}
