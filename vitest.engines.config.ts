import { defineConfig } from 'vitest/config';

// `npm run test:engines`: planfirst/restate on a real restate-server (from node_modules) and
// planfirst/dbos on the machine's PostgreSQL, with service processes SIGKILLed and restarted.
// An unreachable server fails the run; nothing is skipped. Waits poll for conditions.
export default defineConfig({
  test: {
    include: ['test/engines/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
