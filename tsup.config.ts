import { resolve } from 'node:path';
import { defineConfig, type Options } from 'tsup';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

// Adapters import the core through the root barrel (src/index.ts). In the build that import
// becomes `planfirst` itself, so an adapter shares the root entry's code and classes (one
// `OptionsError`, one options cache) instead of bundling a second copy of the core.
const rootIndex = resolve('src/index');
const coreAsPackage: Plugin = {
  name: 'planfirst-core-as-package',
  setup(build) {
    build.onResolve({ filter: /\/index\.js$/ }, (args) => {
      const target = resolve(args.resolveDir, args.path).replace(/\.js$/, '');
      const fromAdapter = args.importer.includes(`${resolve('src/adapters')}/`);
      return target === rootIndex && fromAdapter
        ? { path: 'planfirst', external: true }
        : undefined;
    });
  },
};

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'testing/index': 'src/testing/index.ts',
    'adapters/ai-sdk': 'src/adapters/ai-sdk/index.ts',
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
