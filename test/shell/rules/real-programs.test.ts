import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalOption, parseArgs } from '../../../src/shell/option-engine.js';
import { defaultPrograms } from '../../../src/shell/rules/index.js';
import type { ProgramSpec } from '../../../src/shell/spec.js';
import { word } from '../words.js';

// Cross-checks the option tables against the programs installed on this machine. getopt
// processes options left to right, so `PROG OPT --help` prints the usage text unless OPT takes
// a required value (which swallows `--help`). Options marked as hazards are never run, and
// everything runs in a fresh temp dir with empty stdin.

const dir = mkdtempSync(join(tmpdir(), 'planfirst-oracle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// POSIXLY_CORRECT would stop getopt's permutation; the programs must run as agents run them.
const { POSIXLY_CORRECT: _posix, ...inheritedEnv } = process.env;

interface Outcome {
  usage: boolean;
  stderr: string;
}

function runReal(program: string, args: readonly string[]): Outcome {
  const result = spawnSync(program, args, {
    cwd: dir,
    input: '',
    encoding: 'utf8',
    timeout: 10_000,
    env: { ...inheritedEnv, LC_ALL: 'C' },
  });
  // Help goes to stdout; a usage *error* goes to stderr.
  const usage = /usage:/i.test(result.stdout ?? '');
  return { usage, stderr: result.stderr ?? '' };
}

function installed(program: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
}

// Programs that read their options with getopt_long (or jq's own parser, which behaves alike).
const getoptPrograms = [
  'cat',
  'head',
  'tail',
  'wc',
  'nl',
  'cut',
  'paste',
  'tr',
  'rev',
  'tac',
  'fold',
  'column',
  'seq',
  'sort',
  'uniq',
  'base64',
  'md5sum',
  'sha1sum',
  'sha224sum',
  'sha256sum',
  'sha384sum',
  'sha512sum',
  'b2sum',
  'cksum',
  'od',
  'hexdump',
  'strings',
  'ls',
  'stat',
  'du',
  'df',
  'realpath',
  'readlink',
  'basename',
  'dirname',
  'pwd',
  'id',
  'whoami',
  'uname',
  'uptime',
  'nproc',
  'hostname',
  'date',
  'printenv',
  'env',
  'grep',
  'diff',
  'cmp',
  'comm',
  'file',
  'timeout',
  'nice',
  'xargs',
  'jq',
].filter(installed);

/** Options that exit before reading `--help` (version printers and the like). */
const exitsEarly = new Set(['--version', '--build-configuration', '--run-tests']);

/**
 * Spellings this machine cannot check: `id -Z` needs SELinux, `uptime -s` prints and exits at
 * once, and jq 1.7 added options the installed jq 1.6 lacks.
 */
const notCheckableHere: Readonly<Record<string, readonly string[]>> = {
  id: ['-Z', '--context'],
  uptime: ['-s', '--since'],
  jq: ['--raw-output0', '-b', '--binary', '--library-path'],
};

function specOf(program: string): ProgramSpec {
  const rule = defaultPrograms[program];
  if (rule?.kind !== 'spec') throw new Error(`${program} has no spec`);
  return rule.spec;
}

/** Every spelling whose option is safe to run, with the arity the table gives it. */
function runnableSpellings(
  program: string,
  spec: ProgramSpec,
): { spelling: string; value: string }[] {
  const versionKey = canonicalOption(spec, '--version')?.key;
  const out: { spelling: string; value: string }[] = [];
  for (const spelling of Object.keys(spec.options)) {
    const target = canonicalOption(spec, spelling);
    if (target === undefined || target.option.hazard !== undefined) continue;
    if (exitsEarly.has(spelling) || target.key === versionKey) continue;
    if (notCheckableHere[program]?.includes(spelling) === true) continue;
    out.push({ spelling, value: target.option.value ?? 'flag' });
  }
  return out;
}

describe.each(getoptPrograms)('%s: the option table matches the installed program', (program) => {
  const spec = specOf(program);
  // base64's -o/--output is the macOS one; hazards are never run anyway.
  const spellings = runnableSpellings(program, spec);

  it('takes a required value exactly where the table says so', () => {
    const wrong = spellings
      .filter(({ spelling, value }) => {
        const { usage } = runReal(program, [spelling, '--help']);
        return usage === (value === 'required');
      })
      .map(({ spelling }) => `${program} ${spelling}`);
    expect(wrong).toEqual([]);
  });

  it('rejects =value on every long flag and accepts it on every long option with a value', () => {
    const wrong = spellings
      // jq never takes `--opt=value`; its values are always the next words.
      .filter(
        ({ spelling }) => program !== 'jq' && spelling.startsWith('--') && spelling !== '--help',
      )
      .filter(({ spelling, value }) => {
        const { stderr } = runReal(program, [`${spelling}=1`, '--help']);
        const refused =
          stderr.includes("doesn't allow an argument") || stderr.includes('Unknown option');
        return refused !== (value === 'flag');
      })
      .map(({ spelling }) => `${program} ${spelling}`);
    expect(wrong).toEqual([]);
  });
});

/** Long options this machine's programs lack on purpose (macOS spellings we still block). */
const notInstalledHere: Readonly<Record<string, readonly string[]>> = { base64: ['--output'] };

// An abbreviation is checked as `PROG PREFIX=x --zz-not-an-option`: getopt rejects the prefix
// (ambiguous, unknown, or a flag given a value) or stops at the bogus option, so the program
// exits while parsing and no option, hazardous or not, ever takes effect.
const abbreviating = getoptPrograms.filter((program) => specOf(program).abbreviations !== false);

describe.each(abbreviating)(
  '%s: abbreviations resolve as the installed program resolves them',
  (program) => {
    it('agrees on every prefix of every long option (unique, ambiguous or unknown)', () => {
      const spec = specOf(program);
      const skipped = notInstalledHere[program] ?? [];
      const prefixes = new Set<string>();
      for (const key of Object.keys(spec.options)) {
        if (!key.startsWith('--') || skipped.includes(key)) continue;
        for (let length = 3; length < key.length; length++) prefixes.add(key.slice(0, length));
      }
      const disagreements: string[] = [];
      for (const prefix of prefixes) {
        const ours = parseArgs(program, [word(`${prefix}=x`)], spec);
        const oursKind = 'code' in ours ? ours.code : 'resolved';
        const { stderr } = runReal(program, [`${prefix}=x`, '--zz-not-an-option']);
        const theirs = stderr.includes(`'${prefix}=x' is ambiguous`)
          ? 'ambiguous_option'
          : stderr.includes(`unrecognized option '${prefix}=x'`)
            ? 'unknown_option'
            : 'resolved';
        const comparable = oursKind === 'bad_option_value' ? 'resolved' : oursKind;
        if (comparable !== theirs) {
          disagreements.push(`${program} ${prefix}: ours ${oursKind}, real ${theirs}`);
        }
      }
      expect(disagreements).toEqual([]);
    });
  },
);
