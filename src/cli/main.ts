import { createInterface } from 'node:readline';
import { runCli } from './cli.js';

// The `planfirst` executable (dist/cli.js). Everything testable lives in cli.ts; this file
// only connects it to the process.
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  isTTY: process.stdout.isTTY,
  stdinLines: () => createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY }),
});
