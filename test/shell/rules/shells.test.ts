import { describe, expect, it } from 'vitest';
import { judge } from './judge.js';

describe('a shell runs only an inline script, judged one level deeper', () => {
  it.each<[readonly string[], string]>([
    [['bash', '-c', 'ls -l'], 'script ls -l'],
    [['bash', '-lc', 'ls -1'], 'script ls -1'],
    [['bash', '-cl', 'ls'], 'script ls'],
    [['bash', '-l', '-c', 'ls'], 'script ls'],
    [['bash', '-c', '-e', 'ls'], 'script ls'],
    [['bash', '-c', '--', 'ls'], 'script ls'],
    [['bash', '-c', '-', 'ls'], 'script ls'],
    [['bash', '-euxc', 'ls'], 'script ls'],
    [['bash', '-o', 'pipefail', '-c', 'ls | wc'], 'script ls | wc'],
    [['bash', '-eo', 'pipefail', '-c', 'ls'], 'script ls'],
    [['bash', '-ceo', 'pipefail', 'ls'], 'script ls'],
    [['bash', '--norc', '--noprofile', '-c', 'ls'], 'script ls'],
    [['bash', '--login', '-c', 'ls'], 'script ls'],
    [['sh', '-c', 'cat README.md | head -20'], 'script cat README.md | head -20'],
    [['dash', '-c', 'ls'], 'script ls'],
    [['zsh', '-lc', 'git reset --hard'], 'script git reset --hard'],
    [['bash', '-c', ''], 'script '],
    [['bash', 'script.sh'], 'wrapper'],
    [['bash'], 'wrapper'],
    [['bash', '-s'], 'wrapper'],
    [['bash', '-l'], 'wrapper'],
    [['bash', '-', '-c', 'ls'], 'wrapper'],
    [['bash', '+e', '-c', 'ls'], 'wrapper'],
    [['bash', '-c', 'ls', 'arg0'], 'wrapper'],
    [['bash', '-c', 'echo $0', 'rm'], 'wrapper'],
    [['bash', '-c'], 'missing_option_value'],
    [['bash', '-i', '-c', 'ls'], 'option_interactive'],
    [['bash', '-ic', 'ls'], 'option_interactive'],
    [['bash', '-O', 'extglob', '-c', 'ls'], 'unknown_option'],
    [['bash', '-o', 'posix', '-c', 'ls'], 'option_unsupported'],
    [['bash', '-o'], 'option_unsupported'],
    [['bash', '-c', '--norc', 'ls'], 'unknown_option'],
    [['bash', '--rcfile', 'x', '-c', 'ls'], 'unknown_option'],
    [['bash', '--nor', '-c', 'ls'], 'unknown_option'],
    [['sh', '--norc', '-c', 'ls'], 'unknown_option'],
    [['bash', '-c', '*'], 'unsafe_glob'],
    [['bash', '-r', '-c', 'ls'], 'unknown_option'],
  ])('%j → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});
