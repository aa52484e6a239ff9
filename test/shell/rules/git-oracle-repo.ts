import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The real git as an oracle: a throwaway repository in a temp dir, an environment that
// ignores the user's configuration, and a reader for `git <cmd> --help-all` option listings.

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
  run(args: string[]): Run;
  runAsync(args: string[]): Promise<Run>;
  dispose(): void;
}

/** A repository with history, a tag, a second branch, a stash and a dirty work tree. */
export function createOracleRepo(): OracleRepo {
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
  const run = (args: string[]): Run => {
    const result = spawnSync('git', args, { cwd: dir, env, encoding: 'utf8', input: '' });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  const runAsync = (args: string[]): Promise<Run> =>
    new Promise((resolve) => {
      const child = execFile(
        'git',
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
 * takes its value: `--sort <key>` required, `--abbrev[=<n>]` optional, `--all` a flag.
 */
export function parseHelpListing(text: string): Map<string, Arity> {
  const options = new Map<string, Arity>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('    -')) continue;
    const signature = (line.slice(4).split('  ')[0] ?? '').trim();
    const parts = signature.split(', ');
    const last = parts[parts.length - 1] ?? '';
    const arity = arityOf(last);
    for (const part of parts) {
      const name = /^(-NUM|--?[A-Za-z0-9][-A-Za-z0-9]*)/.exec(part)?.[1];
      if (name !== undefined && name !== '-NUM') options.set(name, arity);
    }
  }
  return options;
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
