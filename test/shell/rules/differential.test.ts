import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { judgeRule } from '../../../src/shell/option-engine.js';
import { defaultPrograms } from '../../../src/shell/rules/index.js';
import type { ProgramRule } from '../../../src/shell/spec.js';
import type { ShellWord } from '../../../src/shell/types.js';

// Differential tests against the real programs: whenever a rule says a command is read-only,
// running it (in a temp dir holding one input file, with empty stdin) must create no file.
// Words are passed as bash would pass quoted words, so nothing is expanded.

const dir = mkdtempSync(join(tmpdir(), 'planfirst-differential-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function quoted(value: string): ShellWord {
  return { value, raw: `'${value}'`, glob: false, quoted: true, tilde: false };
}

function readOnly(program: string, args: readonly string[]): boolean {
  const rule = defaultPrograms[program] as ProgramRule;
  return judgeRule(program, rule, args.map(quoted), { depth: 0 }).kind === 'ok';
}

/** Runs `argv` in a fresh copy of the fixture and returns the names left in the directory. */
function filesAfter(argv: readonly string[]): string[] {
  for (const name of readdirSync(dir)) rmSync(join(dir, name), { recursive: true, force: true });
  writeFileSync(join(dir, 'in'), 'b\na\na\n');
  spawnSync(argv[0] as string, argv.slice(1), { cwd: dir, input: '', timeout: 5_000 });
  return readdirSync(dir).sort();
}

const cases: { program: string; argv: (args: string[]) => string[]; vocabulary: string[] }[] = [
  {
    program: 'sort',
    argv: (args) => ['sort', ...args],
    vocabulary: [
      '-o',
      'out',
      '-r',
      '-n',
      '--output=out',
      '--outp',
      '--o',
      '-ro',
      '-k',
      '1',
      'in',
      '--',
      '-u',
      '-oout',
    ],
  },
  {
    program: 'uniq',
    argv: (args) => ['uniq', ...args],
    vocabulary: ['in', 'out', '-c', '-f', '1', '-s', '--', '-', '-2', '--skip-fields', '-w'],
  },
  {
    program: 'env',
    argv: (args) => ['env', ...args],
    vocabulary: [
      '-i',
      '-0',
      '-u',
      'X',
      'FOO=1',
      '-',
      '--',
      'touch',
      'out',
      '-S',
      'touch out',
      '-C',
      '.',
      '-v',
    ],
  },
  {
    program: 'test',
    // bash's builtin, whose -v evaluates subscripts.
    argv: (args) => ['bash', '-c', 'test "$@"', 'test', ...args],
    vocabulary: [
      '-v',
      '-R',
      '-n',
      '-z',
      'x[$(touch out)]',
      '-eq',
      '1',
      '=',
      '!',
      '-a',
      '-o',
      '(',
      ')',
    ],
  },
  {
    program: 'printf',
    argv: (args) => [
      'bash',
      '-c',
      'printf "$@" >/dev/null; declare -p x >/dev/null 2>&1 && : > out',
      'printf',
      ...args,
    ],
    vocabulary: ['-v', 'x', '%s', 'hi', '--', '-vx'],
  },
];

describe.each(cases)(
  '$program: read-only verdicts hold against the real program',
  ({ program, argv, vocabulary }) => {
    it('creates no file whenever the rule says ok', () => {
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...vocabulary), { maxLength: 5 }), (args) => {
          fc.pre(readOnly(program, args));
          expect(filesAfter(argv(args))).toEqual(['in']);
        }),
        { numRuns: 120 },
      );
    });
  },
);
