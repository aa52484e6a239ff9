import { defineConfig } from 'vitest/config';

// Differential and execution tests against programs a stock machine lacks (zsh, busybox,
// original-awk, bsdtar …): `npm run test:shells`, after .ci/run installs them.
export default defineConfig({
  test: {
    include: ['test/shell/shells/**/*.test.ts'],
    testTimeout: 300_000,
  },
});
