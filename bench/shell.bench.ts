import { bench, describe } from 'vitest';
import { checkToolCall, createSession, resolveOptions } from '../src/index.js';
import { analyzeShellCommand } from '../src/shell/analyze.js';
import { commandRows } from '../test/fixtures/corpus.js';

// Throughput of the analyzer over the sample corpus (one iteration = every row once), of the
// gate on a non-shell tool, and of inputs at and far over the size limit.
const commands = commandRows().map((r) => r.command);
const options = resolveOptions({ planMode: { enabled: true } });
const session = createSession(options);
const largest = `grep -n ${"'x' ".repeat(2040)}f`; // just under 8 KiB, every word quoted
const huge = 'a'.repeat(1024 * 1024);

describe('analyzeShellCommand', () => {
  bench(
    `corpus (${commands.length} commands per iteration)`,
    () => {
      for (const c of commands) analyzeShellCommand(c);
    },
    // A few hundred iterations are not enough for the JIT: warm up to the steady state a
    // host's gate runs in, or the mean measures the interpreter.
    { warmupTime: 2000, time: 3000 },
  );
  bench('an 8 KiB command', () => {
    analyzeShellCommand(largest);
  });
  bench('a 1 MiB input', () => {
    analyzeShellCommand(huge);
  });
});

describe('checkToolCall', () => {
  bench('a non-shell tool in plan mode', () => {
    checkToolCall(session, { name: 'read_file', input: { path: 'src/a.ts' } }, options);
  });
  bench('a shell tool in plan mode', () => {
    checkToolCall(
      session,
      { name: 'bash', input: { command: 'grep -rn foo src | head -20' } },
      options,
    );
  });
});
