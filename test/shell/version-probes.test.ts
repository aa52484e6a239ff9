import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hardenedShellEnv } from '../../src/index.js';
import { analyzeShellCommand } from '../../src/shell/analyze.js';
import { versionProbes } from '../../src/shell/rules/blocked.js';

// A version probe is allowed only for interpreters that print and exit before reading code.
// Each entry is run for real when the program is on this machine, with a program on stdin that
// would create a file: the file must not appear.

// A version-manager shim (pyenv) exits 127 when it has no such version: treat that as absent.
const exists = (program: string) =>
  spawnSync('sh', ['-c', `command -v ${program} && ${program} --version`], { encoding: 'utf8' })
    .status === 0;

/** A line of code, per language, that creates `pwned` in the working directory. */
const creates: Record<string, string> = {
  python: 'open("pwned", "w")\n',
  node: 'require("fs").writeFileSync("pwned", "")\n',
  deno: 'Deno.writeTextFileSync("pwned", "")\n',
  bun: 'require("fs").writeFileSync("pwned", "")\n',
  perl: 'open(F, ">pwned");\n',
  ruby: 'File.write("pwned", "")\n',
  php: '<?php touch("pwned");\n',
  tcl: 'exec touch pwned\n',
  erl: 'file:write_file("pwned", "").\nhalt().\n',
};
const onPath = (program: string) =>
  spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' }).status === 0;
const language = (program: string) =>
  program.startsWith('py') ? 'python' : program === 'nodejs' ? 'node' : program;

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function run(program: string, args: string[], stdin: string) {
  const dir = mkdtempSync(join(tmpdir(), 'planfirst-probe-'));
  dirs.push(dir);
  const env = hardenedShellEnv({ ...process.env, HOME: dir, TMPDIR: dir });
  const result = spawnSync(program, args, {
    cwd: dir,
    env,
    input: stdin,
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { dir, result };
}

describe('version probes', () => {
  const entries = Object.entries(versionProbes).flatMap(([program, flags]) =>
    flags.map((flag) => [program, flag] as const),
  );

  it.each(entries)('`%s %s` is allowed', (program, flag) => {
    expect(analyzeShellCommand(`${program} ${flag}`).readOnly).toBe(true);
    expect(analyzeShellCommand(`${program} ${flag} x`).readOnly).toBe(false);
  });

  it.each(entries.filter(([program]) => exists(program)))(
    '`%s %s` prints a version and never runs stdin (real binary)',
    (program, flag) => {
      const { dir, result } = run(program, [flag], creates[language(program)] ?? '');
      expect(result.status).toBe(0);
      expect(`${result.stdout}${result.stderr}`).toMatch(/\d+\.\d+/);
      expect(readdirSync(dir)).toEqual([]);
    },
  );
});

describe('programs whose "version flag" is not one', () => {
  it.each([
    'tclsh --version',
    'tclsh -version',
    'wish --version',
    'erl --version',
    'erl -version',
    'expect --version',
    'expect -v',
    'jshell --version',
    'java -version',
    'java --version',
    'lua -v',
    'luajit -v',
  ])('%j is refused', (command) => {
    expect(analyzeShellCommand(command)).toMatchObject({ readOnly: false, code: 'interpreter' });
  });

  it.runIf(onPath('tclsh'))('tclsh --version runs code from stdin (real binary)', () => {
    const { dir } = run('tclsh', ['--version'], creates.tcl ?? '');
    expect(readdirSync(dir)).toContain('pwned');
  });

  it.runIf(onPath('erl'))('erl --version runs code from stdin (real binary)', () => {
    const { dir } = run('erl', ['--version'], creates.erl ?? '');
    expect(readdirSync(dir)).toContain('pwned');
  });

  it.runIf(onPath('expect'))('expect --version runs a file named --version (real binary)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'planfirst-probe-'));
    dirs.push(dir);
    writeFileSync(join(dir, '--version'), 'exec touch pwned\n');
    spawnSync('expect', ['--version'], { cwd: dir, encoding: 'utf8', timeout: 30_000 });
    expect(readdirSync(dir)).toContain('pwned');
  });
});
