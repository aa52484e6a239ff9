import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hardenedShellEnv } from '../../src/index.js';
import { gitSafetyConfig, scrubbedVariables } from '../../src/shell/hardened-env.js';

const gitSettings = {
  GIT_OPTIONAL_LOCKS: '0',
  GIT_NO_LAZY_FETCH: '1',
  GIT_TERMINAL_PROMPT: '0',
  SYSTEMD_PAGER: 'cat',
  GH_PAGER: 'cat',
  GH_PROMPT_DISABLED: '1',
  GH_NO_UPDATE_NOTIFIER: '1',
  npm_config_logs_max: '0',
  npm_config_update_notifier: 'false',
  GIT_CONFIG_COUNT: '7',
  GIT_CONFIG_KEY_0: 'core.hooksPath',
  GIT_CONFIG_VALUE_0: '/dev/null',
  GIT_CONFIG_KEY_1: 'core.fsmonitor',
  GIT_CONFIG_VALUE_1: 'false',
  GIT_CONFIG_KEY_2: 'core.pager',
  GIT_CONFIG_VALUE_2: 'cat',
  GIT_CONFIG_KEY_3: 'protocol.allow',
  GIT_CONFIG_VALUE_3: 'never',
  GIT_CONFIG_KEY_4: 'submodule.recurse',
  GIT_CONFIG_VALUE_4: 'false',
  GIT_CONFIG_KEY_5: 'maintenance.auto',
  GIT_CONFIG_VALUE_5: 'false',
  GIT_CONFIG_KEY_6: 'gc.auto',
  GIT_CONFIG_VALUE_6: '0',
};

describe('hardenedShellEnv', () => {
  it('drops startup, preload, function and config-injection variables', () => {
    const env = hardenedShellEnv({
      PATH: '/usr/bin',
      HOME: '/home/a',
      LANG: 'C.UTF-8',
      BASH_ENV: '/tmp/x',
      ENV: '/tmp/y',
      'BASH_FUNC_ls%%': '() { rm -rf ~; }',
      LD_PRELOAD: '/tmp/evil.so',
      LD_LIBRARY_PATH: '/tmp',
      DYLD_INSERT_LIBRARIES: '/tmp/evil.dylib',
      LESSOPEN: '|sh %s',
      NODE_OPTIONS: '--require /tmp/x.js',
      PYTHONSTARTUP: '/tmp/x.py',
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'core.hooksPath',
      GIT_CONFIG_VALUE_0: '.husky',
      GIT_EXTERNAL_DIFF: 'sh',
      TAR_OPTIONS: '--to-command=sh',
      RIPGREP_CONFIG_PATH: '/tmp/rgrc',
      UNSET: undefined,
    });
    expect(env).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/a',
      LANG: 'C.UTF-8',
      PAGER: 'cat',
      GIT_PAGER: 'cat',
      MANPAGER: 'cat',
      ...gitSettings,
    });
  });

  it('forces pagers to cat and does not modify its input', () => {
    const input = { PAGER: 'less', GIT_PAGER: 'sh -c id' };
    expect(hardenedShellEnv(input)).toMatchObject({ PAGER: 'cat', GIT_PAGER: 'cat' });
    expect(input).toEqual({ PAGER: 'less', GIT_PAGER: 'sh -c id' });
  });

  it('sets exactly the git safety config, in order', () => {
    expect(gitSafetyConfig.map(([key]) => key)).toEqual([
      'core.hooksPath',
      'core.fsmonitor',
      'core.pager',
      'protocol.allow',
      'submodule.recurse',
      'maintenance.auto',
      'gc.auto',
    ]);
    expect(hardenedShellEnv({})).toMatchObject(gitSettings);
  });
});

describe('hardenedShellEnv scrubs each program’s documented environment', () => {
  const rows = Object.entries(scrubbedVariables).flatMap(([program, names]) =>
    names.map((name) => [program, name] as const),
  );
  it.each(rows)('%s: %s', (_program, name) => {
    const key = name.endsWith('*') ? `${name.slice(0, -1)}X` : name;
    expect(Object.keys(hardenedShellEnv({ [key]: 'x', KEEP: 'y' }))).not.toContain(key);
    expect(hardenedShellEnv({ [key]: 'x', KEEP: 'y' }).KEEP).toBe('y');
  });

  it.each([
    ['java', 'JAVA_TOOL_OPTIONS'],
    ['java', '_JAVA_OPTIONS'],
    ['java', 'JDK_JAVA_OPTIONS'],
    ['erlang', 'ERL_AFLAGS'],
    ['erlang', 'ERL_FLAGS'],
    ['erlang', 'ERL_ZFLAGS'],
    ['tcl', 'TCL_LIBRARY'],
    ['tcl', 'TCLLIBPATH'],
    ['unzip', 'UNZIP'],
    ['unzip', 'UNZIPOPT'],
    ['unzip', 'ZIPINFO'],
    ['locale', 'LOCPATH'],
    ['tar', 'TAPE'],
    ['getopt', 'POSIXLY_CORRECT'],
  ])('%s lists %s', (program, name) => {
    expect(scrubbedVariables[program]).toContain(name);
  });
});

describe('hardenedShellEnv forces a locale the analyzer reads alike', () => {
  it.each([
    [{ LANG: 'zh_CN.GBK' }, { LC_CTYPE: 'C.UTF-8' }],
    [{ LC_ALL: 'ja_JP.SJIS', LANG: 'C.UTF-8' }, { LANG: 'C.UTF-8' }],
    [{ LC_CTYPE: 'zh_TW.BIG5', LANG: 'en_US.UTF-8' }, { LANG: 'en_US.UTF-8' }],
    [{ LC_ALL: '' }, { LC_CTYPE: 'C.UTF-8' }],
    [{}, { LC_CTYPE: 'C.UTF-8' }],
    [{ LC_ALL: 'C' }, { LC_ALL: 'C' }],
    [{ LANG: 'POSIX', LC_MESSAGES: 'zh_CN.GB18030' }, { LANG: 'POSIX' }],
  ])('%j → %j', (input, locale) => {
    const out = hardenedShellEnv(input);
    const kept = Object.fromEntries(
      Object.entries(out).filter(([key]) => key === 'LANG' || key.startsWith('LC_')),
    );
    expect(kept).toEqual(locale);
  });
});

// A committed husky-style hooks folder (core.hooksPath) and a stat-dirty tracked file: plain
// `git diff` refreshes the index and fires post-index-change. Under hardenedShellEnv it must not,
// nor may a nested repository's core.fsmonitor program run on `git status`.
describe('git under hardenedShellEnv (real git)', () => {
  const root = mkdtempSync(join(tmpdir(), 'planfirst-git-hooks-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const hookRan = join(root, 'HOOK_RAN');
  const fsmonitorRan = join(root, 'FSMONITOR_RAN');
  const repo = join(root, 'repo');
  const base = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: root };
  const git = (cwd: string, args: string[], env: NodeJS.ProcessEnv = base) =>
    spawnSync('git', args, { cwd, env, encoding: 'utf8' });

  mkdirSync(repo);
  git(repo, ['init', '-q']);
  git(repo, ['config', 'user.email', 'a@example.com']);
  git(repo, ['config', 'user.name', 'a']);
  writeFileSync(join(repo, 'f.txt'), 'one\n');
  mkdirSync(join(repo, '.husky'));
  const hook = join(repo, '.husky', 'post-index-change');
  writeFileSync(hook, `#!/bin/sh\ntouch '${hookRan}'\n`);
  chmodSync(hook, 0o755);
  const nested = join(repo, 'nested');
  mkdirSync(nested);
  git(nested, ['init', '-q']);
  git(nested, ['config', 'user.email', 'a@example.com']);
  git(nested, ['config', 'user.name', 'a']);
  writeFileSync(join(nested, 'g.txt'), 'two\n');
  git(nested, ['add', 'g.txt']);
  git(nested, ['commit', '-qm', 'nested']);
  git(nested, ['config', 'core.fsmonitor', `touch '${fsmonitorRan}'; false`]);
  git(repo, ['add', 'f.txt', '.husky', 'nested']);
  git(repo, ['commit', '-qm', 'init']);
  git(repo, ['config', 'core.hooksPath', '.husky']);

  /** Makes tracked files stat-dirty (same content, new times) and clears the markers. */
  function dirty(): void {
    rmSync(hookRan, { force: true });
    rmSync(fsmonitorRan, { force: true });
    const later = new Date(Date.now() + Math.floor(Math.random() * 1e6) + 10_000);
    for (const file of [join(repo, 'f.txt'), join(nested, 'g.txt')]) {
      writeFileSync(file, file.endsWith('f.txt') ? 'one\n' : 'two\n');
      spawnSync('touch', ['-d', later.toISOString(), file]);
    }
  }

  it('the setup is a real bypass without it: git diff runs the hook, git status the fsmonitor', () => {
    dirty();
    git(repo, ['diff']);
    expect(existsSync(hookRan)).toBe(true);
    dirty();
    git(repo, ['status', '--porcelain']);
    expect(existsSync(fsmonitorRan)).toBe(true);
  });

  it.each([
    ['diff'],
    ['diff', '--stat'],
    ['status', '--porcelain'],
    ['status'],
    ['describe', '--always', '--dirty'],
    ['log', '-1', '--stat'],
  ])('git %s runs no hook and no fsmonitor', (...args) => {
    dirty();
    const result = git(repo, args, hardenedShellEnv(base));
    expect(result.status, result.stderr).toBe(0);
    expect(existsSync(hookRan)).toBe(false);
    expect(existsSync(fsmonitorRan)).toBe(false);
  });
});

// A pager on a terminal reads keys: `!cmd` in less runs a command, so a tool that types into the
// process (write_stdin) could drive it. Under hardenedShellEnv git never starts one, even on a
// real terminal (`script` gives git a pty) with the repository naming its own pagers.
describe.runIf(spawnSync('script', ['--version']).status === 0)(
  'git under hardenedShellEnv opens no pager on a terminal (real git, pty)',
  () => {
    const root = mkdtempSync(join(tmpdir(), 'planfirst-git-pager-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const repo = join(root, 'repo');
    const ran = (name: string) => join(root, `PAGER_${name}`);
    const base = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: root, TERM: 'xterm' };
    const git = (args: string[]) => spawnSync('git', args, { cwd: repo, env: base });
    mkdirSync(repo);
    git(['init', '-q']);
    writeFileSync(join(repo, 'f.txt'), 'one\n');
    git(['add', 'f.txt']);
    git(['-c', 'user.name=a', '-c', 'user.email=a@example.com', 'commit', '-qm', 'init']);
    writeFileSync(join(repo, 'f.txt'), 'two\n');
    git(['config', 'core.pager', `touch '${ran('core')}'; cat`]);
    for (const command of ['log', 'show', 'diff', 'branch', 'grep', 'tag', 'blame'])
      git(['config', `pager.${command}`, `touch '${ran(command)}'; cat`]);
    const onTerminal = (command: string, env: NodeJS.ProcessEnv) =>
      spawnSync('script', ['-qec', command, '/dev/null'], { cwd: repo, env, encoding: 'utf8' });
    const markers = () =>
      ['core', 'log', 'show', 'diff', 'branch', 'grep', 'tag', 'blame'].filter((m) =>
        existsSync(ran(m)),
      );
    const commands = [
      'git log -1',
      'git show --stat',
      'git diff',
      'git branch --list',
      'git grep -n one HEAD',
      'git tag --list',
      'git blame f.txt',
    ];

    it('the repository pagers run on a terminal without it', () => {
      onTerminal('git log -1', base);
      onTerminal('git diff', base);
      expect(markers()).toEqual(expect.arrayContaining(['log', 'diff']));
      for (const m of markers()) rmSync(ran(m));
    });

    it.each(commands)('%s runs no pager', (command) => {
      const result = onTerminal(command, hardenedShellEnv(base));
      expect(result.status, result.stderr).toBe(0);
      expect(markers()).toEqual([]);
    });
  },
);
