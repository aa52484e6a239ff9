import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShellCodes } from '../../../src/shell/codes.js';
import { judgeRule } from '../../../src/shell/option-engine.js';
import { buildArchiveRules } from '../../../src/shell/rules/archives.js';
import type { RuleResult } from '../../../src/shell/spec.js';
import { commandWords as splitWords } from '../words.js';

const archiveRules = buildArchiveRules();

function judge(line: string): RuleResult {
  const [program, ...args] = splitWords(line);
  const rule = program === undefined ? undefined : archiveRules[program.value];
  if (program === undefined || rule === undefined) throw new Error(`no rule for ${line}`);
  return judgeRule(program.value, rule, args, { depth: 0 });
}

function verdict(line: string): string {
  const result = judge(line);
  return result.kind === 'block' ? result.code : result.kind;
}

const allowedUnzip = [
  'unzip -l release.zip',
  'unzip -lv release.zip',
  'unzip -v release.zip',
  'unzip -t release.zip',
  'unzip -tq release.zip',
  'unzip -p release.zip README.md',
  'unzip -c release.zip README.md',
  'unzip -z release.zip',
  'unzip -l release.zip "src/*"',
  'unzip -l release.zip -x "*.png"',
  'unzip -l release.zip -o',
  'unzip -lC -P secret release.zip',
  'unzip -l -Psecret release.zip',
  'unzip -Z release.zip',
  'unzip -Z -1 release.zip',
  'unzip -Zl release.zip',
  'unzip -Z -t -T release.zip',
  'unzip -v',
  'unzip -h',
];

const blockedUnzip: [string, string][] = [
  ['unzip release.zip', ShellCodes.optionWrites],
  ['unzip release.zip -l', ShellCodes.optionWrites],
  ['unzip -o release.zip', ShellCodes.optionWrites],
  ['unzip "release-*.zip" -l', ShellCodes.optionWrites],
  ['unzip -d out release.zip', ShellCodes.optionWrites],
  ['unzip -l release.zip -d out', ShellCodes.optionWrites],
  ['unzip -l release.zip -dout', ShellCodes.optionWrites],
  ['unzip -l release.zip -x a -d out', ShellCodes.optionWrites],
  ['unzip -ld out release.zip', ShellCodes.optionWrites],
  ['unzip -f release.zip', ShellCodes.optionWrites],
  ['unzip -u release.zip', ShellCodes.optionWrites],
  ['unzip -lo release.zip', ShellCodes.optionWrites],
  ['unzip -lT release.zip', ShellCodes.optionWrites],
  ['unzip -lM release.zip', ShellCodes.optionInteractive],
  ['unzip -ZM release.zip', ShellCodes.optionInteractive],
  ['unzip -l--l release.zip', ShellCodes.optionUnsupported],
  ['unzip --l release.zip', ShellCodes.optionUnsupported],
  ['unzip -l -- release.zip', ShellCodes.optionUnsupported],
  ['unzip -lZ release.zip', ShellCodes.unknownOption],
  ['unzip -lx release.zip', ShellCodes.unknownOption],
  ['unzip -q release.zip', ShellCodes.optionWrites],
  ['unzip -P pw release.zip', ShellCodes.optionWrites],
  ['unzip -l *.zip', ShellCodes.unsafeGlob],
  ['unzip -l release.zip src/*', ShellCodes.unsafeGlob],
];

const allowedGzip = [
  'gzip -l data.gz',
  'gzip -t data.gz',
  'gzip -c file',
  'gzip -dc data.gz',
  'gzip -cd data.gz',
  'gzip -d -c data.gz',
  'gzip --decompress --stdout data.gz',
  'gzip --to-stdout file',
  'gzip --std file',
  'gzip -lv -- *.gz',
  'gzip -c -9 file',
  'gzip -c19 file',
  'gzip -rc dir',
  'gzip -d',
  'gzip -d -',
  'gzip',
  'gzip --version',
  'gunzip -c data.gz',
  'gunzip -t data.gz',
  'gunzip -l data.gz',
  'gunzip --stdout -- *.gz',
  'gunzip',
  'zcat data.gz',
  'zcat -f file',
  'zcat *.gz',
  'zcat -S .z data.z',
  'zcat -- -data.gz',
];

const blockedGzip: [string, string][] = [
  ['gzip -d data.gz', ShellCodes.operandWrites],
  ['gzip file', ShellCodes.operandWrites],
  ['gzip -k file', ShellCodes.operandWrites],
  ['gzip -r dir', ShellCodes.operandWrites],
  ['gzip -9 *.log', ShellCodes.unsafeGlob],
  ['gzip * -c', ShellCodes.unsafeGlob],
  ['gzip -l *.gz', ShellCodes.unsafeGlob],
  ['gunzip -c *.gz', ShellCodes.unsafeGlob],
  ['gzip -f -- -c', ShellCodes.operandWrites],
  ['gunzip data.gz', ShellCodes.operandWrites],
  ['gunzip -k data.gz', ShellCodes.operandWrites],
  ['gzip --s file', ShellCodes.ambiguousOption],
  ['gzip --ver', ShellCodes.ambiguousOption],
  ['gzip --presume-input-tty -c', ShellCodes.unknownOption],
  ['gzip -Z -c f', ShellCodes.unknownOption],
  ['gzip --stdout=no file', ShellCodes.badValue],
  ['zcat -S', ShellCodes.missingValue],
];

describe('unzip rule', () => {
  it.each(allowedUnzip)('allows %s', (line) => {
    expect(verdict(line)).toBe('ok');
  });

  it.each(blockedUnzip)('blocks %s with %s', (line, code) => {
    expect(verdict(line)).toBe(code);
  });
});

describe('gzip, gunzip and zcat rules', () => {
  it.each(allowedGzip)('allows %s', (line) => {
    expect(verdict(line)).toBe('ok');
  });

  it.each(blockedGzip)('blocks %s with %s', (line, code) => {
    expect(verdict(line)).toBe(code);
  });

  it('keeps globs away from gzip options: a file named `--` would turn a later -c into a file', () => {
    expect(verdict('gzip * -c')).toBe(ShellCodes.unsafeGlob);
    expect(verdict('gzip -c -- *')).toBe('ok');
    expect(verdict('zcat * -f')).toBe('ok');
  });

  it('tells the model to add -c', () => {
    expect(judge('gzip -d data.gz')).toMatchObject({ reason: expect.stringContaining('-c') });
  });
});

// unzip 6.0 and gzip 1.12 are the oracles: every allowed call runs in a temp dir without
// creating or deleting a file, and the forms the rules block really do write.
describe('archive rules against unzip and gzip', () => {
  let dir = '';

  const snapshot = () => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
  const run = (line: string) => {
    const [program, ...args] = splitWords(line).map((word) => word.value);
    return spawnSync(program ?? '', args, {
      cwd: dir,
      encoding: 'utf8',
      input: '',
      timeout: 10_000,
    });
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'planfirst-archives-'));
    // The zip's members live under pkg/, which is removed so that extracting would recreate it.
    mkdirSync(join(dir, 'pkg', 'src'), { recursive: true });
    writeFileSync(join(dir, 'pkg', 'src', 'a.txt'), 'alpha\n');
    writeFileSync(join(dir, 'pkg', 'README.md'), 'readme\n');
    writeFileSync(join(dir, 'file'), 'plain\n');
    // Build the fixtures with the tools themselves (zip may be missing; python is not needed).
    expect(spawnSync('gzip', ['-k', 'file'], { cwd: dir }).status).toBe(0);
    spawnSync('mv', ['file.gz', 'data.gz'], { cwd: dir });
    const zip = spawnSync('python3', ['-c', ZIP_SCRIPT], { cwd: dir });
    expect(zip.status, zip.stderr?.toString()).toBe(0);
    rmSync(join(dir, 'pkg'), { recursive: true });
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    'unzip -l release.zip',
    'unzip -lv release.zip',
    'unzip -t release.zip',
    'unzip -p release.zip pkg/README.md',
    'unzip -c release.zip pkg/README.md',
    'unzip -z release.zip',
    'unzip -l release.zip -x pkg/src/a.txt',
    'unzip -Z release.zip',
    'unzip -Z -1 release.zip',
    'unzip -Z -t -T release.zip',
    'gzip -l data.gz',
    'gzip -t data.gz',
    'gzip -c file',
    'gzip -dc data.gz',
    'gzip --std file',
    'gunzip -c data.gz',
    'gunzip -t data.gz',
    'zcat data.gz',
    'zcat -f file',
  ])('%s runs and changes nothing', (line) => {
    expect(verdict(line)).toBe('ok');
    const before = snapshot();
    const result = run(line);
    expect(result.status, result.stderr).toBe(0);
    expect(snapshot()).toEqual(before);
  });

  it.each([
    'unzip -l--l release.zip',
    'unzip release.zip pkg/README.md -l',
    'gzip -d data.gz',
    'gzip -k file',
    'unzip -o release.zip',
    // What `gzip * -c` becomes when the glob expands to a file named `--` and one named file.
    'gzip -- file -c',
  ])('%s, which the rule blocks, really changes the directory', (line) => {
    expect(verdict(line)).not.toBe('ok');
    const before = snapshot();
    run(line);
    const after = snapshot();
    expect(after).not.toEqual(before);
    // Put the fixtures back the way they were for the next case.
    for (const name of after) {
      if (!before.includes(name)) rmSync(join(dir, name), { recursive: true, force: true });
    }
    if (!after.includes('file')) writeFileSync(join(dir, 'file'), 'plain\n');
    if (!after.includes('data.gz')) spawnSync('sh', ['-c', 'gzip -c file > data.gz'], { cwd: dir });
  });

  it('random unzip option bundles the rule allows never change the directory', () => {
    const letters = fc.array(fc.constantFrom(...'lvtpczqCULabnodfuTxj-'), {
      minLength: 1,
      maxLength: 4,
    });
    fc.assert(
      fc.property(letters, (chosen) => {
        const line = `unzip -${chosen.join('')} release.zip`;
        fc.pre(verdict(line) === 'ok');
        const before = snapshot();
        run(line);
        expect(snapshot()).toEqual(before);
      }),
      { numRuns: 60 },
    );
  });
});

const ZIP_SCRIPT = [
  'import zipfile',
  "z = zipfile.ZipFile('release.zip', 'w')",
  "z.write('pkg/README.md')",
  "z.write('pkg/src/a.txt')",
  'z.close()',
].join('\n');
