import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DependencyUnavailableError, ErrorCodes } from '../src/index.js';

// src/lazy.ts keeps its loader in module state: each case imports a fresh copy after changing
// what the runtime offers, and puts the runtime back afterwards.
const scope = globalThis as { require?: unknown };
const original = process.getBuiltinModule;

async function freshLazy() {
  vi.resetModules();
  return import('../src/lazy.js');
}

function withoutBuiltinModule() {
  Object.defineProperty(process, 'getBuiltinModule', {
    value: undefined,
    configurable: true,
    writable: true,
  });
}

afterEach(() => {
  Object.defineProperty(process, 'getBuiltinModule', {
    value: original,
    configurable: true,
    writable: true,
  });
  delete scope.require;
  vi.resetModules();
});

describe('loading zod and TypeBox on first use', () => {
  it('loads them through process.getBuiltinModule where the runtime has it', async () => {
    const lazy = await freshLazy();
    expect(lazy.zod().string().parse('ok')).toBe('ok');
    expect(lazy.typeBoxValue().Check(lazy.typeBox().String(), 'ok')).toBe(true);
  });

  it('falls back to a global require when process.getBuiltinModule is missing', async () => {
    withoutBuiltinModule();
    const required: string[] = [];
    const realRequire = createRequire(import.meta.url);
    scope.require = (id: string) => {
      required.push(id);
      return realRequire(id);
    };
    const lazy = await freshLazy();
    expect(lazy.zod().number().parse(3)).toBe(3);
    expect(lazy.typeBox().Number().type).toBe('number');
    expect(required).toEqual(['zod', '@sinclair/typebox']);
  });

  it('throws DependencyUnavailableError, naming the package and the runtime gap, when neither exists', async () => {
    withoutBuiltinModule();
    const lazy = await freshLazy();
    let thrown: unknown;
    try {
      lazy.zod();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(lazy.DependencyUnavailableError);
    // The same module graph as the fresh src/lazy.ts, so the same PlanfirstError class.
    expect(thrown).toBeInstanceOf((await import('../src/errors.js')).PlanfirstError);
    const error = thrown as DependencyUnavailableError;
    expect(error.code).toBe(ErrorCodes.dependencyUnavailable);
    expect(error.code).toBe('dependency_unavailable');
    expect(error.name).toBe('DependencyUnavailableError');
    expect(error.dependency).toBe('zod');
    expect(error.message).toBe(
      "planfirst could not load zod, which it loads on first use of a schema: this runtime has neither process.getBuiltinModule('node:module') (Node 20.16+, Bun, Deno, Workers with nodejs_compat) nor a global require",
    );
  });

  it('does not touch the loader at import time: importing works on such a runtime', async () => {
    withoutBuiltinModule();
    vi.resetModules();
    const root = await import('../src/index.js');
    const options = { planMode: { enabled: true } };
    expect(root.analyzeShellCommand('ls -la').readOnly).toBe(true);
    // The first schema use is where it fails, with the typed error.
    expect(() => root.resolveOptions(options)).toThrow(root.DependencyUnavailableError);
  });

  it('wraps a loader that cannot find the package in the typed error, with the cause', async () => {
    const missing = new Error("Cannot find module '@sinclair/typebox'\nRequire stack:\n- x");
    Object.defineProperty(process, 'getBuiltinModule', {
      value: () => ({
        createRequire: () => () => {
          throw missing;
        },
      }),
      configurable: true,
      writable: true,
    });
    const lazy = await freshLazy();
    let thrown: unknown;
    try {
      lazy.typeBox();
    } catch (error) {
      thrown = error;
    }
    const error = thrown as DependencyUnavailableError;
    expect(error).toBeInstanceOf(lazy.DependencyUnavailableError);
    expect(error.dependency).toBe('@sinclair/typebox');
    expect(error.cause).toBe(missing);
    expect(error.message).toBe(
      "planfirst could not load @sinclair/typebox, which it loads on first use of a schema: loading it failed (Cannot find module '@sinclair/typebox'); install it next to planfirst",
    );
  });
});
