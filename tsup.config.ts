import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

const coreIndex = resolve(dirname(fileURLToPath(import.meta.url)), 'src/index.ts');

// Host adapters import the core through `src/index.ts`; in their bundles that import becomes
// the package's own `planfirst` entry, so an adapter shares the core (its classes, its caches)
// with the root export instead of carrying a second copy.
const coreAsPackage: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'planfirst-core-as-package',
  setup(build) {
    build.onResolve({ filter: /\/index\.js$/ }, (args) => {
      if (!args.importer.includes('/src/adapters/')) return undefined;
      const target = resolve(dirname(args.importer), args.path).replace(/\.js$/, '.ts');
      return target === coreIndex ? { path: 'planfirst', external: true } : undefined;
    });
  },
};

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'adapters/openai-agents': 'src/adapters/openai-agents/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  splitting: false,
  treeshake: true,
  esbuildPlugins: [coreAsPackage],
});
