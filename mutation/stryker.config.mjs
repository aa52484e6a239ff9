// Stryker configuration shared by every group; `npm run test:mutation -- <group>` picks the
// group (mutation/groups.mjs) through PLANFIRST_MUTATION_GROUP.
import { groups } from './groups.mjs';

const name = process.env.PLANFIRST_MUTATION_GROUP ?? '';
const group = groups[name];
if (group === undefined) {
  throw new Error(
    `PLANFIRST_MUTATION_GROUP must be one of ${Object.keys(groups).join(', ')}; got "${name}"`,
  );
}

export default {
  testRunner: 'vitest',
  vitest: { configFile: 'mutation/vitest.config.ts', related: false },
  // perTest: a mutant runs only the tests that reach it.
  coverageAnalysis: 'perTest',
  mutate: group.mutate,
  testFiles: group.testFiles,
  // Incremental: a rerun re-tests only mutants whose code or covering tests changed. The file is
  // committed so a fresh clone starts from the last measurement.
  incremental: true,
  incrementalFile: `mutation/incremental/${name}.json`,
  // The machine running this is usually shared: one or two workers, set by the caller.
  concurrency: Number(process.env.PLANFIRST_MUTATION_CONCURRENCY ?? 1),
  // A static mutant (a module-level constant) needs a fresh module graph and every test of the
  // group, minutes each; constants are pinned by the tests' exact codes and messages instead.
  ignoreStatic: true,
  // A mutant that hangs (a wait that never ends, a loop around a timer) costs its timeout plus a
  // restart of the test runner; the allowance on top of three times the covering tests' own time
  // was 20 s, which made a few hanging mutants of the stored-run drivers cost more than the
  // hundreds of others.
  timeoutFactor: 3,
  timeoutMS: 6_000,
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  clearTextReporter: { allowEmojis: false, logTests: false, reportScoreTable: true },
  tempDirName: `.stryker-tmp/${name}`,
  // dist is copied: the hooks group's end-to-end tests run the built programs (`npm run build`
  // first). They cannot kill a mutant of src, but they must pass in the initial run.
  ignorePatterns: [
    'coverage',
    'reports',
    'bench',
    'e2e',
    'qa',
    '.cache',
    'mutation/incremental',
    // Another group's sandbox, when groups run side by side.
    '.stryker-tmp',
  ],
  thresholds: { high: 90, low: 85, break: null },
};
