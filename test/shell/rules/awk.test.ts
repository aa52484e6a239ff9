import { describe, expect, it } from 'vitest';
import { buildAwkPrograms } from '../../../src/shell/rules/awk.js';
import { resultOf, verdictOf } from './rule-verdict.js';

const awkPrograms = buildAwkPrograms();

const verdict = (line: string): string => verdictOf(awkPrograms, line);

describe('awk reads, computes and prints to stdout', () => {
  it.each([
    "awk 'NR==5' notes.txt",
    "awk '{print $1}' f",
    "awk -F: '{print $1}' /etc/passwd",
    "awk -F : '{print $1}' f",
    "awk -v OFS=, '{print $1,$2}' f",
    "awk -vx=1 'BEGIN{print x}'",
    "awk 'NR>1{print $3}' data.csv",
    "awk '{s+=$1} END{print s}' f",
    "awk '{print}' *.log",
    "awk -- '{print}' *.log",
    "awk '{print}' /var/log/*.log",
    "awk '{print}' n=1 f",
    "awk '{print}' -i",
    "gawk -e '{print}' f",
    "gawk --source='BEGIN{print 1}'",
    "gawk -S '{print}' f",
    "gawk --sandbox '{print}' f",
    "gawk -M 'BEGIN{print 2^100}'",
    "gawk --posix --lint=fatal '{print}' f",
    "gawk -k '{print $2}' data.csv",
    'awk --version',
    'gawk -V',
    'mawk -W version',
    'mawk -Wversion',
    'mawk -W usage,version',
    "mawk -W interactive '{print}' f",
    "mawk -W sprintf=9999 '{print}' f",
    "nawk '{print}' f",
  ])('%s', (line) => {
    expect(verdict(line)).toBe('ok');
  });
});

describe('awk blocks programs and options that run, write or reach out', () => {
  it.each<[string, string]>([
    ['awk \'BEGIN{system("rm -rf build")}\'', 'awk_program'],
    ['awk \'{print | "sh"}\' cmds.txt', 'awk_program'],
    ['awk \'{print > "out"}\' f', 'awk_program'],
    ['gawk -e \'{print |& "cat"}\' f', 'awk_program'],
    ['gawk --source=\'@load "filefuncs"\' f', 'awk_program'],
    ["awk -e '{print}' -e 'END{print}' f", 'awk_program'],
    ['awk \'{ x = length /"/; print | "sh" #"/\n}\' f', 'awk_program'],
    ['awk -- * f', 'awk_program'],
    ['awk ~/prog.awk f', 'awk_program'],
    ['awk -f prog.awk f', 'option_unsupported'],
    ['awk -fprog.awk f', 'option_unsupported'],
    ['awk --file=prog.awk f', 'option_unsupported'],
    ['gawk -E prog.awk f', 'option_unsupported'],
    ["gawk -i lib.awk '{print}' f", 'option_unsupported'],
    ["gawk --include=lib '{print}' f", 'option_unsupported'],
    ["gawk -l ordchr '{print}' f", 'option_executes'],
    ["gawk --load=ordchr '{print}' f", 'option_executes'],
    ["gawk -d '{print}' f", 'option_writes'],
    ["gawk -dvars.out '{print}' f", 'option_writes'],
    ["awk -d '{print}' f", 'option_writes'],
    ["gawk --dump-variables '{print}' f", 'option_writes'],
    ["gawk --dump=x '{print}' f", 'option_writes'],
    ["gawk -o '{print}' f", 'option_writes'],
    ["gawk --pretty-print=p.awk '{print}' f", 'option_writes'],
    ["gawk -p '{print}' f", 'option_writes'],
    ["gawk --pro '{print}' f", 'option_writes'],
    ["gawk -D '{print}' f", 'option_interactive'],
    ["gawk --debug '{print}' f", 'option_interactive'],
    ["gawk --d '{print}' f", 'ambiguous_option'],
    ['mawk -W exec prog.awk', 'option_unsupported'],
    ["mawk -W dump '{print}'", 'option_unsupported'],
    ["mawk -W v '{print}'", 'option_unsupported'],
    ['mawk -We prog.awk', 'option_unsupported'],
    ["mawk -W version,exec '{print}'", 'option_unsupported'],
    ["gawk -W source='BEGIN{print}'", 'option_unsupported'],
    ["awk '{print}' /inet/tcp/0/example.com/80", 'bad_operand'],
    ["awk -- '{print}' /i*/tcp/0/example.com/80", 'bad_operand'],
    ['awk', 'bad_operand'],
    ['awk -F:', 'bad_operand'],
    ['awk *', 'unsafe_glob'],
    ["awk -q '{print}' f", 'unknown_option'],
    ["awk -safe '{print}' f", 'unknown_option'],
    ['awk -v', 'missing_option_value'],
  ])('%s → %s', (line, expected) => {
    expect(verdict(line)).toBe(expected);
  });

  it('tells the model what to do instead', () => {
    expect(resultOf(awkPrograms, 'awk \'{print $1 > "out"}\' f')).toMatchObject({
      reason: expect.stringContaining('print to stdout instead'),
    });
    expect(resultOf(awkPrograms, 'awk -f prog.awk f')).toMatchObject({
      reason: expect.stringContaining('pass it inline'),
    });
  });
});
