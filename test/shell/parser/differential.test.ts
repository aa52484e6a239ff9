import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../../src/shell/analyze.js';
import { parseShell } from '../../../src/shell/parser/index.js';
import { commandRows } from '../../fixtures/corpus.js';
import { everydayCommands } from '../analyze-cases.js';
import { script, word } from './arbitraries.js';
import { oracleUnavailable } from './bash-oracle.js';
import { acceptedCommands } from './cases/index.js';
import { compareWithBash, expectNone, type Job, parseOrFail } from './differential-harness.js';

// The argv the parser reports must be exactly what bash executes. Every command the
// parser tests accept, thousands generated from the accepted grammar, and random words near the
// rejection boundary run under real bash with stub programs that record their argv; the
// parser's AST, walked like bash walks it, must predict the same multiset of argv and the same
// exit status, and bash must report no syntax error or warning. Set PARSER_DIFF_SEED to replay.
// The default run is sized to finish in seconds on a loaded machine; `npm run
// test:shell-exhaustive` sets PARSER_DIFF_RUNS=5000 (and scales the boundary words with it).

const generatedRuns = Number(process.env.PARSER_DIFF_RUNS ?? 400);
const boundaryRuns = Math.round(generatedRuns * 0.4);
// One bash process per script, as a user runs them, only in the exhaustive run; otherwise each
// bash process sources a batch of scripts, each in its own subshell.
const fixedMode = generatedRuns >= 5_000 ? 'direct' : 'batched';
const seed = Number(process.env.PARSER_DIFF_SEED ?? Date.now() % 2 ** 31);
const unavailable = oracleUnavailable();
if (unavailable) console.warn(`differential test skipped: ${unavailable}`);

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
      await expectNone(await compareWithBash(jobs, fixedMode), seed);
      console.info(`differential: ${jobs.length} commands of the parser tests agree with bash`);
    },
    timeout,
  );

  it(
    'for every command the analyzer tests and the corpus find read-only, as the analyzer reports it',
    async () => {
      // Commands with an expansion or substitution have words whose text is unknown until they
      // run; the expansion tests (test/shell/shells/expansions.test.ts) run those.
      const hasExpansion = (c: string) => {
        const parsed = parseShell(c);
        return (
          parsed.ok &&
          parsed.commands.some(
            (s) => s.substitutions !== undefined || s.words.some((w) => w.expansion === true),
          )
        );
      };
      const commands = [...everydayCommands, ...commandRows().map((r) => r.command)].filter(
        (c) => analyzeShellCommand(c).readOnly && !hasExpansion(c),
      );
      expect(commands.length).toBeGreaterThan(150);
      const jobs = commands.map((command) => {
        const parsed = parseOrFail(command);
        // What the analyzer reports is the parser's argv of every top-level simple command.
        expect(analyzeShellCommand(command).commands).toEqual(
          parsed.commands
            .filter((c) => c.words.length > 0)
            .map((c) => ({ argv: c.words.map((w) => w.value) })),
        );
        return { script: command, parsed };
      });
      await expectNone(await compareWithBash(jobs, fixedMode), seed);
      console.info(
        `differential: ${jobs.length} read-only commands of the analyzer agree with bash`,
      );
    },
    timeout,
  );

  it(
    `for ${generatedRuns} scripts generated from the accepted grammar`,
    async () => {
      const scripts = fc.sample(script, { numRuns: generatedRuns, seed });
      expect(scripts.length).toBe(generatedRuns);
      // The generator is the grammar: everything it produces must be accepted.
      const jobs = scripts.map((s) => ({ script: s, parsed: parseOrFail(s) }));
      const started = performance.now();
      const mismatches = await compareWithBash(jobs, 'batched');
      await expectNone(mismatches, seed);
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
      const candidates = fc.sample(edgy, { numRuns: boundaryRuns, seed: seed + 1 });
      const jobs: Job[] = [];
      for (const candidate of candidates) {
        const parsed = parseShell(candidate);
        // An unbalanced quote can turn a `<` into an input redirect from a file that does not exist.
        if (parsed.ok && parsed.commands.every((c) => c.redirects.length === 0)) {
          jobs.push({ script: candidate, parsed });
        }
      }
      expect(jobs.length).toBeGreaterThan(boundaryRuns / 4);
      await expectNone(await compareWithBash(jobs, 'batched'), seed);
      console.info(`differential: ${jobs.length} accepted boundary commands agree with bash`);
    },
    timeout,
  );
});
