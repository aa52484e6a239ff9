import { writeFile } from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ParseLimits, parseShell } from '../../../src/shell/parser/index.js';
import type { ParseResult } from '../../../src/shell/types.js';
import { script, word } from './arbitraries.js';
import { BashOracle, type BashRun, oracleUnavailable } from './bash-oracle.js';
import { acceptedCommands } from './cases/index.js';
import { simulate } from './simulate.js';

// SPEC §3.3: the argv the parser reports must be exactly what bash executes. Every command the
// parser tests accept, thousands generated from the accepted grammar, and random words near the
// rejection boundary run under real bash with stub programs that record their argv; the
// parser's AST, walked like bash walks it, must predict the same multiset of argv and the same
// exit status, and bash must report no syntax error or warning. Set PARSER_DIFF_SEED to replay.

const generatedRuns = 5_000;
const seed = Number(process.env.PARSER_DIFF_SEED ?? Date.now() % 2 ** 31);
const unavailable = oracleUnavailable();
if (unavailable) console.warn(`differential test skipped: ${unavailable}`);

type Accepted = Extract<ParseResult, { ok: true }>;

interface Job {
  script: string;
  parsed: Accepted;
}

function parseOrFail(command: string, limits?: Partial<ParseLimits>): Accepted {
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

interface Mismatch {
  script: string;
  expected: { argv: string[]; status: number };
  bash: { argv: string[]; status: number | null; stderr: string };
}

async function compareWithBash(
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
async function expectNone(mismatches: Mismatch[]): Promise<void> {
  if (process.env.PARSER_DIFF_DUMP) {
    await writeFile(process.env.PARSER_DIFF_DUMP, JSON.stringify(mismatches, null, 1));
  }
  expect(mismatches.slice(0, 5), `seed ${seed}: ${mismatches.length} mismatches`).toEqual([]);
}

// Generous per-test timeouts: a loaded machine is slow at starting processes.
const timeout = 150_000;

describe.skipIf(unavailable !== undefined)('argv matches what real bash executes', () => {
  let oracleTime = 0;
  beforeAll(() => {
    oracleTime = performance.now();
  });
  afterAll(() => {
    console.info(
      `differential: seed ${seed}, ${Math.round(performance.now() - oracleTime)} ms in total`,
    );
  });

  it(
    'for every command the parser tests accept',
    async () => {
      const jobs = acceptedCommands.map(({ command, limits }) => ({
        script: command,
        parsed: parseOrFail(command, limits),
      }));
      await expectNone(await compareWithBash(jobs, 'direct'));
      console.info(`differential: ${jobs.length} commands of the parser tests agree with bash`);
    },
    timeout,
  );

  it(
    `for ${generatedRuns} scripts generated from the accepted grammar`,
    async () => {
      const scripts = fc.sample(script, { numRuns: generatedRuns, seed });
      expect(scripts.length).toBeGreaterThanOrEqual(5_000);
      // The generator is the grammar: everything it produces must be accepted.
      const jobs = scripts.map((s) => ({ script: s, parsed: parseOrFail(s) }));
      const started = performance.now();
      const mismatches = await compareWithBash(jobs, 'batched');
      await expectNone(mismatches);
      const commands = jobs.reduce((sum, j) => sum + j.parsed.commands.length, 0);
      console.info(
        `differential: ${jobs.length} generated scripts (${commands} simple commands) agree with bash in ${Math.round(performance.now() - started)} ms`,
      );
    },
    timeout,
  );

  it(
    'for random words near the rejection boundary that the parser accepts',
    async () => {
      // Braces, tildes, `=`, quotes and escapes in every order: whatever the parser lets through
      // must mean to bash exactly what the parser says (no brace or tilde expansion slipped by).
      const edgy = fc
        .array(
          fc.oneof(word, fc.string({ unit: fc.constantFrom(...`{},.a~=:'"\\ -#!`), maxLength: 8 })),
          {
            minLength: 1,
            maxLength: 4,
          },
        )
        .map((words) => `echo ${words.join(' ')}`);
      const candidates = fc.sample(edgy, { numRuns: 2_000, seed: seed + 1 });
      const jobs: Job[] = [];
      for (const candidate of candidates) {
        const parsed = parseShell(candidate);
        // An unbalanced quote can turn a `<` into an input redirect from a file that does not exist.
        if (parsed.ok && parsed.commands.every((c) => c.redirects.length === 0)) {
          jobs.push({ script: candidate, parsed });
        }
      }
      expect(jobs.length).toBeGreaterThan(500);
      await expectNone(await compareWithBash(jobs, 'batched'));
      console.info(`differential: ${jobs.length} accepted boundary commands agree with bash`);
    },
    timeout,
  );
});
