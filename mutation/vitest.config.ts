import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import base from '../vitest.config.js';

// The test runs Stryker makes stop at the first failing test, so cheap files go first and the
// property files last: a mutant most tests catch costs one cheap file, not a property run.
class CheapFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weight = (f: TestSpecification) => (/propert|worst-case/.test(f.moduleId) ? 1 : 0);
    return [...files].sort((a, b) => weight(a) - weight(b) || a.moduleId.localeCompare(b.moduleId));
  }
}

export default mergeConfig(
  base,
  defineConfig({
    resolve: {
      alias: [
        {
          find: /^fast-check$/,
          replacement: fileURLToPath(new URL('./fast-check.ts', import.meta.url)),
        },
      ],
    },
    test: { sequence: { sequencer: CheapFirst } },
  }),
);
