import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../../src/shell/analyze.js';
import { checkAwkProgram } from '../../../src/shell/rules/awk-program.js';
import { awkNoise, awkProgram } from './awk-grammar.js';
import { runAwk } from './awk-oracle.js';

// `awk` may be gawk, mawk (Debian/Ubuntu), BWK awk (macOS, FreeBSD) or gawk in its POSIX and
// traditional modes. A program is accepted only when every one of them tokenises it alike: no
// dialect's keyword may decide whether a `/` divides or starts a regex.

/** A construct each dialect reads as something else: gawk-only keywords before `( … ) /`. */
const dialectKeywords = ['switch'];
const hidden = 'system("touch pwned")';

function variants(keyword: string): string[] {
  return [
    `BEGIN { ${keyword} (x) / 1; ${hidden}; x = 1 / 1 }`,
    `BEGIN { ${keyword}(x) / 1; ${hidden}; x = 1 / 1 }`,
    `BEGIN { ${keyword} ( x ) /1;${hidden};x=1/1 }`,
    `{ ${keyword} ($1) / 2; ${hidden}; y = 2 / 2 }`,
    `BEGIN { ${keyword} ((x)) / 1; ${hidden}; x = 1 / 1 }`,
    `BEGIN {\n${keyword} (x) / 1\n${hidden}\nx = 1 / 1\n}`,
    `BEGIN { a = 1; ${keyword} (a) / a; ${hidden}; a = a / a }`,
  ];
}

const awks = [
  ['mawk', 'mawk'],
  ['gawk', 'gawk'],
  ['gawk --posix', 'gawk'],
  ['gawk --traditional', 'gawk'],
  ['original-awk', 'original-awk'],
] as const;
const installed = (binary: string) =>
  spawnSync('sh', ['-c', `command -v ${binary}`]).status === 0 &&
  spawnSync('sh', ['-c', 'command -v strace']).status === 0;
const available = awks.filter(([, binary]) => installed(binary)).map(([command]) => command);

describe('awk programs whose tokens differ between dialects are refused', () => {
  const programs = dialectKeywords.flatMap(variants);
  it.each(programs.map((p) => [p]))('%j', (program) => {
    expect(checkAwkProgram(program)?.code).toBe('awk_program');
    for (const name of ['awk', 'gawk', 'mawk', 'nawk']) {
      expect(analyzeShellCommand(`${name} '${program}'`).readOnly).toBe(false);
    }
  });

  it('still reads the `)` of if/while/for as a condition (regex after it)', () => {
    expect(checkAwkProgram('{ if ($1) /x/ }')).toBeUndefined();
    expect(checkAwkProgram('{ while (0) /x/ }')).toBeUndefined();
    expect(checkAwkProgram('{ x = (1) / 2 }')).toBeUndefined();
  });

  // Proof that the refusal matters: some dialect runs the hidden system(). (`switch(x)` with no
  // space is a call of an undefined function outside gawk, an error; it is refused all the same.)
  it.runIf(available.length > 0)(
    'the refused variants run system() in some awk (real awks)',
    () => {
      const programs = dialectKeywords
        .flatMap(variants)
        .filter((p) => !dialectKeywords.some((k) => p.includes(`${k}(`)));
      const ran = programs.map(() => false);
      for (const awk of available) {
        runAwk(programs, awk).forEach((result, i) => {
          if (result.effects.length > 0) ran[i] = true;
        });
      }
      expect(ran).toEqual(programs.map(() => true));
    },
  );
});

// Every accepted program, generated or hand-written, runs with no side effect in each installed
// awk dialect.
const seed = Number(process.env.ORACLE_SEED ?? Date.now() % 1_000_000);
describe(`accepted awk programs have no side effects in any dialect (seed ${seed})`, () => {
  const programs = [
    ...fc.sample(awkProgram, { numRuns: 150, seed }),
    ...fc.sample(awkNoise, { numRuns: 60, seed: seed + 1 }),
    '{ if ($1) /x/ }',
    'BEGIN { x = 4 / 2 / 1; print x }',
    '{ n++ } END { print n / 2 }',
  ].filter((p) => checkAwkProgram(p) === undefined);

  it.each(available.map((a) => [a]))('%s', (awk) => {
    const results = runAwk(programs, awk);
    const leaks = programs
      .map((program, i) => ({ program, effects: results[i]?.effects ?? ['not run'] }))
      .filter((r) => r.effects.length > 0);
    expect(leaks).toEqual([]);
  });
});
