import { writeFile } from 'node:fs/promises';
import { expect } from 'vitest';
import { type ParseLimits, parseShell } from '../../../src/shell/parser/index.js';
import type { ParseResult } from '../../../src/shell/types.js';
import { BashOracle, type BashRun } from './bash-oracle.js';
import { simulate } from './simulate.js';

// The differential harness: runs scripts under real bash with stub programs that
// record their argv and compares with the parser's AST walked like bash walks it.

export type Accepted = Extract<ParseResult, { ok: true }>;

export interface Job {
  script: string;
  parsed: Accepted;
}

export function parseOrFail(command: string, limits?: Partial<ParseLimits>): Accepted {
  const result = parseShell(command, limits);
  if (!result.ok) {
    expect.fail(`parser rejected ${JSON.stringify(command)}: ${result.code} ${result.reason}`);
  }
  return result;
}

// Input redirects from relative paths (`cat < input.txt`) need the file in the working
// directory, or bash skips the command. Create each one, unless an unquoted glob could then
// match it. The target is decoded by the parser itself, as the argument of a dummy command.
function inputFiles(parsed: Accepted): string[] {
  if (parsed.commands.some((c) => c.words.some((w) => w.glob))) return [];
  const files: string[] = [];
  for (const redirect of parsed.commands.flatMap((c) => c.redirects)) {
    const target = /^0?<(?![<&>])(.*)$/s.exec(redirect.raw)?.[1];
    const decoded = target === undefined ? undefined : parseShell(`x ${target}`);
    const name = decoded?.ok ? decoded.commands[0]?.words[1] : undefined;
    if (name && !name.tilde && !name.value.startsWith('/')) files.push(name.value);
  }
  return files;
}

const sortArgv = (argv: string[][]) => argv.map((a) => JSON.stringify(a)).sort();

export interface Mismatch {
  script: string;
  expected: { argv: string[]; status: number };
  bash: { argv: string[]; status: number | null; stderr: string };
}

export async function compareWithBash(
  jobs: readonly Job[],
  mode: 'direct' | 'batched',
): Promise<Mismatch[]> {
  const programs = new Set(
    jobs.flatMap((j) => j.parsed.commands.map((c) => c.words[0]?.value ?? '')),
  );
  const oracle = BashOracle.create(programs);
  try {
    const runs: BashRun[] = await oracle.runAll(
      jobs.map((job) => ({ script: job.script, inputFiles: inputFiles(job.parsed) })),
      mode,
    );
    const mismatches: Mismatch[] = [];
    jobs.forEach((job, i) => {
      const run = runs[i];
      if (!run) throw new Error(`no bash run for job ${i}`);
      const expected = simulate(job.parsed.ast, { home: oracle.home, programs: oracle.programs });
      const same =
        JSON.stringify(sortArgv(expected.argv)) === JSON.stringify(sortArgv(run.argv)) &&
        expected.status === run.status &&
        !/syntax error|warning:|command not found/.test(run.stderr);
      if (!same) {
        mismatches.push({
          script: job.script,
          expected: { argv: sortArgv(expected.argv), status: expected.status },
          bash: { argv: sortArgv(run.argv), status: run.status, stderr: run.stderr.slice(0, 300) },
        });
      }
    });
    return mismatches;
  } finally {
    oracle.dispose();
  }
}

/** Fails with the first mismatches; PARSER_DIFF_DUMP=file writes all of them for debugging. */
export async function expectNone(mismatches: Mismatch[], seed: number): Promise<void> {
  if (process.env.PARSER_DIFF_DUMP) {
    await writeFile(process.env.PARSER_DIFF_DUMP, JSON.stringify(mismatches, null, 1));
  }
  expect(mismatches.slice(0, 5), `seed ${seed}: ${mismatches.length} mismatches`).toEqual([]);
}
