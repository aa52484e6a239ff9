import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'qa/**/*.test.ts'],
    // The real PostgreSQL and Redis suites run with `npm run test:services`.
    exclude: [...configDefaults.exclude, 'test/stores/services/**'],
    benchmark: { include: ['bench/**/*.bench.ts'] },
    testTimeout: 60_000,
  },
});
