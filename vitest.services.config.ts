import { defineConfig } from 'vitest/config';

// `npm run test:services`: the store suites and the multi-process tests against the real
// PostgreSQL and Redis servers (settings in test/stores/services/env.ts). An unreachable server
// fails the run; nothing is skipped.
export default defineConfig({
  test: {
    include: ['test/stores/services/**/*.test.ts'],
    globalSetup: ['test/stores/services/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
