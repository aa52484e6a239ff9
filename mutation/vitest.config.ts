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
    test: {
      // Stryker starts a fresh worker for every mutant; inside it, isolate: false loads the
      // module graph (and zod, typebox, the compiled cue tables) once for all the test files a
      // mutant needs instead of once per file: that load, not the tests, was most of the 8–20 s
      // a mutant of the run group cost. No test file of a core group mocks a module or stubs a
      // global, so sharing the graph within one mutant's run changes no outcome.
      isolate: false,
      sequence: { sequencer: CheapFirst },
    },
  }),
);
