import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built programs (`npm run build` first). */
export const cliPath = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
export const hookPath = fileURLToPath(new URL('../../dist/hook.js', import.meta.url));

export interface HookRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program the way a host runs a hook: stdin is the document, then closed. */
export function runProcess(
  args: readonly string[],
  stdin: string,
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<HookRun> {
  const { CLAUDE_PROJECT_DIR: _c, PLANFIRST_HOOK_AUDIT: _a, ...inherited } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: options.cwd ?? process.cwd(),
      env: { ...inherited, ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** `planfirst hook …` through the package's executable. */
export const runHookCli = (args: readonly string[], stdin: string, options = {}) =>
  runProcess([cliPath, 'hook', ...args], stdin, options);

/** A temporary project directory, optionally with `.planfirst/hook.json`. */
export function tempProject(config?: unknown, raw?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'planfirst-hook-'));
  if (config !== undefined || raw !== undefined) {
    mkdirSync(join(dir, '.planfirst'), { recursive: true });
    writeFileSync(join(dir, '.planfirst', 'hook.json'), raw ?? JSON.stringify(config));
  }
  return dir;
}
