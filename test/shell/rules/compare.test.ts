import { describe, expect, it } from 'vitest';
import { judge } from './judge.js';

describe('diff, cmp and comm compare without writing', () => {
  it.each<[string, string]>([
    ['diff -u a.txt b.txt', 'ok'],
    ['diff -ru a b', 'ok'],
    ['diff -U5 a b', 'ok'],
    ['diff --unified=5 a b', 'ok'],
    ['diff -y -W 120 a b', 'ok'],
    ['diff --color=always a b', 'ok'],
    ['diff -x *.o -r a b', 'unsafe_glob'],
    ['diff -- a*.txt', 'ok'],
    ['diff -q --from-file=a b c', 'ok'],
    ['diff -l a b', 'option_executes'],
    ['diff -ul a b', 'option_executes'],
    ['diff --paginate a b', 'option_executes'],
    ['diff --pag a b', 'option_executes'],
    ['diff --b a b', 'ambiguous_option'],
    ['cmp a b', 'ok'],
    ['cmp -l a b', 'ok'],
    ['cmp -n 100 a b 10 20', 'ok'],
    ['cmp --print-b a b', 'ok'],
    ['cmp --print a b', 'ambiguous_option'],
    ['comm -12 a b', 'ok'],
    ['comm -3 --nocheck-order a b', 'ok'],
    ['comm --output-delimiter=, a b', 'ok'],
    ['comm *.txt', 'ok'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});
