import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../../src/shell/analyze.js';
import { hardenedShellEnv } from '../../../src/shell/hardened-env.js';
import { oracleGits } from './git-oracle-repo.js';

// `git describe --dirty` rewrites the index of a stat-dirty tree even under hardenedShellEnv
// (GIT_OPTIONAL_LOCKS=0 does not stop it; the control shows it on each git), and `--broken`
// runs `git update-index --refresh` since git 2.46. Both are refused; every generated describe
// line the analyzer accepts runs here on a stat-dirty tree and leaves the index byte-identical
// with its mtime unchanged.

let bin = 'git';
let root = '';
let repo = '';
let env: NodeJS.ProcessEnv = {};
let tick = 0;

function git(args: string[]): { status: number | null; stdout: string } {
  const r = spawnSync(bin, args, { cwd: repo, env, encoding: 'utf8', input: '' });
  return { status: r.status, stdout: r.stdout };
}

/** The index's bytes and mtime, after making the tracked file stat-dirty (content unchanged). */
function prepare(): { bytes: string; mtime: number } {
  const index = join(repo, '.git', 'index');
  const old = new Date(Date.UTC(2020, 0, 1));
  utimesSync(index, old, old);
  tick += 1;
  const later = new Date(Date.UTC(2021, 0, 1) + tick * 1000);
  utimesSync(join(repo, 'f'), later, later);
  return { bytes: readFileSync(index, 'hex'), mtime: statSync(index).mtimeMs };
}

function unchanged(before: { bytes: string; mtime: number }): boolean {
  const index = join(repo, '.git', 'index');
  return readFileSync(index, 'hex') === before.bytes && statSync(index).mtimeMs === before.mtime;
}

const optionSets = [
  '',
  '--tags',
  '--always',
  '--long',
  '--abbrev=4',
  '--all',
  '--first-parent',
  '--match v1',
  '--exact-match',
  '--dirty',
  '--dirty=-x',
  '--dirt',
  '--broken',
  '--broken=-b',
  '--bro',
];

function lines(): string[] {
  const out: string[] = [];
  for (const a of optionSets)
    for (const b of optionSets)
      for (const tail of ['', ' HEAD'])
        out.push(`git describe ${a} ${b}${tail}`.replace(/ +/g, ' ').trim());
  return [...new Set(out)];
}

// Every git the oracle has (the one on PATH, PLANFIRST_EXTRA_GITS), one after another: the
// suites of a file run in order, and each sets `bin` and a fresh repository before its tests.
for (const oracle of oracleGits())
  describe(`git ${oracle.label}: git describe never rewrites the index`, () => {
    beforeAll(() => {
      bin = oracle.bin;
      root = mkdtempSync(join(tmpdir(), 'planfirst-git-describe-'));
      repo = join(root, 'repo');
      env = hardenedShellEnv({
        PATH: process.env.PATH,
        HOME: root,
        XDG_CONFIG_HOME: root,
        LC_ALL: 'C',
      });
      const setup = {
        ...env,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: join(root, 'gitconfig'),
      };
      writeFileSync(join(root, 'gitconfig'), '[user]\n\tname = Ann\n\temail = ann@example.com\n');
      const run = (args: string[]) => spawnSync(bin, args, { cwd: repo, env: setup });
      spawnSync(bin, ['init', '-q', repo], { env: setup });
      writeFileSync(join(repo, 'f'), 'one\n');
      run(['add', 'f']);
      run(['commit', '-qm', 'one']);
      run(['tag', '-am', 'v1', 'v1']);
      env = { ...env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: join(root, 'gitconfig') };
    });
    afterAll(() => {
      if (root !== '') rmSync(root, { recursive: true, force: true });
      root = '';
    });

    it('control: --dirty rewrites the index even under hardenedShellEnv (GIT_OPTIONAL_LOCKS=0)', () => {
      expect(env.GIT_OPTIONAL_LOCKS).toBe('0');
      const before = prepare();
      expect(git(['--no-optional-locks', 'describe', '--dirty']).stdout.trim()).toBe('v1');
      expect(unchanged(before)).toBe(false);
    });

    it('--dirty and --broken are refused in every spelling', () => {
      for (const line of ['--dirty', '--dirty=-x', '--broken', '--broken=-b', '--tags --dirty'])
        expect(analyzeShellCommand(`git describe ${line}`).code).toBe('option_writes');
      // Abbreviations are refused for every git subcommand (versions resolve them differently).
      for (const line of ['--dirt', '--bro=x', '--dir', '--b'])
        expect(analyzeShellCommand(`git describe ${line}`).code).toBe('unknown_option');
    });

    it('every accepted describe line leaves the index byte-identical, mtime included', () => {
      const accepted = lines().filter((line) => analyzeShellCommand(line).readOnly);
      expect(accepted.length).toBeGreaterThan(50);
      const wrote: string[] = [];
      for (const line of accepted) {
        const before = prepare();
        git(line.split(' ').slice(1));
        if (!unchanged(before)) wrote.push(line);
      }
      expect(wrote).toEqual([]);
    });
  });
