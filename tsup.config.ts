import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

const src = fileURLToPath(new URL('./src', import.meta.url));

// The library's public entry points, as the CLI reaches them in src/ and in dist/.
const libraryEntries: Record<string, string> = {
  'index.ts': './index.js',
  'testing/index.ts': './testing/index.js',
};

/**
 * The CLI imports the library only through its public entry points; this plugin keeps those
 * imports external (`./index.js` next to `dist/cli.js`), so the CLI runs on the same build a
 * host installs instead of bundling a second copy. Any other import from outside src/cli fails
 * the build.
 */
const cliUsesLibraryBuild: Plugin = {
  name: 'cli-uses-library-build',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const target = relative(src, resolve(dirname(args.importer), args.path)).replace(/\\/g, '/');
      const entry = libraryEntries[target.replace(/\.js$/, '.ts')];
      if (entry !== undefined) return { path: entry, external: true };
      if (target.startsWith('cli/') || target === '../package.json') return undefined;
      return {
        errors: [
          {
            text: `src/cli may import the library only through src/index.ts or src/testing/index.ts, not ${args.path}`,
          },
        ],
      };
    });
  },
};

export default defineConfig([
  {
    entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    // The CLI build below writes into the same folder at the same time.
    clean: ['!cli.js'],
    target: 'node20',
    splitting: false,
    treeshake: true,
  },
  {
    // `planfirst` on the command line: ESM only, not part of the package's exports.
    entry: { cli: 'src/cli/main.ts' },
    format: ['esm'],
    dts: false,
    sourcemap: false,
    clean: false,
    target: 'node20',
    splitting: false,
    treeshake: true,
    banner: { js: '#!/usr/bin/env node' },
    esbuildPlugins: [cliUsesLibraryBuild],
  },
]);
