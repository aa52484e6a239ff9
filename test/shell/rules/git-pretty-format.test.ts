import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeArgv } from '../../../src/shell/analyze.js';
import { createOracleRepo, type OracleRepo, oracleGits } from './git-oracle-repo.js';

// git's pretty formats: `%G?`, `%GS` … run gpg.program to verify a signature, and a `+`, `-` or
// space between `%` and the placeholder (`%+G?`, `%-GS`, `% GK`) only changes how its result is
// joined. Formats generated from git's placeholder grammar run under the real git on a commit
// with a signature, with a gpg.program that leaves a marker: a format the analyzer accepts never
// runs it, and every format that runs it is refused. Under every git the oracle has (the one on
// PATH, PLANFIRST_EXTRA_GITS), one after another.

const pieces = [
  '%',
  '%%',
  '+',
  '-',
  ' ',
  'G',
  '?',
  'S',
  'K',
  'F',
  'P',
  'T',
  'h',
  'n',
  's',
  'x41',
  'C(red)',
  'Creset',
  '<(5)',
  '>|(9)',
  'w(20)',
  '(describe)',
  'ad',
  'an',
  'N',
  'm',
  'd',
  '(trailers)',
];

const formats = fc
  .array(fc.oneof(fc.constantFrom('%', '%G', '%+', '%-', '% ', 'G?'), fc.constantFrom(...pieces)), {
    minLength: 1,
    maxLength: 7,
  })
  .map((parts) => parts.join(''));

let bin = 'git';
let repo: OracleRepo;
let signed = '';
const marker = () => join(repo.scratch, 'gpg-ran');

function setUp(): void {
  repo = createOracleRepo(bin);
  const program = join(repo.scratch, 'fake-gpg');
  writeFileSync(program, `#!/bin/sh\ntouch '${marker()}'\nexit 1\n`, { mode: 0o755 });
  repo.run(['config', 'gpg.program', program]);
  const tree = repo.run(['rev-parse', 'HEAD^{tree}']).stdout.trim();
  const body = [
    `tree ${tree}`,
    'author Ann <ann@example.com> 1700000000 +0000',
    'committer Ann <ann@example.com> 1700000000 +0000',
    'gpgsig -----BEGIN PGP SIGNATURE-----',
    ' ',
    ' AAAA',
    ' -----END PGP SIGNATURE-----',
    '',
    'signed',
    '',
  ].join('\n');
  const objectFile = join(repo.scratch, 'signed-commit');
  writeFileSync(objectFile, body);
  signed = repo.run(['hash-object', '-t', 'commit', '-w', objectFile]).stdout.trim();
}

/** For each format, whether `git log -1 --format=F` ran gpg.program (one bash for all). */
function gpgRuns(all: readonly string[]): boolean[] {
  const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
  let script = '';
  all.forEach((format, i) => {
    script += `${quote(bin)} log -1 ${quote(`--format=${format}`)} ${signed} >/dev/null 2>&1; `;
    script += `if [ -e ${quote(marker())} ]; then echo ${i}; rm -f ${quote(marker())}; fi\n`;
  });
  const out = spawnSync('bash', ['--norc', '--noprofile', '-c', script], {
    cwd: repo.dir,
    env: repo.env,
    encoding: 'utf8',
  }).stdout;
  const ran = new Set(out.split('\n').filter(Boolean).map(Number));
  return all.map((_, i) => ran.has(i));
}

for (const git of oracleGits())
  describe(`git ${git.label}: pretty-format placeholders as git reads them`, () => {
    beforeAll(() => {
      bin = git.bin;
      setUp();
    });
    afterAll(() => repo.dispose());

    it('the modifiers +, - and space before G still run gpg, and are refused', () => {
      const live = ['%+G?', '%-GS', '% GK', '%h%+GG', '%n%-GF'];
      expect(gpgRuns(live)).toEqual(live.map(() => true));
      for (const format of live)
        expect(analyzeArgv(['git', 'log', '-1', `--format=${format}`]).code, format).toBe(
          'option_executes',
        );
    });

    it('generated formats: accepted ones never run gpg, and every one that runs gpg is refused', () => {
      const sample = [...new Set(fc.sample(formats, { numRuns: 400, seed: 24 }))];
      const ran = gpgRuns(sample);
      const wrong = sample.filter(
        (format, i) => ran[i] && analyzeArgv(['git', 'log', '-1', `--format=${format}`]).readOnly,
      );
      expect(wrong).toEqual([]);
      expect(ran.filter(Boolean).length).toBeGreaterThan(30);
      const accepted = sample.filter(
        (format) => analyzeArgv(['git', 'log', '-1', `--format=${format}`]).readOnly,
      );
      expect(accepted.length).toBeGreaterThan(100);
    });

    it.each(['%+h', '%-s', '% an', '%+n%-d', '%%G?', '%<(10)%s', '%C(red)%h%Creset', '%x47?'])(
      'harmless modifiers and literals stay allowed: %s',
      (format) => {
        expect(analyzeArgv(['git', 'log', '-1', `--format=${format}`]).readOnly).toBe(true);
        expect(gpgRuns([format])).toEqual([false]);
      },
    );
  });
