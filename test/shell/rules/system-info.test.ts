import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../../src/shell/analyze.js';
import { judge, judgeResult } from './judge.js';

describe('system information programs only report', () => {
  it.each<[string, string]>([
    ['id -u', 'ok'],
    ['id -un', 'ok'],
    ['id root', 'ok'],
    ['whoami', 'ok'],
    ['uname -a', 'ok'],
    ['uname -srm', 'ok'],
    ['uptime -p', 'ok'],
    ['nproc --all', 'ok'],
    ['printenv', 'ok'],
    ['printenv HOME PATH', 'ok'],
    ['printenv -0', 'ok'],
    ['which -a git', 'ok'],
    ['which rg', 'ok'],
    ['ps aux', 'ok'],
    ['ps -ef', 'ok'],
    ['ps -o pid,cmd -p 1', 'ok'],
    ['ps --sort=-%mem', 'ok'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});

describe('hostname prints the local name, never sets it or asks the resolver', () => {
  it.each<[string, string]>([
    ['hostname', 'ok'],
    ['hostname -I', 'ok'],
    ['hostname --all-ip', 'ok'],
    ['hostname -f', 'option_network'],
    ['hostname --fqdn', 'option_network'],
    ['hostname --long', 'option_network'],
    ['hostname -s', 'option_network'],
    ['hostname -A', 'option_network'],
    ['hostname --all-f', 'option_network'],
    ['hostname -i', 'option_network'],
    ['hostname -d', 'option_network'],
    ['hostname --dom', 'option_network'],
    ['hostname -a', 'option_network'],
    ['hostname -y', 'option_network'],
    ['hostname --nis', 'option_network'],
    ['hostname -If', 'option_network'],
    ['hostname evil', 'operand_writes'],
    ['hostname -I evil', 'operand_writes'],
    ['hostname -- evil', 'operand_writes'],
    ['hostname -F /etc/hostname', 'option_writes'],
    ['hostname --file=x', 'option_writes'],
    ['hostname --fi=x', 'option_writes'],
    ['hostname -b', 'option_writes'],
    ['hostname --boot', 'option_writes'],
    ['hostname --bo', 'option_writes'],
    ['hostname *', 'unsafe_glob'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});

describe('date prints, never sets the clock', () => {
  it.each<[string, string]>([
    ['date', 'ok'],
    ['date +%Y', 'ok'],
    ['date -u +%FT%TZ', 'ok'],
    ['date -d @0', 'ok'],
    ['date --date=yesterday +%F', 'ok'],
    ['date -Iseconds', 'ok'],
    ['date --iso-8601', 'ok'],
    ['date -R', 'ok'],
    ['date -r package.json', 'ok'],
    ['date -s 2020-01-01', 'option_writes'],
    ['date -s2020-01-01', 'option_writes'],
    ['date -us 2020-01-01', 'option_writes'],
    ['date --set=2020-01-01', 'option_writes'],
    ['date --se 2020-01-01', 'option_writes'],
    ['date 010112002030', 'operand_writes'],
    ['date -u 0101', 'operand_writes'],
    ['date +%Y +%m', 'bad_operand'],
    ['date +%*', 'unsafe_glob'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});

describe('env prints the environment or runs a command with NAME=VALUE set', () => {
  it.each<[string, string]>([
    ['env', 'ok'],
    ['env -0', 'ok'],
    ['env -i', 'ok'],
    ['env -u HOME', 'ok'],
    ['env FOO=1', 'ok'],
    ['env - FOO=1', 'ok'],
    ['env --debug', 'ok'],
    ['env touch x', 'run touch x'],
    ['env FOO=1 git status', 'assignment'],
    ['env LANG=C ls', 'run ls'],
    ['env LC_ALL=C.UTF-8 -- ls', 'run -- ls'],
    ['env -i sh', 'privilege_wrapper'],
    ['env - ls', 'privilege_wrapper'],
    ['env -u GIT_CONFIG_COUNT git status', 'privilege_wrapper'],
    ['env -- rm x', 'run rm x'],
    ['env TZ=UTC -u x', 'run -u x'],
    ['env GIT_DIR=/tmp/x git log', 'git_environment'],
    ['env LD_PRELOAD=x.so ls', 'assignment'],
    ['env LC_ALL=zh_CN.GBK ls', 'unsafe_locale'],
    ['env LC_ALL=zh_CN.GBK', 'ok'],
    ['env LANG=C LD_* ls', 'unsafe_glob'],
    ['env -P /tmp ls', 'option_unsupported'],
    ['env -S touch_x', 'option_executes'],
    ['env --split-string=sh', 'option_executes'],
    ['env --sp=sh', 'option_executes'],
    ['env -C /tmp', 'option_unsupported'],
    ['env --chdir=/tmp', 'option_unsupported'],
    ['env -iS x', 'option_executes'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });

  it('tells the model that env -i drops the hardened environment', () => {
    const result = judgeResult('env -i touch x');
    expect(result.kind === 'block' ? result.reason : '').toContain('cleared or unset');
  });
});

// Looked up without running it: every start of procps top writes under HOME.
const hasTop = spawnSync('sh', ['-c', 'command -v top'], { encoding: 'utf8' }).status === 0;

describe.runIf(hasTop)('top stays refused: even `top -bn1` writes', () => {
  it('the real procps top creates its config directory in batch mode; the analyzer refuses it', () => {
    const home = mkdtempSync(join(tmpdir(), 'planfirst-top-'));
    try {
      const r = spawnSync('bash', ['-c', 'top -bn1'], {
        cwd: home,
        env: { PATH: process.env.PATH, HOME: home, LC_ALL: 'C' },
        encoding: 'utf8',
        input: '',
        timeout: 60_000,
      });
      expect(r.status).toBe(0);
      expect(readdirSync(home)).toEqual(['.config']);
      expect(readdirSync(join(home, '.config'))).toEqual(['procps']);
      expect(analyzeShellCommand('top -bn1')).toMatchObject({
        readOnly: false,
        code: 'interactive_program',
      });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
