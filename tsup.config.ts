import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { defineConfig, type Options } from 'tsup';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

// Adapters and stores import the core through the root barrel (src/index.ts). In the build that
// import becomes `planfirst` itself (internals: `planfirst/internal`), so a subpath shares the root entry's code and classes (one
// `OptionsError`, one `VersionConflictError`, one options cache) instead of bundling a second
// copy of the core.
const packageEntries: Record<string, string> = {
  [resolve('src/index')]: 'planfirst',
  [resolve('src/internal')]: 'planfirst/internal',
};
const coreAsPackage: Plugin = {
  name: 'planfirst-core-as-package',
  setup(build) {
    build.onResolve({ filter: /\/(index|internal)\.js$/ }, (args) => {
      const target = packageEntries[resolve(args.resolveDir, args.path).replace(/\.js$/, '')];
      const fromSubpath = ['src/adapters', 'src/stores'].some((dir) =>
        args.importer.includes(`${resolve(dir)}/`),
      );
      return target !== undefined && fromSubpath ? { path: target, external: true } : undefined;
    });
  },
};

// planfirst/shell is the bottom layer and loads as one file (each extra module file costs about
// a millisecond of import time). Everything else reaches its modules through the entry alone,
// kept external as the package's own `planfirst/shell`: those modules are then used by one entry
// only, so the bundler puts none of them in a chunk shared with the root (and the root still
// shares one analyzer and one OptionsError with it).
const shellEntry = resolve('src/shell/index.ts');
const shellModules = moduleGraph(shellEntry);
const shellAsPackage: Plugin = {
  name: 'planfirst-shell-as-package',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind === 'entry-point' || shellModules.has(args.importer)) return undefined;
      const target = resolve(args.resolveDir, args.path).replace(/\.js$/, '.ts');
      if (target === shellEntry) return { path: 'planfirst/shell', external: true };
      if (!shellModules.has(target)) return undefined;
      return {
        errors: [
          {
            text: `${relative(src, args.importer)} imports ${args.path}, a module of planfirst/shell; import it from src/shell/index.ts`,
          },
        ],
      };
    });
  },
};

/** The source files `entry` reaches through relative imports and re-exports. */
function moduleGraph(entry: string): ReadonlySet<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, path] of text.matchAll(/\bfrom '(\.{1,2}\/[^']+)'/g))
      if (path !== undefined) visit(resolve(dirname(file), path).replace(/\.js$/, '.ts'));
  };
  visit(entry);
  return seen;
}

// The library's public entry points, as the CLI reaches them in src/ and in dist/.
const libraryEntries: Record<string, string> = {
  'index.ts': './index.js',
  'internal.ts': './internal.js',
  'shell/index.ts': './shell.js',
  'testing/index.ts': './testing/index.js',
  'hooks/main.ts': './hook-main.js',
};

// The CLI imports the library only through its public entry points, kept external
// (`./index.js` next to `dist/cli.js`): it runs on the same build a host installs instead of
// bundling a second copy. Any other import from outside src/cli fails the build.
const src = resolve('src');
const cliUsesLibraryBuild: Plugin = {
  name: 'cli-uses-library-build',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      // The launcher loads the CLI as a module of its own, after the compile cache is on.
      if (args.importer === resolve('src/cli/launcher.ts') && args.path === './main.js')
        return { path: './cli-main.js', external: true };
      const target = relative(src, resolve(dirname(args.importer), args.path)).replace(/\\/g, '/');
      const entry = libraryEntries[target.replace(/\.js$/, '.ts')];
      if (entry !== undefined) return { path: entry, external: true };
      if (target.startsWith('cli/') || target === '../package.json') return undefined;
      return {
        errors: [
          {
            text: `src/cli may import the library only through src/index.ts, src/shell/index.ts or src/testing/index.ts, not ${args.path}`,
          },
        ],
      };
    });
  },
};

const shared: Options = {
  dts: true,
  // No source maps: with embedded sources they were two thirds of the package.
  sourcemap: false,
  // Fully minified: the package stays under 1.5 MB and the shell entry parses fast. Error
  // classes name themselves (src/errors.ts), so `error.name` survives the renaming.
  minify: true,
  esbuildOptions(options) {
    // The cue lists are Japanese, Chinese, Korean and Arabic: as UTF-8 a character takes 2–3
    // bytes instead of a 6-byte `\uXXXX` escape (about 50 KB of the package).
    options.charset = 'utf8';
  },
  // `npm run build` empties dist/ once (prebuild); the configs below run in parallel and must
  // not race to clean it.
  clean: false,
  target: 'node20',
  // The root, planfirst/testing and the hook share chunks in both formats; planfirst/shell is
  // one file they all load (shellAsPackage above).
  splitting: true,
  treeshake: true,
  esbuildPlugins: [coreAsPackage, shellAsPackage],
};

const dualEntries = {
  index: 'src/index.ts',
  shell: 'src/shell/index.ts',
  internal: 'src/internal.ts',
  'testing/index': 'src/testing/index.ts',
  'adapters/ai-sdk': 'src/adapters/ai-sdk/index.ts',
  'adapters/openai-agents': 'src/adapters/openai-agents/index.ts',
  'stores/postgres': 'src/stores/postgres/index.ts',
  'stores/redis': 'src/stores/redis/index.ts',
};
// pi is ESM-only, and so is its adapter; OpenClaw loads plugins as ES modules.
const esmOnlyEntries = {
  'adapters/pi-agent-core': 'src/adapters/pi-agent-core/index.ts',
  'adapters/openclaw': 'src/adapters/openclaw/index.ts',
};
// The engine bindings are ES modules (the Restate SDK needs Node 22, where require(esm) works),
// built with the root's ESM build so they share its chunks: one copy of the core, and the
// engine loop in a chunk of their own.
const engineEntries = {
  'engines/restate': 'src/engines/restate.ts',
  'engines/dbos': 'src/engines/dbos.ts',
};

// dist/hook.js, what coding agents run once per tool call, is a launcher that switches on
// Node's compile cache and loads dist/hook-main.js. hook-main is built with the library's ESM
// entries, so it shares their chunks and loads planfirst/shell like them (the analyzer ships
// once); it loads only what it needs: the hook module, the analyzer and the turn classifier.
// zod is never imported (schemas load it on first use, src/lazy.ts), and the library is loaded
// from ./index.js only for the events that need it (program specs in the overlay).
const hookLauncher: Plugin = {
  name: 'planfirst-hook-launcher',
  setup(build) {
    build.onResolve({ filter: /^\.\/main\.js$/ }, (args) =>
      args.importer === resolve('src/hooks/launcher.ts')
        ? { path: './hook-main.js', external: true }
        : undefined,
    );
  },
};

export default defineConfig([
  {
    ...shared,
    // ESM and CommonJS are separate builds (chunks are shared within one format), so the
    // ESM-only hook module can join the ESM one without a CommonJS copy.
    entry: { ...dualEntries, ...engineEntries, 'hook-main': 'src/hooks/main.ts' },
    format: ['esm'],
    // Declarations for every entry in one pass, so the adapters' .d.ts share the root's type
    // chunks instead of carrying a second copy of the core's declarations.
    dts: { entry: { ...dualEntries, ...esmOnlyEntries, ...engineEntries } },
  },
  {
    ...shared,
    entry: dualEntries,
    format: ['cjs'],
    esbuildOptions(options) {
      shared.esbuildOptions?.(options, { format: 'cjs' });
      // No `import.meta` in CommonJS: the two files that need their own location read
      // `__filename` there and never reach `import.meta.url` (tsup's shim would instead be
      // loaded by every entry, planfirst/shell included).
      options.logOverride = { ...options.logOverride, 'empty-import-meta': 'silent' };
    },
    // .d.cts for the dual-format entries only: the ESM-only subpaths have no `require`.
    dts: { entry: dualEntries },
  },
  {
    ...shared,
    entry: esmOnlyEntries,
    format: ['esm'],
    dts: false,
    external: [/^@mariozechner\//],
  },
  {
    // `planfirst` on the command line: ESM only, not part of the package's exports.
    ...shared,
    entry: { cli: 'src/cli/launcher.ts', 'cli-main': 'src/cli/main.ts' },
    format: ['esm'],
    dts: false,
    banner: { js: '#!/usr/bin/env node' },
    esbuildPlugins: [cliUsesLibraryBuild],
  },
  {
    ...shared,
    entry: { hook: 'src/hooks/launcher.ts' },
    format: ['esm'],
    dts: false,
    banner: { js: '#!/usr/bin/env node' },
    esbuildPlugins: [hookLauncher],
  },
]);
