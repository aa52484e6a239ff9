import { describe, expect, it } from 'vitest';
import { judge } from './judge.js';

describe('echo prints every word, options or not', () => {
  it.each<[string, string]>([
    ['echo bypass', 'ok'],
    ['echo git', 'ok'],
    ['echo -n hi', 'ok'],
    ['echo -neE hi', 'ok'],
    ['echo -o out', 'ok'],
    ['echo --output=x', 'ok'],
    ['echo *', 'ok'],
    ['echo rm -rf /', 'ok'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});

describe('printf prints, but never assigns with -v', () => {
  it.each<[string, string]>([
    ['printf %s\\n hi', 'ok'],
    ['printf -- -v', 'ok'],
    ['printf %s -v x', 'ok'],
    ['printf %s *', 'ok'],
    ['printf -v x hi', 'option_writes'],
    ['printf -vx hi', 'option_writes'],
    ['printf --v x', 'unknown_option'],
    ['printf *', 'unsafe_glob'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});

describe('true and false ignore their words', () => {
  it.each<[string, string]>([
    ['true', 'ok'],
    ['false', 'ok'],
    ['true -o x', 'ok'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});

describe('test and [ compare, but never look up names with -v or -R', () => {
  it.each<[string, string]>([
    ['test -f package.json', 'ok'],
    ['test -n x', 'ok'],
    ['test 1 -eq 2', 'ok'],
    ['test a = b', 'ok'],
    ['test ! -d dir', 'ok'],
    ['test', 'ok'],
    ['[ -f package.json ]', 'ok'],
    ['[ -z x ]', 'ok'],
    ['[ ]', 'ok'],
    ['test -v x', 'option_executes'],
    ['test -v x[$(touch_/tmp/pwned)]', 'option_executes'],
    ['test -R x', 'option_executes'],
    ['test -n a -a -v x', 'option_executes'],
    ['test x = -v', 'option_executes'],
    ['[ -v x ]', 'option_executes'],
    ['[ -f a -o -R b ]', 'option_executes'],
    ['[ -f x', 'bad_operand'],
    ['[', 'bad_operand'],
    ['[ -e *.log ]', 'unsafe_glob'],
    ['test -e *', 'unsafe_glob'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});

describe('cd and type', () => {
  it.each<[string, string]>([
    ['cd ..', 'ok'],
    ['cd', 'ok'],
    ['cd -', 'ok'],
    ['cd -P src', 'ok'],
    ['cd -Pe src', 'ok'],
    ['cd -- -dir', 'ok'],
    ['cd a b', 'bad_operand'],
    ['cd src*', 'bad_operand'],
    ['cd -x', 'unknown_option'],
    ['type -a ls', 'ok'],
    ['type -t cd echo', 'ok'],
    ['type -P git', 'ok'],
    ['type -x ls', 'unknown_option'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});
