import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSedPrograms } from '../../../src/shell/rules/sed.js';
import { resultOf, verdictOf } from './rule-verdict.js';

const sedPrograms = buildSedPrograms();

const verdict = (line: string): string => verdictOf(sedPrograms, line);

describe('sed prints and edits in the stream', () => {
  it.each([
    "sed 's/foo/bar/g' notes.txt",
    'sed -n 1p',
    "sed -n '1,5p' file",
    "sed -n -e '1p' -e '$p' f",
    "sed -ne 's/a/b/p' f",
    "sed 's/a/b/' -n f",
    "sed -E 's/(a|b)+/x/' f",
    "sed -r 's/a+/b/' f",
    "sed --regexp-extended -n '/x/p' f",
    "sed --expression='s/a/b/' f",
    'sed --expr=p f',
    "sed -s -n '$p' a b",
    "sed -z 's/x/y/g' f",
    'sed -u p',
    'sed -l 40 -n l f',
    'sed --line-length=40 -n l f',
    'sed --posix -n p f',
    'sed --debug -n 1p f',
    "sed --sandbox 's/a/b/' f",
    "sed -n '/start/,/end/{/end/!p}' f",
    "sed -- 's/a/b/' *.txt",
    "sed '1i\\\nheader' f",
    'sed --version',
    'sed --help',
  ])('%s', (line) => {
    expect(verdict(line)).toBe('ok');
  });

  it.each([
    [
      '-e scripts are joined by newlines, so `a\\` takes the next one as text',
      "sed -e 'a\\' -e 'w out' f",
    ],
    [
      'a one-line `a` text ending in `\\` continues into the next -e',
      "sed -e 'a foo\\' -e 'w out' f",
    ],
    ['a quoted `*` is a script, not a glob', "sed -- '/*/p' f"],
  ])('%s: %s', (_, line) => {
    expect(verdict(line)).toBe('ok');
  });
});

describe('sed blocks writes, unreadable scripts and dangerous commands', () => {
  it.each<[string, string]>([
    ["sed 'w /Users/victim/.zshenv'", 'sed_script'],
    ["sed -n '1,1w/Users/victim/.zshenv'", 'sed_script'],
    ["sed -e 's/x/y/' -e 'w out' f", 'sed_script'],
    ["sed -e 'a\\' -e foo -e 'w out' f", 'sed_script'],
    ["sed 's/a/b/e' f", 'sed_script'],
    ["sed --expression='1e id' f", 'sed_script'],
    ["sed -n 'r /etc/shadow' f", 'sed_script'],
    ["sed --posix '1~2p' f", 'sed_script'],
    ['sed -- * f', 'sed_script'],
    ['sed ~/script f', 'sed_script'],
    ["sed -i 's/a/b/' f", 'option_writes'],
    ["sed -i.bak 's/a/b/' f", 'option_writes'],
    ["sed -ni 's/a/b/p' f", 'option_writes'],
    ['sed -ie p f', 'option_writes'],
    ['sed -Ei p f', 'option_writes'],
    ['sed -n -i p f', 'option_writes'],
    ['sed -s -i p f', 'option_writes'],
    ["sed -n '1p' -i file.txt", 'option_writes'],
    ['sed p f -i', 'option_writes'],
    ['sed --in-place p f', 'option_writes'],
    ['sed --in-place=.bak p f', 'option_writes'],
    ['sed --in-pl p f', 'option_writes'],
    ['sed --i p f', 'option_writes'],
    ['sed -f script.sed notes.txt', 'option_unsupported'],
    ['sed -fscript.sed notes.txt', 'option_unsupported'],
    ['sed --file=script.sed notes.txt', 'option_unsupported'],
    ['sed -e p -f x f', 'option_unsupported'],
    ['sed --s p f', 'ambiguous_option'],
    ['sed -c p f', 'unknown_option'],
    ['sed --copy p f', 'unknown_option'],
    ['sed -n p *.txt', 'unsafe_glob'],
    ['sed *', 'unsafe_glob'],
    ['sed -e', 'missing_option_value'],
    ['sed', 'bad_operand'],
    ['sed -n', 'bad_operand'],
  ])('%s → %s', (line, expected) => {
    expect(verdict(line)).toBe(expected);
  });

  it('tells the model what to do instead', () => {
    expect(resultOf(sedPrograms, "sed -n '1,1w/tmp/x' f")).toMatchObject({
      reason: expect.stringContaining('print with `p`'),
    });
    expect(resultOf(sedPrograms, "sed --in-pl 's/a/b/' f")).toMatchObject({
      reason: expect.stringContaining('`--in-place`'),
    });
  });
});

describe('the sed table matches GNU sed 4.9', () => {
  const spec = sedPrograms.sed?.kind === 'spec' ? sedPrograms.sed.spec : undefined;
  const keys = Object.keys(spec?.options ?? {});

  it('lists only options sed accepts (run with --sandbox on no input)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'planfirst-sed-options-'));
    const argsFor = (key: string): string[] => {
      if (key === '-e' || key === '--expression') return [key, 'p', '-n'];
      if (key === '-l' || key === '--line-length') return [key, '5', '-n', 'p'];
      return [key, '-n', 'p'];
    };
    const rejected = keys
      .filter((key) => !['-i', '--in-place', '-f', '--file', '--help', '--version'].includes(key))
      .filter((key) => {
        const run = spawnSync('sed', ['--sandbox', ...argsFor(key)], { cwd: dir, input: '' });
        return run.status !== 0;
      });
    rmSync(dir, { recursive: true, force: true });
    expect(rejected).toEqual([]);
  });
});
