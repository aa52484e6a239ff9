import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

// Runs scripts under real bash with stub programs that record their argv, so a test can see
// exactly which commands bash executed and with which arguments.

export const bashPath = '/bin/bash';

/** Why the oracle cannot run here, or undefined when it can. */
export function oracleUnavailable(): string | undefined {
  if (!existsSync(bashPath)) return `${bashPath} is missing`;
  if (!existsSync('/bin/sh')) return '/bin/sh (for the stub programs) is missing';
  return undefined;
}

/** What bash did with one script. */
export interface BashRun {
  /** argv of every stub that ran (order is not meaningful). */
  argv: string[][];
  status: number | null;
  stderr: string;
}

/** A stub program name must be a plain file name. */
export function isStubbable(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !name.includes('/') && name.length < 200;
}

// No stub is a process: PATH is an empty directory and every builtin among the programs is
// disabled, so bash looks each program up, finds nothing and calls command_not_found_handle in the
// forked child it would have run the program in. The handler records the stub's name and
// arguments, NUL-separated, in ../out/<pid> (the script runs in ./cwd, and `cd` is a stub too, so
// the directory never changes) and exits as the program would (`false` fails). A name that is not
// a stub gets bash's own "command not found". Pids are unique among the processes of one script;
// a clash could only lose a record, which fails the comparison. Scripts run with SIGPIPE ignored:
// a pipeline reader whose stdin is redirected elsewhere exits without reading, and a `time`
// report written into that pipe would otherwise kill the writer, a race no parser can predict.
function header(stubs: readonly string[], disabled: readonly string[]): string {
  const table = stubs.map((name) => `[${quote(name)}]=1`).join(' ');
  return [
    "trap '' PIPE",
    `declare -A __stubs=(${table})`,
    'command_not_found_handle() {',
    '  if [[ -z ${__stubs[$1]+set} ]]; then',
    '    enable printf; printf \'bash: %s: command not found\\n\' "$1" >&2; return 127',
    '  fi',
    '  enable printf; printf \'%s\\0\' "$@" >../out/$BASHPID; [[ $1 != false ]]',
    '}',
    disabled.length > 0 ? `enable -n ${disabled.map(quote).join(' ')}` : '',
    '',
  ].join('\n');
}

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** A temp directory with stub programs, a fixed HOME, and a runner for scripts. */
export class BashOracle {
  private runs = 0;

  private constructor(
    readonly root: string,
    readonly home: string,
    readonly programs: ReadonlySet<string>,
    private readonly header: string,
  ) {}

  /** Creates stubs for `programs` and disables every bash builtin among them. */
  static create(programs: Iterable<string>): BashOracle {
    const root = mkdtempSync(join(tmpdir(), 'planfirst-parser-oracle-'));
    const bin = join(root, 'bin');
    const home = join(root, 'home');
    mkdirSync(bin);
    mkdirSync(home);
    writeFileSync(join(home, 'input.txt'), 'input\n');
    const names = new Set([...programs].filter(isStubbable));
    const builtins = execFileSync(bashPath, ['--norc', '--noprofile', '-c', 'compgen -b'], {
      encoding: 'utf8',
    }).split('\n');
    const disabled = builtins.filter((b) => names.has(b));
    return new BashOracle(root, home, names, header([...names], disabled));
  }

  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }

  /**
   * Runs each script in its own empty directory. `direct`: one `bash script.sh` per script, as a
   * user would. `batched`: each bash process sources a batch of scripts, each in a subshell
   * (same parser, nothing leaks from one script to the next), to save process start-ups.
   */
  async runAll(jobs: readonly Job[], mode: 'direct' | 'batched'): Promise<BashRun[]> {
    const base = join(this.root, `run-${this.runs++}`);
    const dirs = jobs.map((job, i) => this.prepare(join(base, String(i)), job));
    const statuses: (number | null)[] = new Array(jobs.length).fill(null);
    const workers = Math.max(2, availableParallelism() * 2);
    if (mode === 'direct') {
      await pool(dirs.length, workers, async (i) => {
        const dir = dirs[i] as string;
        const run = await this.spawnBash(join(dir, 'cwd'), [join(dir, 'script.sh')]);
        statuses[i] = run.status;
        writeFileSync(join(dir, 'stderr'), run.stderr);
      });
    } else {
      const size = Math.max(1, Math.ceil(dirs.length / (workers * 4)));
      const batches = Math.ceil(dirs.length / size);
      await pool(batches, workers, async (b) => {
        let driver = '';
        for (let i = b * size; i < Math.min(dirs.length, (b + 1) * size); i++) {
          const dir = dirs[i] as string;
          driver += `( builtin cd -- ${quote(join(dir, 'cwd'))} && source ${quote(join(dir, 'script.sh'))} ) </dev/null 2>${quote(join(dir, 'stderr'))}\n`;
          driver += `builtin printf '%s %s\\n' ${i} "$?"\n`;
        }
        const path = join(base, `batch-${b}.sh`);
        writeFileSync(path, driver);
        const run = await this.spawnBash(base, [path]);
        if (run.stderr !== '') throw new Error(`batch driver failed: ${run.stderr}`);
        for (const line of run.stdout.split('\n')) {
          const [index, status] = line.split(' ');
          if (index !== undefined && status !== undefined) statuses[Number(index)] = Number(status);
        }
      });
    }
    const results = dirs.map((dir, i) => this.collect(dir, statuses[i] ?? null));
    rmSync(base, { recursive: true, force: true });
    return results;
  }

  private prepare(dir: string, job: Job): string {
    mkdirSync(join(dir, 'cwd'), { recursive: true });
    mkdirSync(join(dir, 'out'));
    for (const file of job.inputFiles) writeFileSync(join(dir, 'cwd', file), 'input\n');
    writeFileSync(join(dir, 'script.sh'), this.header + job.script);
    return dir;
  }

  private spawnBash(cwd: string, args: string[]) {
    return new Promise<{ status: number | null; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const child = spawn(bashPath, ['--norc', '--noprofile', ...args], {
          cwd,
          env: { PATH: join(this.root, 'bin'), HOME: this.home, LC_ALL: 'C' },
          stdio: ['ignore', 'pipe', 'pipe'],
          timeout: 120_000,
        });
        let stdout = '';
        let stderr = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          stdout += chunk;
        });
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
          stderr += chunk;
        });
        child.on('error', reject);
        child.on('close', (status) => resolve({ status, stdout, stderr }));
      },
    );
  }

  private collect(dir: string, status: number | null): BashRun {
    const out = join(dir, 'out');
    const argv = readdirSync(out).map((file) => {
      const fields = readFileSync(join(out, file), 'utf8').split('\0');
      fields.pop();
      return fields;
    });
    return { argv, status, stderr: readFileSync(join(dir, 'stderr'), 'utf8') };
  }
}

/** A script to run and the files its working directory needs. */
export interface Job {
  script: string;
  inputFiles: readonly string[];
}

async function pool(count: number, workers: number, task: (index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) await task(i);
  };
  await Promise.all(Array.from({ length: Math.min(workers, count) }, worker));
}
