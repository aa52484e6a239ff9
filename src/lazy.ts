import type * as TypeBox from '@sinclair/typebox';
import type * as TypeBoxValue from '@sinclair/typebox/value';
import type * as Zod from 'zod';
import { ErrorCodes, PlanfirstError } from './errors.js';
import { schemaInput } from './own-data.js';

// zod and TypeBox take most of the root entry's import time (about 200 ms together, cold), and
// most hosts touch few of the schemas. They load, synchronously, the first time a schema is
// used; the schemas themselves are built on first use too (`lazy`).

interface NodeModuleApi {
  createRequire(from: string): (id: string) => unknown;
}

/**
 * Thrown the first time a schema is used on a runtime where planfirst cannot load zod or
 * TypeBox: no `process.getBuiltinModule` (Node 20.16+, Bun, Deno, Workers with
 * `nodejs_compat` have it) and no global `require`, or the package is not installed next to
 * planfirst. Importing planfirst and everything that needs no schema (the gate, the shell
 * analyzer, the approval machine on parsed state) still works there.
 */
export class DependencyUnavailableError extends PlanfirstError {
  override name = 'DependencyUnavailableError';
  /** The package that could not be loaded: `zod`, `@sinclair/typebox` or `@sinclair/typebox/value`. */
  readonly dependency: string;
  constructor(dependency: string, why: string, options?: { cause: unknown }) {
    super(
      ErrorCodes.dependencyUnavailable,
      `planfirst could not load ${dependency}, which it loads on first use of a schema: ${why}`,
    );
    this.dependency = dependency;
    if (options !== undefined) this.cause = options.cause;
  }
}

type Load = (id: string) => unknown;
let load: Load | undefined;

// Where the loader comes from, in order: Node's own module API (any ESM or CJS build on Node,
// Bun, Deno, Workers with nodejs_compat), then a global `require` (runtimes and bundles that
// only expose that). Nothing is loaded at import time, so a runtime with neither fails here,
// on first use of a schema, with an error that says so.
function loader(id: string): Load {
  const scope = globalThis as {
    process?: { getBuiltinModule?: (id: string) => unknown };
    require?: unknown;
  };
  const module = scope.process?.getBuiltinModule?.('node:module') as NodeModuleApi | undefined;
  // `__filename` in the CommonJS build, which has no `import.meta`.
  if (module !== undefined)
    return module.createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
  if (typeof scope.require === 'function') return scope.require as Load;
  throw new DependencyUnavailableError(
    id,
    "this runtime has neither process.getBuiltinModule('node:module') (Node 20.16+, Bun, Deno, Workers with nodejs_compat) nor a global require",
  );
}

function requireDependency<T>(id: string): T {
  load ??= loader(id);
  try {
    return load(id) as T;
  } catch (cause) {
    throw new DependencyUnavailableError(
      id,
      `loading it failed (${cause instanceof Error ? cause.message.split('\n')[0] : String(cause)}); install it next to planfirst`,
      { cause },
    );
  }
}

let zodApi: typeof Zod.z | undefined;
let typeBoxApi: typeof TypeBox | undefined;
let valueApi: typeof TypeBoxValue.Value | undefined;

/** zod's `z`, loaded on first call. */
export function zod(): typeof Zod.z {
  zodApi ??= requireDependency<typeof Zod>('zod').z;
  return zodApi;
}

/** TypeBox (`Type` and friends), loaded on first call. */
export function typeBox(): typeof TypeBox {
  typeBoxApi ??= requireDependency<typeof TypeBox>('@sinclair/typebox');
  return typeBoxApi;
}

/** TypeBox's `Value` (checking and errors), loaded on first call. */
export function typeBoxValue(): typeof TypeBoxValue.Value {
  valueApi ??= requireDependency<typeof TypeBoxValue>('@sinclair/typebox/value').Value;
  return valueApi;
}

/** Builds a value once, the first time it is asked for. */
export function once<T>(build: () => T): () => T {
  let built = false;
  let value: T;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value;
  };
}

/**
 * An object (a schema) that is built the first time it is touched: a stand-in that forwards
 * every operation to the real object, so modules keep `export const fooSchema` and every use
 * site unchanged.
 */
export function lazyObject<T extends object>(
  build: () => T,
  onBuilt?: (target: T, stand: T) => void,
  override?: (key: string | symbol, real: () => T) => unknown,
): T {
  let target: T | undefined;
  const real = (): T => {
    if (target === undefined) {
      target = build();
      onBuilt?.(target, stand);
    }
    return target;
  };
  const stand: T = new Proxy({} as T, {
    get: (_, key) => override?.(key, real) ?? Reflect.get(real(), key),
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
  });
  return stand;
}

/**
 * A zod schema built (and zod loaded) the first time it is touched. zod metadata
 * (`.describe`) registered on the real schema is registered on the stand-in too, so JSON-schema
 * output keeps its descriptions when the stand-in is nested in another schema.
 */
export function lazy<T extends object>(build: (z: typeof Zod.z) => T): T {
  return lazyObject(
    () => build(zod()),
    (target, stand) => {
      const registry = zod().globalRegistry;
      const meta = registry.get(target as never);
      if (meta !== undefined && meta.id === undefined) registry.add(stand as never, meta as never);
    },
    // What planfirst validates is read as own data only: a polluted prototype is never an
    // unknown key or a setting, and a value nested too deeply fails instead of overflowing.
    (key, real) => {
      if (key !== 'safeParse' && key !== 'parse') return undefined;
      const parse = Reflect.get(real(), key) as (input: unknown, params?: unknown) => unknown;
      return (input: unknown, params?: unknown) => parse(schemaInput(input), params);
    },
  );
}
