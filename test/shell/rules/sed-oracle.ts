// Test helpers: run GNU sed 4.9 on many scripts at once (one bash loop, not one spawn per
// script) with --sandbox, so no script can write, read or execute anything, and read back what
// it compiled from --debug.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SedOutcome {
  /** Exit status of `sed --sandbox --debug -n -e SCRIPT </dev/null`. */
  status: number;
  /** stdout and stderr together: the compiled program, or the error message. */
  output: string;
}

// One loop per CPU, each over its own file of NUL-terminated scripts.
const loop = (n: number): string => `while IFS= read -r -d '' s; do
  out=$(sed --sandbox --debug -n -e "$s" </dev/null 2>&1); rc=$?
  printf '%s\\0%s\\0' "$rc" "$out"
done < in${n} > out${n}`;

/** Runs GNU sed in sandbox mode on each script (none may contain NUL); order is kept. */
export function runSedSandbox(scripts: readonly string[]): SedOutcome[] {
  const dir = mkdtempSync(join(tmpdir(), 'planfirst-sed-'));
  try {
    const jobs = Math.max(1, Math.min(availableParallelism(), 8));
    const size = Math.ceil(scripts.length / jobs);
    const chunks = Array.from({ length: jobs }, (_, n) => scripts.slice(n * size, (n + 1) * size));
    chunks.forEach((chunk, n) => {
      writeFileSync(join(dir, `in${n}`), chunk.map((s) => `${s}\0`).join(''));
    });
    const all = `${chunks.map((_, n) => `(${loop(n)}) &`).join('\n')}\nwait`;
    const run = spawnSync('bash', ['-c', all], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
      encoding: 'latin1',
    });
    if (run.status !== 0) throw new Error(`sed batch failed: ${run.stderr}`);
    return chunks.flatMap((chunk, n) => {
      const parts = readFileSync(join(dir, `out${n}`), 'latin1').split('\0');
      return chunk.map((_, i) => ({
        status: Number(parts[2 * i]),
        output: parts[2 * i + 1] ?? '',
      }));
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** sed --sandbox refused the script because it holds an `e`, `r` or `w` form. */
export function sandboxRefused(outcome: SedOutcome): boolean {
  return outcome.status !== 0 && outcome.output.includes('e/r/w commands disabled in sandbox');
}

/**
 * The (depth, letter) of each command in `sed --debug`'s program listing. Command lines are
 * indented by two spaces per level; other lines are text that a command printed raw, so the
 * caller must keep blanks out of generated text for this to be unambiguous.
 */
export function debugCommands(output: string): string[] {
  const lines = output.split('\n');
  const start = lines.indexOf('SED PROGRAM:');
  const commands: string[] = [];
  for (const line of lines.slice(start + 1)) {
    let indent = 0;
    while (line.startsWith('  ', indent)) indent += 2;
    if (indent === 0 || line[indent] === ' ' || line.length === indent) continue;
    const body = line.slice(indent);
    commands.push(`${indent / 2 - 1}${body[skipAddresses(body)] ?? '?'}`);
  }
  return commands;
}

/** Where the command starts in a --debug line: after `ADDR[,ADDR][!] ` as sed prints them. */
function skipAddresses(body: string): number {
  let i = 0;
  const skipOne = (): boolean => {
    if (body[i] === '/') {
      // Regexes are printed between slashes, with `/` and `\` inside escaped.
      for (i += 1; i < body.length && body[i] !== '/'; i += 1) if (body[i] === '\\') i += 1;
      i += 1;
      while (body[i] === 'I' || body[i] === 'M') i += 1;
      return true;
    }
    if (body.startsWith('[ADDR-NULL]', i)) {
      i += '[ADDR-NULL]'.length;
      return true;
    }
    const start = i;
    while (i < body.length && '0123456789$~+'.includes(body[i] ?? '')) i += 1;
    return i > start;
  };
  if (skipOne()) {
    if (body[i] === ',') {
      i += 1;
      skipOne();
    }
    if (body[i] === '!') i += 1;
    if (body[i] === ' ') i += 1;
  }
  while (body[i] === '!') i += 1;
  return i;
}
