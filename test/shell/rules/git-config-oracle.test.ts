import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../../src/shell/analyze.js';
import { oracleGits } from './git-oracle-repo.js';

// A real git runs every generated `git config` line the analyzer accepts, with an editor that
// leaves a marker: the repository, global and `-f` config files stay byte-identical and no
// editor runs. The git on PATH (2.39 on Debian 12) reads a 2.46 subcommand name as a key
// without a section, an error that writes nothing; PLANFIRST_EXTRA_GITS (paths separated by
// `:`, e.g. a git 2.55 built from source) runs the same lines under newer gits, where
// `git config edit` opens the editor and `set`/`unset` write. Controls show the setup notices
// a write and an editor.

const gits = oracleGits();

const scopes = ['', '--global ', '--local ', '-f cfg ', '--show-origin ', '--includes '];
const actions = [
  'get',
  'list',
  'edit',
  'set',
  'unset',
  'rename-section',
  'remove-section',
  '--get',
  '--get-all',
  '--get-regexp',
  '--list',
  '-l',
  '-e',
  '--edit',
  '--add',
  '--unset',
  '--replace-all',
  '--rename-section',
  '--remove-section',
  '',
];
const operands = ['', ' user.name', ' user.name Bob', ' a.b c d', ' sec', ' sec other'];

/** Every scope × action × operand line, and the action after the operands. */
function lines(): string[] {
  const out: string[] = [];
  for (const scope of scopes)
    for (const action of actions)
      for (const operand of operands) {
        out.push(`git config ${scope}${action}${operand}`.replace(/ +$/, ''));
        if (action !== '' && operand !== '')
          out.push(`git config ${scope}${operand.trim()} ${action}`);
      }
  return [...new Set(out)];
}

for (const { bin, version } of gits) {
  const subcommands = version[0] > 2 || (version[0] === 2 && version[1] >= 46);
  describe(`git config (${version.join('.')}): accepted lines write nothing and run no editor`, () => {
    let root = '';
    let repo = '';
    let env: NodeJS.ProcessEnv = {};
    const marker = () => join(root, 'editor-ran');
    const files = () => [join(repo, '.git', 'config'), join(root, 'gitconfig'), join(repo, 'cfg')];
    const snapshot = (): string[] =>
      files().map((f) => (existsSync(f) ? readFileSync(f, 'hex') : 'absent'));
    const git = (args: string[]): number | null =>
      spawnSync(bin, args, { cwd: repo, env, encoding: 'utf8', input: '' }).status;

    beforeAll(() => {
      root = mkdtempSync(join(tmpdir(), 'planfirst-git-config-'));
      repo = join(root, 'repo');
      const editor = join(root, 'editor.sh');
      writeFileSync(editor, `#!/bin/sh\necho ran >> '${marker()}'\n`);
      chmodSync(editor, 0o755);
      env = {
        PATH: process.env.PATH,
        HOME: root,
        XDG_CONFIG_HOME: root,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: join(root, 'gitconfig'),
        GIT_EDITOR: editor,
        EDITOR: editor,
        VISUAL: editor,
        GIT_PAGER: 'cat',
        LC_ALL: 'C',
      };
      spawnSync(bin, ['init', '-q', repo], { env });
      writeFileSync(join(root, 'gitconfig'), '[user]\n\tname = Ann\n[sec]\n\tk = v\n');
      writeFileSync(join(repo, 'cfg'), '[user]\n\tname = Cy\n[a]\n\tb = c\n');
      git(['config', 'sec.k', 'v']);
    });
    afterAll(() => {
      if (root !== '') rmSync(root, { recursive: true, force: true });
    });

    it('control: the setup notices a write and an editor', () => {
      const before = snapshot();
      expect(git(['config', '-f', 'cfg', '-e'])).toBe(0);
      expect(existsSync(marker())).toBe(true);
      rmSync(marker());
      expect(git(['config', '-f', 'cfg', 'user.name', 'Bob'])).toBe(0);
      expect(snapshot()).not.toEqual(before);
      writeFileSync(join(repo, 'cfg'), '[user]\n\tname = Cy\n[a]\n\tb = c\n');
    });

    it('every accepted line leaves the config files byte-identical and runs no editor', () => {
      const accepted = lines().filter((line) => analyzeShellCommand(line).readOnly);
      // The generator reaches both sides: reading forms pass, writing ones do not.
      expect(accepted.length).toBeGreaterThan(40);
      expect(accepted.length).toBeLessThan(lines().length / 2);
      const before = snapshot();
      const wrote: string[] = [];
      for (const line of accepted) {
        git(line.split(' ').slice(1));
        if (existsSync(marker()) || snapshot().join() !== before.join()) wrote.push(line);
      }
      expect(wrote).toEqual([]);
    });

    if (!subcommands)
      it('git 2.46 subcommand names are keys without a section before 2.46: an error, no write', () => {
        const before = snapshot();
        for (const line of [
          'edit',
          '--global edit',
          'set',
          'unset',
          'remove-section',
          'rename-section',
        ])
          expect(git(['config', ...line.split(' ')])).not.toBe(0);
        expect(existsSync(marker())).toBe(false);
        expect(snapshot()).toEqual(before);
      });

    if (subcommands)
      it('on git 2.46+ the subcommands edit and write (the analyzer refuses each), get and list read', () => {
        const refused = [
          'git config edit',
          'git config --global edit',
          'git config set user.name Bob',
          'git config unset user.name',
          'git config rename-section sec other',
          'git config remove-section sec',
          'git config set --append a.b c',
        ];
        for (const line of refused) expect(analyzeShellCommand(line).readOnly, line).toBe(false);
        expect(git(['config', 'edit'])).toBe(0);
        expect(existsSync(marker())).toBe(true);
        rmSync(marker());
        let before = snapshot();
        expect(git(['config', 'set', 'user.name', 'Bob'])).toBe(0);
        expect(snapshot()).not.toEqual(before);
        before = snapshot();
        expect(git(['config', 'unset', 'user.name'])).toBe(0);
        expect(snapshot()).not.toEqual(before);
        before = snapshot();
        for (const line of [
          'git config get sec.k',
          'git config get --all sec.k',
          'git config list',
          'git config list --show-origin',
          'git config --list',
          'git config --get sec.k',
        ]) {
          expect(analyzeShellCommand(line).readOnly, line).toBe(true);
          expect(git(line.split(' ').slice(1)), line).toBe(0);
        }
        expect(snapshot()).toEqual(before);
        expect(existsSync(marker())).toBe(false);
      });
  });
}
