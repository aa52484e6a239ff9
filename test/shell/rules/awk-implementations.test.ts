import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../../src/shell/analyze.js';
import { busyboxAwk, bwkAwk, mawk } from '../../../src/shell/rules/awk-implementations.js';

// BWK awk (macOS, FreeBSD) skips options it does not know, so the word gawk takes as their
// value becomes BWK's program. An awk call is read-only only when every implementation `awk`
// may be runs the same program text. The models are checked against the real mawk,
// original-awk and busybox awk in test/shell/shells/awk.test.ts.

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
const evil = fc.constantFrom(
  'BEGIN{system("touch M")}',
  '{print > "out"}',
  'BEGIN{"id" | getline x}',
  'BEGIN { print | "sh" }',
);

describe('a word one awk reads as an option value is never another awk’s program', () => {
  it('gawk options BWK awk skips, with a separate value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('awk', 'nawk'),
        fc.constantFrom(
          '--field-separator',
          '--field',
          '--assign',
          '--ass',
          '-W',
          '-bF',
          '-bv',
          '-sF',
          '-PF',
          '-cv',
          '-NF',
          '-rbF',
        ),
        evil,
        fc.constantFrom("'{print}'", "'NR==1' f", "'{print $1}' -"),
        (program, option, value, rest) => {
          const command = `${program} ${option} ${quote(value)} ${rest}`;
          expect(analyzeShellCommand(command).readOnly, command).toBe(false);
        },
      ),
    );
  });

  it('an attached -e value: BWK awk skips the word and runs the next one', () => {
    fc.assert(
      fc.property(evil, (value) => {
        const command = `awk -e'{print}' ${quote(value)}`;
        expect(analyzeShellCommand(command).readOnly, command).toBe(false);
      }),
    );
  });

  it.each([
    "awk -F: '{print $1}' /etc/passwd",
    "awk -F : '{print $1}' f",
    "awk -vOFS=, '{print $1,$2}' f",
    "awk -v n=1 -- 'NR==n' f",
    "awk -e '{print}' f",
    "gawk --field-separator : '{print $1}' f",
    "gawk -bF : '{print}' f",
    "mawk -W interactive '{print}' f",
    'awk --version',
    'mawk -W version',
  ])('still read-only: %s', (command) => {
    expect(analyzeShellCommand(command)).toMatchObject({ readOnly: true });
  });

  it.each([
    ["awk -W interactive '{print}' f", 'awk_program'],
    ["awk --assign x=1 '{print}'", 'awk_program'],
  ])('%s → %s', (command, code) => {
    expect(analyzeShellCommand(command).code).toBe(code);
  });
});

describe('the implementation models', () => {
  it.each<[readonly string[], string | undefined]>([
    [['--field-separator', 'P', 'Q'], 'P'],
    [['-W', 'P', 'Q'], 'P'],
    [['-bF', 'P', 'Q'], 'P'],
    [['-eP', 'Q'], 'Q'],
    [['-F', 'P', 'Q'], 'Q'],
    [['-Fx', 'P'], 'P'],
    [['-v', 'a=1', 'P'], 'P'],
    [['--', '-P'], '-P'],
    [['--version', 'P'], undefined],
  ])('BWK awk %j runs %s', (args, program) => {
    const reading = bwkAwk(args);
    expect(reading.kind === 'program' ? reading.text : undefined).toBe(program);
  });

  it.each<[readonly string[], string | undefined]>([
    [['-W', 'P', 'Q'], 'Q'],
    [['-Wversion', 'P'], undefined],
    [['--posix', 'P'], 'P'],
    [['--field-separator', 'P', 'Q'], undefined],
    [['-e', 'P'], undefined],
    [['-F', ':', 'P'], 'P'],
  ])('mawk %j runs %s', (args, program) => {
    const reading = mawk(args);
    expect(reading.kind === 'program' ? reading.text : undefined).toBe(program);
  });

  it.each<[readonly string[], string | undefined]>([
    [['-e', 'P', 'Q'], 'P'],
    [['-eP', 'Q'], 'P'],
    [['-W', 'P', 'Q'], 'Q'],
    [['-b', 'P'], undefined],
    [['--posix', 'P'], undefined],
  ])('busybox awk %j runs %s', (args, program) => {
    const reading = busyboxAwk(args);
    expect(reading.kind === 'program' ? reading.text : undefined).toBe(program);
  });

  it('mawk -W exec and every -f read a program file: unknown', () => {
    expect(mawk(['-We', 'file']).kind).toBe('unknown');
    expect(bwkAwk(['-f', 'file']).kind).toBe('unknown');
    expect(busyboxAwk(['-f', 'file']).kind).toBe('unknown');
  });
});
