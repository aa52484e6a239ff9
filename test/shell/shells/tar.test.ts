import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeArgv } from '../../../src/shell/analyze.js';
import { requirePrograms } from './real-shells.js';

// tar under GNU tar, BSD tar (bsdtar, as on macOS) and busybox tar. Generated argv mix list and
// print-to-stdout modes with the letters the implementations read differently (-s takes a value
// in bsdtar, -H is a flag there, -C moves where members would land). Each accepted argv runs
// under all three in a scratch directory holding an archive whose member is `.git/hooks/x`:
// none may create a file. The refused `tar -xsOaOaO -f a.tar` (GNU: -x -s -O -a …, print to
// stdout; bsdtar: -x with the substitution `OaOaO`, no -O) extracts under bsdtar.

const implementations: Readonly<Record<string, readonly string[]>> = {
  'GNU tar': ['tar'],
  bsdtar: ['bsdtar'],
  'busybox tar': ['busybox', 'tar'],
};

const words = [
  '-t',
  '-x',
  '-O',
  '-xO',
  '-tv',
  '-s',
  '-xs',
  '-xsO',
  '-H',
  'ustar',
  '-C',
  'out',
  '-f',
  'a.tar',
  '-fa.tar',
  '--to-stdout',
  '--list',
  '--extract',
  '-v',
  '-k',
  '-p',
  '-S',
  '-z',
  '--',
  '.git',
  'tOf',
  'xOf',
  'xsOf',
  'xf',
  'tf',
  '--preserve-order',
  '-P',
  '-o',
  '-m',
  '-n',
  '-l',
  '-h',
];

const argvs = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 });

let root: string;
beforeAll(() => {
  requirePrograms(['tar', 'bsdtar', 'busybox']);
  root = mkdtempSync(join(tmpdir(), 'planfirst-tar-'));
  const source = join(root, 'source');
  mkdirSync(join(source, '.git', 'hooks'), { recursive: true });
  writeFileSync(join(source, '.git', 'hooks', 'x'), '#!/bin/sh\n');
  execFileSync('tar', ['-cf', join(root, 'a.tar'), '-C', source, '.git']);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** For each argv, the files it left in a fresh directory holding only a.tar and out/. */
function effects(command: readonly string[], all: readonly (readonly string[])[]): string[][] {
  const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
  const base = mkdtempSync(join(root, 'run-'));
  let script = '';
  all.forEach((args, i) => {
    const dir = join(base, String(i));
    mkdirSync(join(dir, 'out'), { recursive: true });
    script += `cd ${quote(dir)} && cp ../../a.tar . && ${command.join(' ')} ${args.map(quote).join(' ')} </dev/null >/dev/null 2>&1\n`;
  });
  execFileSync('bash', ['--norc', '--noprofile', '-c', `${script}exit 0`], { cwd: base });
  const listing = (dir: string): string[] =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
      (n) => n !== 'a.tar' && n !== 'out',
    );
  const result = all.map((_, i) => listing(join(base, String(i))));
  rmSync(base, { recursive: true, force: true });
  return result;
}

describe('tar under GNU tar, bsdtar and busybox tar', () => {
  it('bsdtar -s swallows the -O the analyzer relied on: it extracts, and is refused', () => {
    const args = ['-xsOaOaO', '-f', 'a.tar'];
    expect(effects(implementations['GNU tar'] as string[], [args])[0]).toEqual([]);
    expect(effects(implementations.bsdtar as string[], [args])[0]).toContain('.git');
    expect(analyzeArgv(['tar', ...args]).readOnly).toBe(false);
  });

  it.each(Object.keys(implementations))(
    'every generated argv the analyzer accepts creates nothing under %s',
    (name) => {
      const sample = fc.sample(argvs, { numRuns: 1500, seed: 24 });
      const accepted = [
        ...new Map(
          sample.filter((a) => analyzeArgv(['tar', ...a]).readOnly).map((a) => [a.join(' '), a]),
        ).values(),
      ];
      expect(accepted.length).toBeGreaterThan(30);
      const left = effects(implementations[name] as string[], accepted);
      expect(accepted.filter((_, i) => (left[i] ?? []).length > 0)).toEqual([]);
    },
  );
});
