import { defineConfig } from 'vitest/config';

// The AI SDK adapter's tests again, on AI SDK 7: `ai` resolves to the `ai7` dev dependency
// (npm:ai@^7). ai@7 needs Node 22+, so scripts/node-matrix.sh runs this on Node 22 and 24.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^ai$/, replacement: 'ai7' },
      { find: /^ai\/test$/, replacement: 'ai7/test' },
    ],
  },
  test: {
    include: ['test/adapters/ai-sdk/**/*.test.ts'],
    exclude: ['test/adapters/ai-sdk/package.test.ts'],
    testTimeout: 60_000,
  },
});
