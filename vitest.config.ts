import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'qa/**/*.test.ts'],
    // The real PostgreSQL and Redis suites run with `npm run test:services`; the suites against
    // zsh, busybox, BWK awk, bsdtar … with `npm run test:shells`; the engines (Restate, DBOS)
    // with `npm run test:engines`.
    exclude: [
      ...configDefaults.exclude,
      'test/stores/services/**',
      'test/shell/shells/**',
      'test/engines/**',
    ],
    benchmark: { include: ['bench/**/*.bench.ts'] },
    testTimeout: 60_000,
  },
});
