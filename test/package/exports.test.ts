import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { allDocumentation } from '../docs/documents.js';

// Runs against the build (`npm test` builds first): both module formats must expose the
// documented public API, with types.
const dist = new URL('../../dist/', import.meta.url);
const publicNames = [
  'resolveOptions',
  'createSession',
  'parseSession',
  'checkToolCall',
  'enterPlanMode',
  'exitPlanMode',
  'requestApproval',
  'resolveApproval',
  'planModeTools',
  'renderPlan',
  'OptionsError',
  'SessionError',
  'classifyTurn',
  'isExecutionAck',
  'summarizeTurn',
  'turnSummarySchema',
  'TurnKinds',
  'defaultCues',
  'resolveIncompleteTurn',
  'ackFastPathInstruction',
  'worstCaseModelCalls',
  'decideAutoContinue',
  'analyzeShellCommand',
  'analyzeArgv',
  'hardenedShellEnv',
  'step',
  'runAgent',
  'compactionReminder',
  'handlePlanToolCall',
  'planModeSystemPrompt',
  'isReadOnlyCall',
  'memorySessionStore',
  'isPlanBookkeeping',
  'RunReasons',
  'memoryVersionedStore',
  'runStored',
  'sweepExpiredApprovals',
  'resumeStalledRuns',
  'VersionConflictError',
  'StoredRunOutcomes',
  'signDecisionToken',
  'verifyDecisionToken',
  'deliverDecisionToken',
  'DecisionTokenCodes',
];

describe('the built package (run `npm run build` first; `npm test` does)', () => {
  it('exposes the public API as ESM', async () => {
    const esm = (await import(new URL('index.js', dist).href)) as Record<string, unknown>;
    for (const name of publicNames) expect(esm[name], name).toBeDefined();
  });

  it('exposes the same API as CommonJS', () => {
    const cjs = createRequire(import.meta.url)(new URL('index.cjs', dist).pathname) as Record<
      string,
      unknown
    >;
    for (const name of publicNames) expect(cjs[name], name).toBeDefined();
  });

  it('keeps every error class name in the minified build, in both formats', async () => {
    type ErrorClass = new (...args: unknown[]) => Error;
    const made: Record<string, unknown[]> = {
      PlanfirstError: ['invalid_options', 'm'],
      ValidationError: ['invalid_options', 'what', []],
      OptionsError: [[]],
      SessionError: [[]],
      CsprngUnavailableError: [],
      DecisionTokenKeyError: ['m'],
      DependencyUnavailableError: ['zod', 'why'],
      HookConfigError: [[]],
      RunConfigError: ['m'],
      StoreInputError: ['m'],
      VersionConflictError: ['s', 1, 2],
    };
    const esm = (await import(new URL('index.js', dist).href)) as Record<string, ErrorClass>;
    const cjs = createRequire(import.meta.url)(new URL('index.cjs', dist).pathname) as Record<
      string,
      ErrorClass
    >;
    const tool = (await import(new URL('adapters/ai-sdk.js', dist).href)) as Record<
      string,
      ErrorClass
    >;
    // A new error class must join the table above.
    expect(
      Object.keys(esm)
        .filter((name) => name.endsWith('Error'))
        .sort(),
    ).toEqual(Object.keys(made).sort());
    for (const [name, args] of Object.entries(made)) {
      for (const module of [esm, cjs]) {
        const error = new (module[name] as ErrorClass)(...args);
        expect(error.name).toBe(name);
        expect(String(error).startsWith(`${name}:`)).toBe(true);
      }
    }
    const refusal = new (tool.PlanfirstToolError as ErrorClass)('not_read_only', 'm');
    expect(refusal.name).toBe('PlanfirstToolError');
  });

  it('documents every export of every public entry in the README or docs/', async () => {
    const manifest = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ).exports as Record<string, string | { import: string | { default: string } }>;
    const readme = allDocumentation();
    const missing: string[] = [];
    for (const [subpath, target] of Object.entries(manifest)) {
      // planfirst/internal is shared by the adapters and documented as not part of the API.
      if (typeof target === 'string' || subpath === './internal') continue;
      const file = typeof target.import === 'string' ? target.import : target.import.default;
      const module = (await import(new URL(`../../${file}`, import.meta.url).href)) as object;
      for (const name of Object.keys(module)) {
        if (name !== 'default' && !readme.includes(name)) missing.push(`${subpath} ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('exposes the scripted model on planfirst/testing in both formats', async () => {
    const esm = (await import(new URL('testing/index.js', dist).href)) as Record<string, unknown>;
    const cjs = createRequire(import.meta.url)(
      new URL('testing/index.cjs', dist).pathname,
    ) as Record<string, unknown>;
    for (const name of ['scriptedModel', 'assistant', 'toolCall', 'thinking']) {
      expect(esm[name], name).toBeTypeOf('function');
      expect(cjs[name], name).toBeTypeOf('function');
    }
  });

  it('exposes the PostgreSQL and Redis stores on their subpaths in both formats', async () => {
    const subpaths = {
      'stores/postgres': ['postgresStore', 'migratePostgres'],
      'stores/redis': ['redisStore', 'migrateRedis'],
    };
    for (const [file, names] of Object.entries(subpaths)) {
      const esm = (await import(new URL(`${file}.js`, dist).href)) as Record<string, unknown>;
      const cjs = createRequire(import.meta.url)(new URL(`${file}.cjs`, dist).pathname) as Record<
        string,
        unknown
      >;
      for (const name of names) {
        expect(esm[name], name).toBeTypeOf('function');
        expect(cjs[name], name).toBeTypeOf('function');
      }
    }
    const conformance = (await import(new URL('testing/index.js', dist).href)) as Record<
      string,
      unknown
    >;
    expect(conformance.storeConformance).toBeTypeOf('function');
  });

  it('loads no database client: the store subpaths import only planfirst itself', () => {
    for (const file of [
      'index.js',
      'index.cjs',
      'stores/postgres.js',
      'stores/postgres.cjs',
      'stores/redis.js',
      'stores/redis.cjs',
    ]) {
      for (const name of staticImports(file))
        expect(
          /^(planfirst(\/internal)?|(\.\.?\/)chunk-[\w-]+\.c?js)$/.test(name),
          `${file} imports ${name}`,
        ).toBe(true);
    }
  });

  it('exposes the engine bindings on their subpaths, each loading only its own SDK', async () => {
    const subpaths = {
      'engines/restate': ['planfirstRestate', '@restatedev/restate-sdk'],
      'engines/dbos': ['planfirstDbos', '@dbos-inc/dbos-sdk'],
    } as const;
    for (const [file, [name, sdk]] of Object.entries(subpaths)) {
      // ESM only, sharing the root's chunks: no package but its SDK, loaded by no other entry.
      const imports = staticImports(`${file}.js`);
      const chunks = imports.filter((n) => n.startsWith('../chunk-')).map((n) => n.slice(3));
      expect(
        imports.filter((n) => !n.startsWith('../chunk-')),
        file,
      ).toEqual([sdk]);
      for (const chunk of chunks) expect(packageImports(chunk), chunk).toEqual([]);
      const esm = (await import(new URL(`${file}.js`, dist).href)) as Record<string, unknown>;
      expect(esm[name], name).toBeTypeOf('function');
    }
    const manifest = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { peerDependenciesMeta: Record<string, { optional?: boolean }> };
    for (const sdk of ['@restatedev/restate-sdk', '@dbos-inc/dbos-sdk'])
      expect(manifest.peerDependenciesMeta[sdk]?.optional, sdk).toBe(true);
  });

  it('imports no package statically from the root or the shell entry: zod and TypeBox load on first use', () => {
    for (const file of ['index.js', 'index.cjs', 'shell.js', 'shell.cjs'])
      expect(packageImports(file), file).toEqual([]);
  });

  it('does not load zod or TypeBox when planfirst is imported, and loads them when a schema is used', () => {
    const probe = `
      import { createRequire } from 'node:module';
      const loaded = () => Object.keys(createRequire(import.meta.url).cache)
        .filter((f) => /node_modules\\/(zod|@sinclair)\\//.test(f)).length > 0;
      const planfirst = await import(${JSON.stringify(new URL('index.js', dist).href)});
      const before = loaded();
      planfirst.resolveOptions({});
      console.log(JSON.stringify({ before, after: loaded() }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', probe], {
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual({ before: false, after: true });
  });

  it("exposes planfirst/shell in both formats, sharing the root entry's classes", async () => {
    const names = ['analyzeShellCommand', 'analyzeArgv', 'hardenedShellEnv', 'resolveShellPolicy'];
    const esm = (await import(new URL('shell.js', dist).href)) as Record<string, unknown>;
    const cjs = createRequire(import.meta.url)(new URL('shell.cjs', dist).pathname) as Record<
      string,
      unknown
    >;
    for (const name of names) {
      expect(esm[name], name).toBeTypeOf('function');
      expect(cjs[name], name).toBeTypeOf('function');
    }
    const root = (await import(new URL('index.js', dist).href)) as Record<string, unknown>;
    expect(root.analyzeShellCommand).toBe(esm.analyzeShellCommand);
    const bad = () =>
      (esm.analyzeShellCommand as (c: string, p: unknown) => unknown)('x', {
        programs: { x: { globs: 'sometimes' } },
      });
    expect(bad).toThrow(root.OptionsError as new () => Error);
  });

  it('builds planfirst/shell as one file, the only copy of the analyzer and the base errors', () => {
    // Each module file a cold import reads costs about a millisecond, so the entry imports none.
    expect(staticImports('shell.js')).toEqual([]);
    expect(staticImports('shell.cjs')).toEqual([]);
    // The rest of the library reaches the analyzer as `planfirst/shell`: no other file holds
    // text only the analyzer has (the build renames functions, so look for strings).
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.c?js$/.test(f),
    );
    const copies = files.filter((f) => {
      const code = readFileSync(new URL(f, dist), 'utf8');
      return code.includes('command_substitution') || code.includes('invalid planfirst options');
    });
    expect(copies.sort()).toEqual(['shell.cjs', 'shell.js']);
    const require = createRequire(import.meta.url);
    const rootCjs = require(new URL('index.cjs', dist).pathname) as Record<string, unknown>;
    const shellCjs = require(new URL('shell.cjs', dist).pathname) as Record<string, unknown>;
    for (const name of ['OptionsError', 'PlanfirstError', 'ValidationError', 'ErrorCodes'])
      expect(rootCjs[name], name).toBe(shellCjs[name]);
  });

  it('ships type declarations for both', () => {
    expect(existsSync(new URL('index.d.ts', dist))).toBe(true);
    expect(existsSync(new URL('index.d.cts', dist))).toBe(true);
  });
});

/** What a built file imports or requires statically, by specifier. */
function staticImports(file: string): string[] {
  const code = readFileSync(new URL(file, dist), 'utf8');
  const patterns = file.endsWith('.cjs')
    ? [/\brequire\(['"]([^'"]+)['"]\)/g]
    : // Minified: statements follow each other on one line after `;`.
      [
        /(?:^|;)\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm,
        /(?:^|;)\s*import\s*['"]([^'"]+)['"]/gm,
      ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[1] ?? ''));
}

/**
 * The packages a built file and the chunks it imports load statically. The library reaches the
 * shell entry as the package's own `planfirst/shell`, which is followed like a chunk.
 */
function packageImports(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const shell = file.endsWith('.cjs') ? 'shell.cjs' : 'shell.js';
  return staticImports(file).flatMap((name) =>
    name.startsWith('./')
      ? packageImports(name.slice(2), seen)
      : name === 'planfirst/shell'
        ? packageImports(shell, seen)
        : [name],
  );
}
