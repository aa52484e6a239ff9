import { describe, expect, it } from 'vitest';
import { judge } from './judge.js';

describe('timeout, nice and command hand the wrapped command to the analyzer', () => {
  it.each<[string, string]>([
    ['timeout 10 rg foo', 'run rg foo'],
    ['timeout -s KILL 5 rg foo', 'run rg foo'],
    ['timeout --signal=TERM -k 1 5 ls -la', 'run ls -la'],
    ['timeout 10 rm -rf build', 'run rm -rf build'],
    ['timeout 5 ls -s KILL', 'run ls -s KILL'],
    ['timeout --preserve-status 1s sort -o x', 'run sort -o x'],
    ['timeout -- 5 ls', 'run ls'],
    ['timeout 5', 'ok'],
    ['timeout', 'ok'],
    ['timeout -x 5 ls', 'unknown_option'],
    ['timeout 5 *', 'unsafe_glob'],
    ['timeout * ls', 'unsafe_glob'],
    ['nice', 'ok'],
    ['nice ls -la', 'run ls -la'],
    ['nice -n 5 rg x', 'run rg x'],
    ['nice -n5 rg x', 'run rg x'],
    ['nice --adjustment=5 rg x', 'run rg x'],
    ['nice -10 make', 'run make'],
    ['nice rm x', 'run rm x'],
    ['command -v rg', 'ok'],
    ['command -V ls', 'ok'],
    ['command -v rm -rf /', 'ok'],
    ['command ls -la', 'run ls -la'],
    ['command rm x', 'run rm x'],
    ['command', 'ok'],
    ['command -p ls', 'option_unsupported'],
    ['command -pv ls', 'option_unsupported'],
    ['command --verbose ls', 'unknown_option'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});

describe('xargs runs its target with untrusted names appended', () => {
  it.each<[string, string]>([
    ['xargs grep -n bar', 'run grep -n bar +stdin'],
    ['xargs -0 grep -l foo', 'run grep -l foo +stdin'],
    ['xargs wc -l', 'run wc -l +stdin'],
    ['xargs -r -n 1 -P 4 wc -l', 'run wc -l +stdin'],
    ['xargs -n1 wc', 'run wc +stdin'],
    ['xargs -d \\n wc', 'run wc +stdin'],
    ['xargs -a list.txt wc', 'run wc +stdin'],
    ['xargs --null --no-run-if-empty wc', 'run wc +stdin'],
    ['xargs -t -x -s 1000 wc', 'run wc +stdin'],
    ['xargs -L 1 wc', 'run wc +stdin'],
    ['xargs --max-lines wc', 'run wc +stdin'],
    ['xargs -E END wc', 'run wc +stdin'],
    ['xargs wc -n -p', 'run wc -n -p +stdin'],
    ['xargs rm', 'run rm +stdin'],
    ['xargs', 'ok'],
    ['xargs -0', 'ok'],
    ['xargs -I{} {}', 'option_executes'],
    ['xargs -I {} x{}y', 'option_executes'],
    ['xargs -I {} cp {} /tmp', 'run cp LINE-FROM-STDIN /tmp'],
    ['xargs -i cp {} x', 'run cp LINE-FROM-STDIN x'],
    ['xargs --replace=% ls %', 'run ls LINE-FROM-STDIN'],
    ['xargs --rep ls', 'run ls'],
    ['xargs -0I{} ls {}', 'run ls LINE-FROM-STDIN'],
    ['xargs -I{} echo {}', 'run echo LINE-FROM-STDIN'],
    ['xargs -I{} wc -l -- {}', 'run wc -l -- LINE-FROM-STDIN'],
    ['xargs -I% echo a%b', 'run echo LINE-FROM-STDIN'],
    ['xargs -I', 'missing_option_value'],
    ['xargs -p ls', 'option_interactive'],
    ['xargs --interactive ls', 'option_interactive'],
    ['xargs -tp ls', 'option_interactive'],
    ['xargs -o vim', 'option_interactive'],
    ['xargs --open-tty vim', 'option_interactive'],
    ['xargs --process-slot-var=X ls', 'option_unsupported'],
    ['xargs -z ls', 'unknown_option'],
    ['xargs *', 'unsafe_glob'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});

describe('time as a program is /usr/bin/time', () => {
  it('blocks, pointing at the time keyword', () => {
    expect(judge('time ls')).toBe('wrapper');
    expect(judge('time -o out ls')).toBe('wrapper');
  });
});
