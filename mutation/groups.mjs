// The core groups measured by mutation testing: each group's source files against its own
// tests only, so a group's score says how much of its behaviour its own tests pin down.
export const groups = {
  'plan-mode': {
    mutate: ['src/plan-mode/**/*.ts', '!src/plan-mode/index.ts'],
    testFiles: ['test/plan-mode/**/*.test.ts'],
  },
  run: {
    mutate: ['src/run/**/*.ts', '!src/run/index.ts'],
    testFiles: ['test/run/**/*.test.ts'],
  },
  hooks: {
    mutate: ['src/hooks/**/*.ts', '!src/hooks/index.ts'],
    testFiles: ['test/hooks/**/*.test.ts'],
  },
  'stored-run': {
    mutate: ['src/stored-run/**/*.ts', '!src/stored-run/index.ts'],
    testFiles: ['test/stored-run/**/*.test.ts', 'test/run/stored-run.test.ts'],
  },
  shell: {
    mutate: ['src/shell/analyze.ts', 'src/shell/option-engine.ts'],
    testFiles: [
      'test/shell/analyze.test.ts',
      'test/shell/option-engine.test.ts',
      'test/shell/teaching.test.ts',
      'test/shell/policy.test.ts',
    ],
  },
};
