import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShellCodes } from '../../../src/shell/codes.js';
import { expandOldStyle, tarRule, tarSpec } from '../../../src/shell/rules/tar.js';
import type { RuleResult } from '../../../src/shell/spec.js';
import { argsOf, commandWords as splitWords } from '../words.js';

function judge(line: string): RuleResult {
  if (tarRule.kind !== 'custom') throw new Error('tar must be a custom rule');
  return tarRule.judge(argsOf(line), { depth: 0 });
}

function verdict(line: string): string {
  const result = judge(line);
  return result.kind === 'block' ? result.code : result.kind;
}

const allowed = [
  'tar -tf archive.tar',
  'tar -tvf archive.tar',
  'tar tvf archive.tar',
  'tar tf -',
  'tar -tzf release.tgz',
  'tar -tjf x.tar.bz2',
  'tar -tJf x.tar.xz',
  'tar --zstd -tf x.tar.zst',
  'tar -t --lzma --file=x.tar.lzma',
  'tar -taf x.tar.gz',
  'tar --list --file=x.tar',
  'tar --list --file x.tar',
  'tar --list --file=x.tar --verbo --numeric-o',
  'tar -tf x.tar --wildcards "*.md"',
  'tar -tf x.tar --exclude "*.o" --no-anchored --occurrence',
  'tar -tf x.tar -C /tmp --full-time --utc --numeric-owner',
  'tar -tvf x.tar --checkpoint=10 --totals',
  'tar -tf host:x.tar --force-local',
  'tar -tf ./host:x.tar --force-local',
  'tar -xOf x.tar',
  'tar -xOf x.tar README.md',
  'tar xOf x.tar',
  'tar --extract --to-stdout --file=x.tar',
  'tar -x --to-stdout -f x.tar',
  'tar fCt x.tar dir',
  'tar -tf x.tar -- *',
  'tar --help',
  'tar --version',
];

const blocked: [string, string][] = [
  // BSD tar reads -s as taking a value and -H as a flag (see test/shell/shells/tar.test.ts).
  ['tar -xs -O -f x.tar', ShellCodes.optionUnsupported],
  ['tar -xsOf x.tar', ShellCodes.optionUnsupported],
  ['tar xsOf x.tar', ShellCodes.optionUnsupported],
  ['tar -tH ustar -f x.tar', ShellCodes.optionUnsupported],
  ['tar -xzf release.tgz', ShellCodes.optionWrites],
  ['tar xf archive.tar', ShellCodes.optionWrites],
  ['tar -xf x.tar -C /tmp', ShellCodes.optionWrites],
  ['tar --extract --file=x.tar', ShellCodes.optionWrites],
  ['tar --ext -f x.tar', ShellCodes.optionWrites],
  [
    "tar -tf archive.tar --checkpoint=1 --checkpoint-action=exec='touch /tmp/pwned'",
    ShellCodes.optionExecutes,
  ],
  ['tar -tf x.tar --checkpoint-a=exec=sh', ShellCodes.optionExecutes],
  ['tar -cf x.tar src', ShellCodes.optionWrites],
  ['tar cf x.tar src', ShellCodes.optionWrites],
  ['tar -rf x.tar f', ShellCodes.optionWrites],
  ['tar -uf x.tar f', ShellCodes.optionWrites],
  ['tar -Af x.tar y.tar', ShellCodes.optionWrites],
  ['tar --delete -f x.tar m', ShellCodes.optionWrites],
  ['tar --concatenate -f x.tar y.tar', ShellCodes.optionWrites],
  ['tar -df x.tar', ShellCodes.optionUnsupported],
  ['tar --test-label -f x.tar', ShellCodes.optionUnsupported],
  ['tar -f x.tar', ShellCodes.optionUnsupported],
  ['tar -tf x.tar -I sh', ShellCodes.optionExecutes],
  ['tar -tIsh -f x.tar', ShellCodes.optionExecutes],
  ['tar -t --use-compress-program=sh -f x.tar', ShellCodes.optionExecutes],
  ['tar -t --use=sh -f x.tar', ShellCodes.optionExecutes],
  ['tar -xOf x.tar --to-command=sh', ShellCodes.optionExecutes],
  ['tar -xf x.tar --to-c=sh', ShellCodes.optionExecutes],
  ['tar -tF script -f x.tar', ShellCodes.optionExecutes],
  ['tar -t --info-script=s -f x.tar', ShellCodes.optionExecutes],
  ['tar -t --new-volume-script=s -f x.tar', ShellCodes.optionExecutes],
  ['tar -t --rsh-command=sh -f h:x', ShellCodes.optionExecutes],
  ['tar -t --rmt-command=sh -f x.tar', ShellCodes.optionExecutes],
  ['tar -tMf x.tar', ShellCodes.optionInteractive],
  ['tar -twf x.tar', ShellCodes.optionInteractive],
  ['tar -tf x.tar --index-file=out', ShellCodes.optionWrites],
  ['tar -tg snap -f x.tar', ShellCodes.optionWrites],
  ['tar -t --listed-incremental=snap -f x.tar', ShellCodes.optionWrites],
  ['tar -tGf x.tar', ShellCodes.optionWrites],
  ['tar -tf x.tar --volno-file=v', ShellCodes.optionWrites],
  ['tar -xOf x.tar --remove-files', ShellCodes.optionWrites],
  ['tar -xOf x.tar --overwrite', ShellCodes.optionWrites],
  ['tar -xOkf x.tar', ShellCodes.optionWrites],
  ['tar -xOUf x.tar', ShellCodes.optionWrites],
  ['tar -tf host:x.tar', ShellCodes.optionNetwork],
  ['tar -tf user@host:/x.tar', ShellCodes.optionNetwork],
  ['tar tf host:x.tar', ShellCodes.optionNetwork],
  ['tar -t --file=host:x', ShellCodes.optionNetwork],
  ['tar -tf x.tar --to', ShellCodes.ambiguousOption],
  ['tar --li -f x.tar', ShellCodes.ambiguousOption],
  ['tar --lis -f x.tar', ShellCodes.ambiguousOption],
  ['tar --list --fil=x.tar', ShellCodes.ambiguousOption],
  ['tar -tf x.tar --frobnicate', ShellCodes.unknownOption],
  ['tar tqf x.tar', ShellCodes.unknownOption],
  ['tar -tf *.tar', ShellCodes.unsafeGlob],
  ['tar -tf x.tar *', ShellCodes.unsafeGlob],
  ['tar t*', ShellCodes.unsafeGlob],
  ['tar tf', ShellCodes.missingValue],
  ['tar -tf', ShellCodes.missingValue],
];

describe('tar rule', () => {
  it.each(allowed)('allows %s', (line) => {
    expect(verdict(line)).toBe('ok');
  });

  it.each(blocked)('blocks %s with %s', (line, code) => {
    expect(verdict(line)).toBe(code);
  });

  it('expands the old option style in order, each value letter taking the next word', () => {
    const expanded = expandOldStyle(argsOf('tar fCtv x.tar dir member'));
    expect(expanded?.map((word) => word.value)).toEqual([
      '-f',
      'x.tar',
      '-C',
      'dir',
      '-t',
      '-v',
      'member',
    ]);
    expect(expandOldStyle(argsOf('tar -tf x.tar'))?.map((w) => w.value)).toEqual(['-tf', 'x.tar']);
    expect(expandOldStyle(argsOf('tar tfC x.tar'))).toBeUndefined();
  });

  it('tells the model what to do instead of extracting', () => {
    expect(judge('tar xf a.tar')).toMatchObject({ reason: expect.stringContaining('-t') });
  });
});

// GNU tar 1.34 is the oracle: the table must know every option tar documents (so prefixes
// resolve as tar resolves them), and allowed calls must run without changing the directory.
describe('tar rule against GNU tar', () => {
  let dir = '';

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'planfirst-tar-'));
    mkdirSync(join(dir, 'src', 'deep'), { recursive: true });
    writeFileSync(join(dir, 'src', 'a.txt'), 'alpha\n');
    writeFileSync(join(dir, 'src', 'deep', 'b.md'), 'beta\n');
    const run = (args: string[]) => spawnSync('tar', args, { cwd: dir, encoding: 'utf8' });
    expect(run(['-cf', 'x.tar', 'src']).status).toBe(0);
    expect(run(['-czf', 'x.tgz', 'src']).status).toBe(0);
    rmSync(join(dir, 'src'), { recursive: true });
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const snapshot = () => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
  const runTar = (args: string[]) =>
    spawnSync('tar', args, { cwd: dir, encoding: 'utf8', timeout: 10_000 });

  it('lists every option `tar --help` documents', () => {
    const help = runTar(['--help']).stdout;
    const documented = new Set<string>();
    for (const line of help.split('\n')) {
      if (!line.startsWith('  -') && !line.startsWith('      --')) continue;
      // `-f, --file=ARCHIVE   text`: spellings are the leading tokens joined by commas.
      for (const token of line.trim().split(/\s+/)) {
        documented.add(token.split(/[=[,]/)[0] ?? '');
        if (!token.endsWith(',')) break;
      }
    }
    expect(documented.size).toBeGreaterThan(150);
    const missing = [...documented].filter((name) => !Object.hasOwn(tarSpec().options, name));
    expect(missing).toEqual([]);
  });

  it.each([
    'tar -tf x.tar',
    'tar tvf x.tar',
    'tar -tzf x.tgz',
    'tar -taf x.tgz',
    'tar --list --file=x.tar --verbo --numeric-o',
    "tar -tf x.tar --wildcards 'src/*'",
    'tar -xOf x.tar',
    'tar xOf x.tgz src/a.txt',
    'tar -x --to-stdout -f x.tar -C . --strip-components=1',
    'tar -tvf x.tar --checkpoint=1 --totals --full-time --utc',
    'tar -tf x.tar --occurrence src/a.txt',
    'tar fCt x.tar .',
    'tar -xf x.tar --version',
    'tar -xf x.tar --usage',
    'tar --show-defaults -xf x.tar',
    'tar -xf x.tar --help',
  ])('GNU tar runs %s without creating or deleting files', (line) => {
    expect(verdict(line)).toBe('ok');
    const before = snapshot();
    const args = splitWords(line)
      .slice(1)
      .map((word) => word.value);
    const result = runTar(args);
    expect(result.status, result.stderr).toBe(0);
    expect(snapshot()).toEqual(before);
  });

  it('GNU tar takes only name-selection options from a -T list, so -T cannot smuggle --to-command', () => {
    writeFileSync(join(dir, 'list'), '--to-command=touch pwned\n-Ish\n--index-file=pwned\n');
    expect(verdict('tar -tf x.tar -T list')).toBe('ok');
    const before = snapshot();
    const result = runTar(['-tf', 'x.tar', '-T', 'list']);
    expect(result.stderr).toContain('unrecognized option');
    expect(snapshot()).toEqual(before);
    rmSync(join(dir, 'list'));
  });

  it('GNU tar reads the old style the way the rule expands it', () => {
    // `fCt x.tar .`: f takes x.tar, C takes `.`; had tar paired them the other way it would fail.
    expect(runTar(['fCt', 'x.tar', '.']).stdout).toContain('src/a.txt');
    expect(runTar(['tf']).status).not.toBe(0);
  });

  it('GNU tar resolves the prefixes the rule resolves, and rejects the ones it finds ambiguous', () => {
    expect(runTar(['--li', '-f', 'x.tar']).stderr).toContain('ambiguous');
    expect(runTar(['-tf', 'x.tar', '--to']).stderr).toContain('ambiguous');
    expect(runTar(['--lis', '--fil=x.tar']).stderr).toContain('ambiguous');
    expect(runTar(['--list', '--file=x.tar', '--verbo', '--numeric-o']).status).toBe(0);
  });

  // Short list flags (none taking a value) bundled in random order with -tf x.tar.
  const listFlags = [
    '-v',
    '-i',
    '-B',
    '-R',
    '--preserve-order',
    '-l',
    '-h',
    '-P',
    '-n',
    '--utc',
    '--full-time',
  ];
  it('random bundles of allowed list flags run and write nothing', () => {
    fc.assert(
      fc.property(fc.subarray(listFlags), fc.boolean(), (flags, old) => {
        const letters = flags.filter((f) => f.length === 2).map((f) => f.slice(1));
        const longs = flags.filter((f) => f.length > 2);
        const args = old
          ? [`t${letters.join('')}f`, 'x.tar', ...longs]
          : [`-t${letters.join('')}f`, 'x.tar', ...longs];
        expect(verdict(`tar ${args.join(' ')}`)).toBe('ok');
        const before = snapshot();
        const result = runTar(args);
        expect(result.status, result.stderr).toBe(0);
        expect(snapshot()).toEqual(before);
      }),
      { numRuns: 40 },
    );
  });
});
