import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Adapters import the core as `planfirst` (so their builds share the root entry's module);
  // in the source tree that is src/index.ts.
  resolve: {
    alias: [
      {
        find: /^planfirst$/,
        replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)),
      },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    benchmark: { include: ['bench/**/*.bench.ts'] },
    testTimeout: 60_000,
  },
});
