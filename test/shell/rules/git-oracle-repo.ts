import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The real git as an oracle: a throwaway repository in a temp dir, an environment that
// ignores the user's configuration, and a reader for `git <cmd> --help-all` option listings.
// Every git the oracle has runs the same checks: the git on PATH (2.39 on Debian 12) and the
// binaries PLANFIRST_EXTRA_GITS names (paths separated by `:`, e.g. a git 2.55 built from
// source), since the tables must hold under each git a host may run.

/** A git binary the oracle runs, with its version. */
export interface OracleGit {
  bin: string;
  version: [number, number];
  /** `2.39`, for test names. */
  label: string;
}

/** [major, minor] of a git binary, or undefined when it does not run. */
function versionOf(bin: string): [number, number] | undefined {
  const out = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  const match = /git version (\d+)\.(\d+)/.exec(out.stdout ?? '');
  return out.status === 0 && match ? [Number(match[1]), Number(match[2])] : undefined;
}

/** `git` on PATH and every binary in PLANFIRST_EXTRA_GITS that runs. */
export function oracleGits(): OracleGit[] {
  const bins = ['git', ...(process.env.PLANFIRST_EXTRA_GITS ?? '').split(':').filter(Boolean)];
  const gits: OracleGit[] = [];
  for (const bin of bins) {
    const version = versionOf(bin);
    if (version !== undefined) gits.push({ bin, version, label: version.join('.') });
  }
  return gits;
}

/** How an option takes its value, in the engine's words. */
export type Arity = 'flag' | 'optional' | 'required';

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface OracleRepo {
  /** The work tree; every git call runs here. */
  dir: string;
  /** A scratch dir for files git may write (never inside the work tree). */
  scratch: string;
  env: NodeJS.ProcessEnv;
  /** Runs git with `extra` added to the environment. */
  run(args: string[], extra?: NodeJS.ProcessEnv): Run;
  runAsync(args: string[]): Promise<Run>;
  dispose(): void;
}

/** A repository with history, a tag, a second branch, a stash and a dirty work tree. */
export function createOracleRepo(bin = 'git'): OracleRepo {
  const root = mkdtempSync(join(tmpdir(), 'planfirst-git-oracle-'));
  const dir = join(root, 'repo');
  const scratch = join(root, 'scratch');
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('GIT_')) env[key] = value;
  }
  Object.assign(env, {
    HOME: root,
    XDG_CONFIG_HOME: root,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: join(root, 'gitconfig'),
    GIT_AUTHOR_NAME: 'Ann',
    GIT_AUTHOR_EMAIL: 'ann@example.com',
    GIT_COMMITTER_NAME: 'Ann',
    GIT_COMMITTER_EMAIL: 'ann@example.com',
    GIT_PAGER: 'cat',
    PAGER: 'cat',
    GIT_TERMINAL_PROMPT: '0',
    LC_ALL: 'C',
  });
  writeFileSync(join(root, 'gitconfig'), '');
  const run = (args: string[], extra: NodeJS.ProcessEnv = {}): Run => {
    const options = { cwd: dir, env: { ...env, ...extra }, encoding: 'utf8' as const, input: '' };
    const result = spawnSync(bin, args, options);
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  const runAsync = (args: string[]): Promise<Run> =>
    new Promise((resolve) => {
      const child = execFile(
        bin,
        args,
        { cwd: dir, env, encoding: 'utf8' },
        (error, stdout, stderr) => {
          const status = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
          resolve({ status, stdout, stderr });
        },
      );
      child.stdin?.end();
    });
  mkdirSync(dir);
  mkdirSync(scratch);
  run(['init', '-q']);
  run(['checkout', '-q', '-b', 'main']);
  writeFileSync(join(dir, 'f'), 'needle one\ntwo\n');
  run(['add', 'f']);
  run(['commit', '-q', '-m', 'first']);
  writeFileSync(join(dir, 'f'), 'needle one\nthree\n');
  run(['commit', '-q', '-am', 'second']);
  run(['tag', 'v1']);
  run(['branch', 'feature']);
  writeFileSync(join(dir, 'f'), 'needle one\nstashed\n');
  run(['stash', '-q']);
  writeFileSync(join(dir, 'f'), 'needle one\ndirty\n');
  return {
    dir,
    scratch,
    env,
    run,
    runAsync,
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * The options git lists for a parse-options command (`git branch --help-all`), with how each
 * takes its value: `--sort <key>` required, `--abbrev[=<n>]` optional, `--all` a flag. Newer
 * gits (2.43 on) mark the negatable ones `--[no-]all`: both names are listed, the `--no-` one
 * a flag (a negation takes no value).
 */
export function parseHelpListing(text: string): Map<string, Arity> {
  const options = new Map<string, Arity>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('    -')) continue;
    // Git starts the help text at column 26, after as little as one space
    // (`--[no-]unset-upstream unset …`); a longer signature stands alone on its line, where
    // column 26 may start its value (`-u, --set-upstream-to <upstream>`).
    const at26 = line.charAt(26);
    const sameLine = line.charAt(25) === ' ' && at26 !== '' && !' <[=('.includes(at26);
    const signature = (sameLine ? line.slice(4, 25) : line.slice(4)).trim();
    const parts = signature.split(', ');
    const last = (parts[parts.length - 1] ?? '').replace('--[no-]', '--');
    const arity = arityOf(last);
    for (const part of parts) {
      const negatable = part.startsWith('--[no-]');
      const name = /^(-NUM|--?[A-Za-z0-9][-A-Za-z0-9]*)/.exec(part.replace('--[no-]', '--'))?.[1];
      if (name === undefined || name === '-NUM') continue;
      options.set(name, arity);
      if (negatable) options.set(`--no-${name.slice(2)}`, 'flag');
    }
  }
  return options;
}

/**
 * Whether the listing marks negatable options (`--[no-]all`, git 2.43 on): then an option
 * without the mark takes no `--no-` form. Older listings do not say, so every `--X` may have one.
 */
export function listsNegations(text: string): boolean {
  return text.includes('--[no-]');
}

function arityOf(part: string): Arity {
  const rest = part.replace(/^--?[A-Za-z0-9][-A-Za-z0-9]*/, '');
  if (rest.startsWith('[')) return 'optional';
  if (rest.startsWith(' ') || rest.startsWith('=')) return 'required';
  return 'flag';
}

/** Runs `count` tasks with at most `limit` in flight; results in task order. */
export async function pool<T>(count: number, limit: number, task: (i: number) => Promise<T>) {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}
