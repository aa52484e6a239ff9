import { describe, expect, it } from 'vitest';
import { ShellCodes } from '../../../src/shell/codes.js';
import { findRule } from '../../../src/shell/rules/find.js';
import type { RuleResult } from '../../../src/shell/spec.js';
import { argsOf } from '../words.js';

function judge(line: string): RuleResult {
  if (findRule.kind !== 'custom') throw new Error('find must be a custom rule');
  return findRule.judge(argsOf(line), { depth: 0 });
}

function verdict(line: string): string {
  const result = judge(line);
  return result.kind === 'block' ? result.code : result.kind;
}

const allowed: string[] = [
  'find',
  'find .',
  "find . -name '*.rs'",
  'find . -type f -name "*.md" -not -path "./node_modules/*"',
  'find src -type f -newer package.json',
  'find / -name "*.conf"',
  "find . \\( -name '*.js' -o -name '*.ts' \\) -print",
  "find . -name '*.ts' -print0",
  'find . -executable',
  'find /tmp -newermt 2020 -print0',
  'find . -type f -newer x',
  'find . -path ./node_modules -prune -o -type f -print',
  "find . -regextype posix-extended -regex '.*\\.ts' -ls",
  'find . -size +1M -mtime -7 -user root -group staff -perm -u+x',
  'find . -amin -5 -cmin +2 -atime 1 -ctime 0 -mmin -30 -used 3',
  'find . -anewer a -cnewer b -samefile c -inum 12 -links 2 -uid 0 -gid 0',
  'find . -empty -nouser -nogroup -readable -writable -true -false',
  "find . -lname 'x' -ilname y -ipath z -wholename w -iwholename v -iname u -iregex t",
  'find . -xtype l -fstype ext4 -maxdepth 2 -mindepth 1 -depth -d',
  'find . -follow -xdev -mount -noleaf -daystart -warn -nowarn',
  'find . -ignore_readdir_race -noignore_readdir_race -quit',
  "find . -printf '%p %s\\n'",
  'find . -name x , -name y',
  'find . -a -and -o -or -not !',
  'find -L . -maxdepth 2 -type l',
  'find -H -P -D tree -O3 . -name x',
  'find -- . -name x',
  'find -H -- . -name x',
  'find . -newerBt 2020-01-01 -newerca a -newermm b',
  'find ! -name x',
  'find -files0-from list.txt -name x',
  'find . --help',
  'find -version',
  'find ~ -name x',
];

// What really reaches find matters: quotes and escapes are removed before it sees a word.
const blocked: [string, string][] = [
  ['find . -fprint /etc/passwd', ShellCodes.findPrimary],
  ['find . -fprint0 /etc/passwd', ShellCodes.findPrimary],
  ["find . -fprintf /tmp/out '%p'", ShellCodes.findPrimary],
  ['find . -fls /tmp/out', ShellCodes.findPrimary],
  ['find . -fprintf=/tmp/out', ShellCodes.findPrimary],
  ['find . -name a -fprint"" /tmp/fp.txt', ShellCodes.findPrimary],
  ['find . -name x -de\\lete', ShellCodes.findPrimary],
  ['find . -name x "-delete"', ShellCodes.findPrimary],
  ['find . -delete', ShellCodes.findPrimary],
  ['find -exec touch /tmp/pwned \\;', ShellCodes.findPrimary],
  ['find . -exec {} +', ShellCodes.findPrimary],
  ["find . '-exec' rm x{} ';'", ShellCodes.findPrimary],
  ['find . -exec rm {}', ShellCodes.missingValue],
  ['find . -exec wc {} + -exec wc {} +', ShellCodes.findPrimary],
  ['find . -execdir rm {} ;', ShellCodes.findPrimary],
  ['find . -ok rm {} ;', ShellCodes.findPrimary],
  ['find . -okdir rm {} ;', ShellCodes.findPrimary],
  ['find . -name x -o -delete', ShellCodes.findPrimary],
  ['find . \\( -delete \\)', ShellCodes.findPrimary],
  ['find . -not -delete', ShellCodes.findPrimary],
  ['find . ! -delete', ShellCodes.findPrimary],
  ['find . -print -fprint out', ShellCodes.findPrimary],
  ['find -- -delete', ShellCodes.findPrimary],
  ['find -L -delete', ShellCodes.findPrimary],
  ['find -D tree -exec ls', ShellCodes.missingValue],
  ['find . -- -name x', ShellCodes.findPrimary],
  ['find . --exec ls ;', ShellCodes.findPrimary],
  ['find . -H', ShellCodes.findPrimary],
  ['find -HL .', ShellCodes.findPrimary],
  ['find -Dtree .', ShellCodes.findPrimary],
  ['find . -noop', ShellCodes.findPrimary],
  ['find . -newerXY x', ShellCodes.findPrimary],
  ['find . -newertt x', ShellCodes.findPrimary],
  ['find . -newerm', ShellCodes.findPrimary],
  ['find . -name *.rs', ShellCodes.unsafeGlob],
  ['find * -name x', ShellCodes.unsafeGlob],
  ['find . -newer *', ShellCodes.unsafeGlob],
  ['find . -name x -printf [ab]', ShellCodes.unsafeGlob],
  ['find -O .', ShellCodes.badValue],
  ['find -Ofast .', ShellCodes.badValue],
  ['find -D', ShellCodes.missingValue],
  ['find . -name', ShellCodes.missingValue],
  ['find . -name x -printf', ShellCodes.missingValue],
  ['find . -name x stray', ShellCodes.badOperand],
  ['find . -name x -', ShellCodes.badOperand],
];

describe('find rule', () => {
  it.each(allowed)('allows %s', (line) => {
    expect(verdict(line)).toBe('ok');
  });

  it.each(blocked)('blocks %s with %s', (line, code) => {
    expect(verdict(line)).toBe(code);
  });

  it('consumes a primary value whatever it looks like, as find does', () => {
    expect(verdict('find . -name -delete')).toBe('ok');
    expect(verdict('find . -name -exec -print')).toBe('ok');
    expect(verdict('find . -printf -fprint')).toBe('ok');
    expect(verdict("find . -path '(' -o -name ')'")).toBe('ok');
  });

  it('treats `-`, `)` and `,` before the expression as starting points, as find does', () => {
    expect(verdict("find - ')' , -name x")).toBe('ok');
    expect(verdict("find ')' -delete")).toBe(ShellCodes.findPrimary);
  });

  it('reads `-(`, `-!`, `-)` and `-,` as operators because find drops one leading dash', () => {
    expect(verdict("find . '-(' -name a '-)' -, -! -name b")).toBe('ok');
  });

  it('tells the model what to do instead', () => {
    const exec = judge('find . -ok rm {} ;');
    expect(exec).toMatchObject({ kind: 'block', reason: expect.stringContaining('-print') });
    const glob = judge('find . -name *.ts');
    expect(glob).toMatchObject({ kind: 'block', reason: expect.stringContaining('quote') });
  });

  it('hands `-exec PROGRAM … {} +` to the analyzer as a command with the names appended', () => {
    expect(judge('find . -name x -exec wc -l {} +')).toEqual({
      kind: 'run',
      argv: [
        expect.objectContaining({ value: 'wc' }),
        expect.objectContaining({ value: '-l' }),
        expect.objectContaining({ value: './*', glob: true }),
        expect.objectContaining({ value: './*', glob: true }),
      ],
    });
    expect(judge("find . -exec grep -l x {} ';' -print")).toMatchObject({ kind: 'run' });
  });

  it('declares that globs may never reach find', () => {
    expect(findRule.kind === 'custom' && findRule.globs).toBe('never');
  });
});
