import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPrimaryArities, findRule } from '../../../src/shell/rules/find.js';
import type { ShellWord } from '../../../src/shell/types.js';

// GNU findutils 4.9 is the oracle: every primary the rule allows must be one find accepts with
// the arity the rule assumes, and no allowed command may create or delete a file.

let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'planfirst-find-'));
  writeFileSync(join(dir, 'a.txt'), 'alpha\n');
  writeFileSync(join(dir, 'b.md'), '');
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'sub', 'c.ts'), 'x');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function snapshot(): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

function runFind(args: readonly string[]): { status: number | null; stderr: string } {
  const result = spawnSync('find', args, { cwd: dir, encoding: 'utf8', timeout: 10_000 });
  return { status: result.status, stderr: result.stderr };
}

const word = (value: string): ShellWord => ({
  value,
  raw: value,
  glob: false,
  quoted: true,
  tilde: false,
});

function judgedOk(args: readonly string[]): boolean {
  if (findRule.kind !== 'custom') throw new Error('find must be a custom rule');
  return findRule.judge(args.map(word), { depth: 0 }).kind === 'ok';
}

const { uid, gid } = userInfo();

/** A valid argument list for every allowed primary that is not an operator. */
const samples: Readonly<Record<string, readonly string[]>> = {
  name: ['x'],
  iname: ['X'],
  path: ['./a'],
  ipath: ['./A'],
  wholename: ['./a'],
  iwholename: ['./A'],
  regex: ['.*a.*'],
  iregex: ['.*A.*'],
  lname: ['x'],
  ilname: ['X'],
  type: ['f'],
  xtype: ['d'],
  size: ['+1k'],
  empty: [],
  perm: ['-u+r'],
  user: [String(uid)],
  group: [String(gid)],
  uid: ['0'],
  gid: ['0'],
  nouser: [],
  nogroup: [],
  links: ['1'],
  inum: ['1'],
  samefile: ['a.txt'],
  fstype: ['ext4'],
  readable: [],
  writable: [],
  executable: [],
  true: [],
  false: [],
  newer: ['a.txt'],
  anewer: ['a.txt'],
  cnewer: ['b.md'],
  mtime: ['-1'],
  mmin: ['+5'],
  atime: ['0'],
  amin: ['-60'],
  ctime: ['+1'],
  cmin: ['3'],
  used: ['2'],
  maxdepth: ['1'],
  mindepth: ['0'],
  depth: [],
  d: [],
  follow: [],
  xdev: [],
  mount: [],
  noleaf: [],
  daystart: [],
  regextype: ['posix-extended'],
  ignore_readdir_race: [],
  noignore_readdir_race: [],
  warn: [],
  nowarn: [],
  print: [],
  print0: [],
  printf: ['%p\\n'],
  ls: [],
  prune: [],
  quit: [],
};

const operators = new Set(['(', ')', '!', ',', 'not', 'a', 'and', 'o', 'or']);
/** Allowed primaries checked separately below, because they end find or need a setup. */
const special = new Set(['help', '-help', 'version', '-version', 'context', 'files0-from']);

describe('find rule against GNU find', () => {
  it('has a sample for every allowed primary that is not an operator', () => {
    const expected = Object.keys(findPrimaryArities).filter(
      (name) => !operators.has(name) && !special.has(name),
    );
    expect(Object.keys(samples).sort()).toEqual(expected.sort());
    for (const [name, args] of Object.entries(samples)) {
      expect(args.length, name).toBe(findPrimaryArities[name]);
    }
  });

  it.each(Object.entries(samples))('find accepts -%s with the assumed arity', (name, args) => {
    const before = snapshot();
    const line = ['.', '-maxdepth', '0', `-${name}`, ...args];
    expect(judgedOk(line)).toBe(true);
    const ok = runFind([...line, '-print']);
    expect(ok.status, ok.stderr).toBe(0);
    // Had find taken more words than the rule, it would have swallowed the bogus primary.
    const bogus = runFind([...line, '-Xbogus']);
    expect(bogus.stderr).toContain("unknown predicate `-Xbogus'");
    expect(snapshot()).toEqual(before);
  });

  it.each([
    ['-a', '-and', '-o', '-or', ','],
    ['-not', '!', '-!'],
  ])('find reads %s as operators taking no value', (...ops) => {
    for (const op of ops) {
      const args = op === '-not' || op === '!' || op === '-!' ? [op, '-false'] : ['-true', op];
      const result = runFind(['.', '-maxdepth', '0', ...args, '-print']);
      expect(result.status, `${op}: ${result.stderr}`).toBe(0);
    }
    expect(runFind(['.', '-maxdepth', '0', '(', '-true', ')', '-(', '-true', '-)']).status).toBe(0);
  });

  it('find accepts every -newerXY form the rule allows, except birth time here', () => {
    for (const x of 'acm') {
      for (const y of 'acmt') {
        const value = y === 't' ? '2020-01-01' : 'a.txt';
        const line = ['.', '-maxdepth', '0', `-newer${x}${y}`, value];
        expect(judgedOk(line)).toBe(true);
        expect(runFind([...line, '-print']).status).toBe(0);
      }
    }
  });

  it('find accepts -files0-from with one value and -help/-version alone', () => {
    expect(runFind(['-files0-from', '/dev/null', '-print']).status).toBe(0);
    expect(runFind(['-files0-from', '/dev/null', '-Xbogus']).stderr).toContain('-Xbogus');
    expect(runFind(['.', '-help']).status).toBe(0);
    expect(runFind(['.', '--version']).status).toBe(0);
  });

  it('find treats leading options, `--` and a lone `-` as the rule does', () => {
    expect(
      runFind(['-H', '-L', '-P', '-D', 'tree', '-O2', '--', '.', '-maxdepth', '0']).status,
    ).toBe(0);
    expect(runFind(['-HL', '.']).stderr).toContain('unknown predicate');
    expect(runFind(['.', '--', '-print']).stderr).toContain('unknown predicate');
    expect(runFind(['-', '-maxdepth', '0']).stderr).toContain('‘-’');
  });

  it('find rejects the write primaries the rule blocks when glued to a value', () => {
    const before = snapshot();
    expect(runFind(['.', '-fprintf=out']).stderr).toContain('unknown predicate');
    expect(snapshot()).toEqual(before);
  });
});

/** find's options are no expression of their own (`( -daystart )` is empty), so they lead. */
const optionNames = new Set([
  'maxdepth',
  'mindepth',
  'depth',
  'd',
  'follow',
  'xdev',
  'mount',
  'noleaf',
  'daystart',
  'regextype',
  'ignore_readdir_race',
  'noignore_readdir_race',
  'warn',
  'nowarn',
]);

const withSample = (name: string): string[] => [`-${name}`, ...(samples[name] ?? [])];

const leadingOptions = fc
  .array(fc.constantFrom(...optionNames), { maxLength: 3 })
  .map((names) => names.flatMap(withSample));

/** Builds a random find expression out of allowed primaries with their sample values. */
const primaryTerm = fc
  .constantFrom(...Object.keys(samples).filter((name) => name !== 'quit' && !optionNames.has(name)))
  .map(withSample);

const expression: fc.Arbitrary<string[]> = fc.letrec<{ expr: string[] }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    primaryTerm,
    fc
      .tuple(tie('expr'), fc.constantFrom('-a', '-o', ',', '-and', '-or'), tie('expr'))
      .map(([left, op, right]) => [...left, op, ...right]),
    tie('expr').map((inner) => ['(', ...inner, ')']),
    tie('expr').map((inner) => ['!', ...inner]),
  ),
})).expr;

describe('find rule property', () => {
  it('every generated allowed expression runs in GNU find, parses as assumed, and writes nothing', () => {
    fc.assert(
      fc.property(leadingOptions, expression, (options, expr) => {
        const line = ['.', ...options, ...expr];
        expect(judgedOk(line)).toBe(true);
        const before = snapshot();
        const ok = runFind(line);
        expect(ok.status, `${line.join(' ')}\n${ok.stderr}`).toBe(0);
        const bogus = runFind([...line, '-Xbogus']);
        expect(bogus.stderr).toContain("unknown predicate `-Xbogus'");
        expect(snapshot()).toEqual(before);
      }),
      { numRuns: 60 },
    );
  });

  // Words find would act on if the rule let them through; the harmful ones stay inside `dir`.
  const vocabulary = [
    '.',
    'sub',
    '-',
    'a.txt',
    '-name',
    '-print',
    '-delete',
    '-fprint',
    'out.txt',
    '-exec',
    'touch',
    'pwned',
    ';',
    '+',
    '{}',
    '(',
    ')',
    '!',
    ',',
    '-o',
    '-not',
    '-type',
    'f',
    '--',
    '-H',
    '-D',
    '-okdir',
    '-fls',
    '-printf',
    '-newer',
  ];

  it('no random argv the rule allows makes GNU find change the directory', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...vocabulary), { maxLength: 8 }), (args) => {
        fc.pre(judgedOk(args));
        const before = snapshot();
        runFind(args);
        expect(snapshot()).toEqual(before);
      }),
      { numRuns: 150 },
    );
  });
});
