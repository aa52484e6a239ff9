// Test helper: run mawk on many programs at once, each in its own fresh directory of a temp dir
// with a small input file, under strace, and report whether it spawned a process, opened a
// file for writing, touched the network or left a new file behind.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

export interface AwkEffects {
  /** Exit status of mawk (124 when it ran past the time limit). */
  status: number;
  /** What the program did beyond reading; empty when it only read and printed to stdout. */
  effects: string[];
}

const traced = 'execve,fork,vfork,clone,clone3,openat,open,creat,socket,connect';

const loop = (n: number, awk: string): string => `i=0
while IFS= read -r -d '' p; do
  d=run${n}_$i; mkdir "$d"; printf 'a b 3\\nc d 4\\n' > "$d/in"
  (cd "$d" && exec timeout 2 strace -f -qq -e trace=${traced} -o ../trace${n}_$i \\
    ${awk} -- "$p" in </dev/null >/dev/null 2>&1)
  printf '%s\\0' "$?"
  i=$((i+1))
done < in${n} > out${n}`;

/** Runs each program with mawk (none may contain NUL) and reports its side effects, in order. */
export function runMawk(programs: readonly string[]): AwkEffects[] {
  return runAwk(programs, 'mawk');
}

/**
 * Runs each program with `awk` (a command line such as `gawk --posix`, trusted test input) and
 * reports its side effects, in order.
 */
export function runAwk(programs: readonly string[], awk: string): AwkEffects[] {
  const dir = mkdtempSync(join(tmpdir(), 'planfirst-awk-'));
  try {
    const jobs = Math.max(1, Math.min(availableParallelism(), 8));
    const size = Math.ceil(programs.length / jobs) || 1;
    const chunks = Array.from({ length: jobs }, (_, n) => programs.slice(n * size, (n + 1) * size));
    chunks.forEach((chunk, n) => {
      writeFileSync(join(dir, `in${n}`), chunk.map((p) => `${p}\0`).join(''));
    });
    const all = `${chunks.map((_, n) => `(${loop(n, awk)}) &`).join('\n')}\nwait`;
    const run = spawnSync('bash', ['-c', all], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`${awk} batch failed: ${run.stderr}`);
    return chunks.flatMap((chunk, n) => {
      const statuses = readFileSync(join(dir, `out${n}`), 'utf8').split('\0');
      return chunk.map((_, i) => ({
        status: Number(statuses[i]),
        effects: [
          ...traceEffects(readFileSync(join(dir, `trace${n}_${i}`), 'utf8')),
          ...readdirSync(join(dir, `run${n}_${i}`))
            .filter((f) => f !== 'in')
            .map((f) => `created ${f}`),
        ],
      }));
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function traceEffects(trace: string): string[] {
  const effects: string[] = [];
  let execs = 0;
  for (const line of trace.split('\n')) {
    if (line.includes(' execve(')) execs += 1;
    if (execs > 1 && line.includes(' execve(')) effects.push(line);
    else if (/ (fork|vfork|clone3?)\(/.test(line)) effects.push(line);
    else if (/ (socket|connect)\(/.test(line)) effects.push(line);
    else if (/ (open|openat|creat)\(/.test(line) && /O_WRONLY|O_RDWR|O_CREAT|creat\(/.test(line))
      effects.push(line);
  }
  return effects;
}
