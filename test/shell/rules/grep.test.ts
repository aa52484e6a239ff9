import { describe, expect, it } from 'vitest';
import { judge } from './judge.js';

describe('grep only reads', () => {
  it.each<[string, string]>([
    ['grep -rn TODO', 'ok'],
    ['grep -ril deprecated docs/', 'ok'],
    ['grep -r --include=*.ts --exclude-dir=node_modules pattern .', 'ok'],
    ['grep -E a|b f', 'ok'],
    ['grep -e -x -e -y f', 'ok'],
    ['grep -C 3 fn main.rs', 'ok'],
    ['grep -C3 fn main.rs', 'ok'],
    ['grep -5 fn main.rs', 'ok'],
    ['grep -n5 fn main.rs', 'ok'],
    ['grep -A2 -B1 x f', 'ok'],
    ['grep --color=always x f', 'ok'],
    ['grep --colour x f', 'ok'],
    ['grep -f patterns.txt f', 'ok'],
    ['grep -m1 x f', 'ok'],
    ['grep foo *.md', 'ok'],
    ['grep [0-9] f', 'ok'],
    ['grep -c -- -x f', 'ok'],
    ['grep --files-with-m x f', 'ok'],
    ['grep --count=3 x f', 'bad_option_value'],
    ['grep --files-with f', 'ambiguous_option'],
    ['grep -Y x', 'unknown_option'],
    ['egrep a|b f', 'ok'],
    ['fgrep -x a.b f', 'ok'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});
