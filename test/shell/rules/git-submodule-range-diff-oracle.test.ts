import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../../src/shell/analyze.js';
import { oracleGits } from './git-oracle-repo.js';

// The real git proves that the newly allowed `git submodule status` and `git range-diff` write
// nothing: a superproject and its submodule with stat-dirty tracked files and a post-index-change
// hook that leaves a marker. A control (plain `git status`, which refreshes the index) shows the
// setup notices an index write. Runs without hardenedShellEnv: the verdict must hold alone.

let bin = 'git';
let root = '';
let top = '';
let env: NodeJS.ProcessEnv = {};
const marker = () => join(root, 'hook-ran');

function git(cwd: string, args: string[]): string {
  const r = spawnSync(bin, args, { cwd, env, encoding: 'utf8', input: '' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

function indexes(): string[] {
  return [join(top, '.git', 'index'), join(top, '.git', 'modules', 'lib', 'index')].map((p) =>
    readFileSync(p).toString('hex'),
  );
}

/** Marks every tracked file stat-dirty (content unchanged), so a refresh would rewrite the index. */
function makeStatDirty(): void {
  const later = new Date(Date.now() + 60_000);
  for (const f of [join(top, 'a.txt'), join(top, 'lib', 'b.txt')]) utimesSync(f, later, later);
}

// Under every git the oracle has (the one on PATH, PLANFIRST_EXTRA_GITS), one after another;
// the command lines run through bash with that git's directory first on PATH.
for (const oracle of oracleGits())
  describe(`git ${oracle.label}: git submodule status and git range-diff write nothing`, () => {
    beforeAll(() => {
      bin = oracle.bin;
      root = mkdtempSync(join(tmpdir(), 'planfirst-git-submodule-'));
      const path = process.env.PATH ?? '';
      env = {
        PATH: bin.includes('/') ? `${dirname(bin)}:${path}` : path,
        HOME: root,
        XDG_CONFIG_HOME: root,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: join(root, 'gitconfig'),
        GIT_AUTHOR_NAME: 'Ann',
        GIT_AUTHOR_EMAIL: 'ann@example.com',
        GIT_COMMITTER_NAME: 'Ann',
        GIT_COMMITTER_EMAIL: 'ann@example.com',
        GIT_PAGER: 'cat',
        LC_ALL: 'C',
      };
      writeFileSync(join(root, 'gitconfig'), '[protocol "file"]\n\tallow = always\n');
      const sub = join(root, 'sub');
      mkdirSync(sub);
      git(sub, ['init', '-q', '-b', 'main']);
      writeFileSync(join(sub, 'b.txt'), 'b\n');
      git(sub, ['add', '.']);
      git(sub, ['commit', '-qm', 'b']);
      top = join(root, 'top');
      mkdirSync(top);
      git(top, ['init', '-q', '-b', 'main']);
      writeFileSync(join(top, 'a.txt'), 'a\n');
      git(top, ['add', '.']);
      git(top, ['commit', '-qm', 'one']);
      git(top, ['submodule', 'add', '-q', sub, 'lib']);
      git(top, ['commit', '-qm', 'two']);
      git(top, ['checkout', '-qb', 'topic']);
      writeFileSync(join(top, 'a.txt'), 'a\nc\n');
      git(top, ['commit', '-qam', 'three']);
      git(top, ['checkout', '-q', 'main']);
      // A committed hooks folder (husky-style) that records any index write.
      const hooks = join(top, 'hooks');
      mkdirSync(hooks);
      const hook = join(hooks, 'post-index-change');
      writeFileSync(hook, `#!/bin/sh\necho "$PWD" >> '${marker()}'\n`);
      chmodSync(hook, 0o755);
      git(top, ['config', 'core.hooksPath', hooks]);
      git(join(top, 'lib'), ['config', 'core.hooksPath', hooks]);
    });
    afterAll(() => {
      if (root) rmSync(root, { recursive: true, force: true });
      root = '';
    });

    it('bash finds this git', () => {
      const r = spawnSync('bash', ['-c', 'git --version'], { env, encoding: 'utf8' });
      expect(r.stdout).toContain(`git version ${oracle.label}.`);
    });

    it('control: plain git status rewrites the stat-dirty index and fires the hook', () => {
      makeStatDirty();
      const before = indexes();
      git(top, ['status', '--porcelain']);
      expect(indexes()[0]).not.toBe(before[0]);
      expect(existsSync(marker())).toBe(true);
      rmSync(marker());
    });

    for (const command of [
      'git submodule status',
      'git submodule',
      'git submodule status --recursive',
      'git submodule status --cached -- lib',
      'git range-diff main...topic',
      'git range-diff --stat --creation-factor=80 main~1 main topic',
      'git range-diff --no-dual-color --left-only topic~1..topic main~1..main',
    ]) {
      it(`${command}: accepted, and runs without writing an index or firing a hook`, () => {
        expect(analyzeShellCommand(command)).toMatchObject({ readOnly: true, code: 'read_only' });
        makeStatDirty();
        const before = indexes();
        const r = spawnSync('bash', ['-c', command], {
          cwd: top,
          env,
          encoding: 'utf8',
          input: '',
        });
        expect(r.stderr).toBe('');
        expect(r.status).toBe(0);
        expect(indexes()).toEqual(before);
        expect(existsSync(marker())).toBe(false);
      });
    }

    it('git submodule status prints the submodule commit', () => {
      const r = spawnSync('bash', ['-c', 'git submodule status'], {
        cwd: top,
        env,
        encoding: 'utf8',
      });
      expect(r.stdout).toMatch(/^ [0-9a-f]{40} lib \(heads\/main\)\n$/);
    });
  });
