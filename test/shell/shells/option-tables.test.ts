import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalOption } from '../../../src/shell/option-engine.js';
import { defaultPrograms } from '../../../src/shell/rules/index.js';
import { tarSpec } from '../../../src/shell/rules/tar.js';
import type { ProgramSpec } from '../../../src/shell/spec.js';
import { requirePrograms } from './real-shells.js';

// Every short option letter the analyzer accepts for a program (read as GNU reads it) against
// the real busybox applet of the same name and the real bsdtar: does that implementation take a
// value after the letter? A letter GNU reads with a value and another implementation as a flag
// would hand the value word to that implementation as an option or operand; the reverse hides
// the next word from it. Both lists are compared with the reviewed ones below. (BSD sed, grep,
// xargs, stat, date … are compared from their sources in test/shell/rules/bsd-options.test.ts.)

type Arity = 'value' | 'flag' | 'unknown';

/** What busybox (or bsdtar) does with `-L` alone: needs a value, rejects it, or takes it. */
function probe(command: readonly string[], letter: string): Arity {
  const [program, ...args] = command;
  const run = spawnSync(program as string, [...args, `-${letter}`], {
    encoding: 'utf8',
    input: '',
    timeout: 5_000,
  });
  const said = `${run.stderr ?? ''}${run.stdout ?? ''}`;
  if (/requires an argument/.test(said)) return 'value';
  if (/invalid option|unrecognized option|Usage:|not permitted/.test(said)) return 'unknown';
  return 'flag';
}

function acceptedLetters(spec: ProgramSpec): [string, Arity][] {
  return Object.keys(spec.options).flatMap((key): [string, Arity][] => {
    if (!/^-[A-Za-z0-9]$/.test(key)) return [];
    const option = canonicalOption(spec, key)?.option;
    if (option === undefined || option.hazard !== undefined) return [];
    return [[key.slice(1), option.value === 'required' ? 'value' : 'flag']];
  });
}

function conflicts(command: readonly string[], spec: ProgramSpec) {
  const gnuValueOtherFlag: string[] = [];
  const gnuFlagOtherValue: string[] = [];
  for (const [letter, ours] of acceptedLetters(spec)) {
    const theirs = probe(command, letter);
    if (ours === 'value' && theirs === 'flag') gnuValueOtherFlag.push(letter);
    if (ours === 'flag' && theirs === 'value') gnuFlagOtherValue.push(letter);
  }
  return { gnuValueOtherFlag, gnuFlagOtherValue };
}

describe('option arity: GNU tables against busybox and bsdtar', () => {
  beforeAll(() => requirePrograms(['busybox', 'bsdtar']));

  it('every busybox applet the analyzer has a table for reads each accepted letter alike', () => {
    const applets = new Set(
      spawnSync('busybox', ['--list'], { encoding: 'utf8' }).stdout.split('\n'),
    );
    const found: Record<string, ReturnType<typeof conflicts>> = {};
    let compared = 0;
    for (const program of Object.keys(defaultPrograms)) {
      if (!applets.has(program)) continue;
      const rule = defaultPrograms[program];
      const spec = program === 'tar' ? tarSpec() : rule?.kind === 'spec' ? rule.spec : undefined;
      if (spec === undefined) continue;
      compared++;
      const result = conflicts(['busybox', program], spec);
      if (result.gnuValueOtherFlag.length + result.gnuFlagOtherValue.length > 0)
        found[program] = result;
    }
    expect(compared).toBeGreaterThan(40);
    expect(found).toEqual({});
  });

  it('bsdtar reads each letter the analyzer accepts for tar alike', () => {
    expect(conflicts(['bsdtar', '-t'], tarSpec())).toEqual({
      gnuValueOtherFlag: [],
      gnuFlagOtherValue: [],
    });
  });
});
