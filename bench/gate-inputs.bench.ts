import { bench, describe } from 'vitest';
import { checkToolCall, createSession, resolveOptions } from '../src/index.js';

// The gate now judges every field of a call and parses the plan-mode state on every call:
// its cost in normal mode (the hot path of an executing agent), on a shell call with env and a
// working directory, on a nested plan-file edit, and on a large input it must walk to refuse.
const options = resolveOptions({ planMode: { planFile: { path: 'docs/PLAN.md' } } });
const normal = createSession(options);
const plan = createSession(resolveOptions({ planMode: { enabled: true } }));
const planning = createSession({ planMode: { enabled: true, planFile: { path: 'docs/PLAN.md' } } });
const shell = {
  name: 'bash',
  input: { command: 'git log --oneline -5', env: { LANG: 'C' }, cwd: 'src', timeout: 5 },
};
const edit = {
  name: 'edit',
  input: {
    path: 'docs/PLAN.md',
    edits: Array.from({ length: 20 }, (_, i) => ({ old_string: `a${i}`, new_string: `b${i}` })),
  },
};
const wide = {
  name: 'read_file',
  input: { path: 'a', extra: Array.from({ length: 5000 }, (_, i) => ({ i })) },
};

describe('checkToolCall with every field judged', () => {
  bench('normal mode, write_file', () => {
    checkToolCall(normal, { name: 'write_file', input: { path: 'a', content: 'x' } }, options);
  });
  bench('plan mode, shell call with env and cwd', () => {
    checkToolCall(plan, shell, options);
  });
  bench('plan mode, plan-file edit with 20 nested edits', () => {
    checkToolCall(planning, edit, options);
  });
  bench('plan mode, input of 10,000 values', () => {
    checkToolCall(plan, wide, options);
  });
});
