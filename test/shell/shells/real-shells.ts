import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Runs commands under real shells and tools in scratch directories, many per process, and reports
// what each left behind. These suites need programs a stock machine lacks (zsh, busybox,
// original-awk, bsdtar); .ci/run installs them. A missing program fails the suite: it never skips.

/** The shells a verdict must hold under, as argv prefixes that read a script file. */
export const shells: Readonly<Record<string, readonly string[]>> = {
  bash: ['bash', '--norc', '--noprofile'],
  zsh: ['zsh', '-f'],
  dash: ['dash'],
  'busybox sh': ['busybox', 'sh'],
};

/** Throws naming every program in `names` that is not on PATH. */
export function requirePrograms(names: readonly string[]): void {
  const missing = names.filter(
    (name) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).status !== 0,
  );
  if (missing.length > 0)
    throw new Error(
      `missing ${missing.join(', ')}: install them (apt-get install -y zsh dash busybox original-awk mawk gawk libarchive-tools), as .ci/run does`,
    );
}

export interface Effect {
  command: string;
  /** Names in the command's working directory after it ran, other than the seeded ones. */
  created: string[];
}

export interface BatchOptions {
  /** Files each working directory starts with (name → content). */
  seed?: Readonly<Record<string, string>>;
  /** Extra environment (PATH and HOME are set to the scratch directory's). */
  env?: Readonly<Record<string, string>>;
}

/**
 * Runs every command under `shell` (one process for all of them; each command sourced in a
 * subshell of its own, in its own empty directory, stdin from /dev/null) and returns what each
 * created. The shell parses each command exactly as it would a `-c` string.
 */
export function runInShell(
  shell: readonly string[],
  commands: readonly string[],
  options: BatchOptions = {},
): Effect[] {
  const root = mkdtempSync(join(tmpdir(), 'planfirst-shells-'));
  try {
    const home = join(root, 'home');
    mkdirSync(home);
    let driver = '';
    commands.forEach((command, i) => {
      const dir = join(root, String(i));
      mkdirSync(join(dir, 'cwd'), { recursive: true });
      for (const [name, content] of Object.entries(options.seed ?? {}))
        writeFileSync(join(dir, 'cwd', name), content);
      writeFileSync(join(dir, 'command.sh'), `${command}\n`);
      driver += `( cd '${dir}/cwd' && . '${dir}/command.sh' ) </dev/null >/dev/null 2>&1\n`;
    });
    const path = join(root, 'driver.sh');
    writeFileSync(path, `${driver}exit 0\n`);
    const [program, ...args] = shell;
    execFileSync(program as string, [...args, path], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, ...options.env },
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 300_000,
    });
    const seeded = new Set(Object.keys(options.seed ?? {}));
    return commands.map((command, i) => ({
      command,
      created: readdirSync(join(root, String(i), 'cwd')).filter((name) => !seeded.has(name)),
    }));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
