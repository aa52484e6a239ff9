import { describe, expect, it } from 'vitest';
import { judge } from './judge.js';

describe('file and path programs only describe', () => {
  it.each<[string, string]>([
    ['ls -la', 'ok'],
    ['ls -laR', 'ok'],
    ['ls -lh --color=never', 'ok'],
    ['ls --color', 'ok'],
    ['ls -la ~/.config', 'ok'],
    ['ls *.ts', 'ok'],
    ['ls -1 src/*', 'ok'],
    ['ls -I node_modules', 'ok'],
    ['ls --sort=time -r', 'ok'],
    ['ls --so=size', 'ok'],
    ['ls --time-style=+%Y', 'ok'],
    ['ls -w80', 'ok'],
    ['ls --colour', 'unknown_option'],
    ['ls --col', 'ok'],
    ['ls --d', 'ambiguous_option'],
    ['ls -W', 'unknown_option'],
    ['stat package.json', 'ok'],
    ['stat -c %s f', 'ok'],
    ['stat --printf=%n\\n f', 'ok'],
    ['du -sh node_modules', 'ok'],
    ['du -sh .', 'ok'],
    ['du -d 1 -h', 'ok'],
    ['du --max-depth=1', 'ok'],
    ['du --exclude=*.log .', 'ok'],
    ['df -h .', 'ok'],
    ['df --output=source,avail', 'ok'],
    ['realpath --relative-to=. src/a.ts', 'ok'],
    ['readlink -f link', 'ok'],
    ['basename -s .ts src/a.ts', 'ok'],
    ['basename -a a/b c/d', 'ok'],
    ['dirname a/b/c', 'ok'],
    ['pwd', 'ok'],
    ['pwd -P', 'ok'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});

describe('file reads, but never compiles, decompresses or touches times', () => {
  it.each<[string, string]>([
    ['file a.bin', 'ok'],
    ['file -b --mime-type a.bin', 'ok'],
    ['file -L link', 'ok'],
    ['file -m my.magic a.bin', 'ok'],
    ['file -- *', 'ok'],
    ['file -C -m x', 'option_writes'],
    ['file -m x -C', 'option_writes'],
    ['file -bC -m x', 'option_writes'],
    ['file --compile -m x', 'option_writes'],
    ['file --comp -m x', 'option_writes'],
    ['file -p a', 'option_writes'],
    ['file --preserve-date a', 'option_writes'],
    ['file -z a.gz', 'option_executes'],
    ['file -Z a.gz', 'option_executes'],
    ['file --uncompress a.gz', 'option_executes'],
    ['file -S a', 'option_unsupported'],
    ['file *', 'unsafe_glob'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});
