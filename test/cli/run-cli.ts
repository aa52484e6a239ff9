import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built executable (`npm test` builds before vitest runs). */
export const cliPath = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node dist/cli.js …` as a real process, its stdout a pipe. The colour variables of the
 * test runner's own environment are dropped so each test states the ones it means.
 */
export function runCli(
  args: readonly string[],
  env: Record<string, string> = {},
  input = '',
): Promise<CliRun> {
  const { FORCE_COLOR: _f, NO_COLOR: _n, ...inherited } = process.env;
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [cliPath, ...args],
      { env: { ...inherited, ...env }, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ status: code, stdout, stderr });
      },
    );
    child.stdin?.end(input);
  });
}

/** The argv lines of `planfirst check` (everything from `argv:` on), prefixes removed. */
export function argvLines(stdout: string): string[] {
  const start = stdout.indexOf('argv:');
  return stdout
    .slice(start)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.slice('argv:    '.length));
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching ANSI escapes is the point
export const ansi = /\u001b\[/;
