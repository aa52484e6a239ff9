import { defineConfig, type Options } from 'tsup';

const shared: Options = {
  dts: true,
  sourcemap: true,
  clean: false, // `npm run build` empties dist/ once; parallel configs must not race to clean it
  target: 'node20',
  splitting: false,
  treeshake: true,
};

export default defineConfig([
  { ...shared, entry: { index: 'src/index.ts' }, format: ['esm', 'cjs'] },
  // pi is ESM-only, so is its adapter. It imports the core as `planfirst` (the package's own
  // root entry) instead of bundling a second copy: one module, one OptionsError class.
  {
    ...shared,
    entry: { 'adapters/pi-agent-core/index': 'src/adapters/pi-agent-core/index.ts' },
    format: ['esm'],
    external: ['planfirst', /^@mariozechner\//],
  },
]);
