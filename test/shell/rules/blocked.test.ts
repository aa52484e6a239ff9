import { describe, expect, it } from 'vitest';
import { blockedCategories, isVersionProbe } from '../../../src/shell/rules/blocked.js';
import { words } from '../words.js';
import { judge, judgeResult } from './judge.js';

describe('blocked programs, by category', () => {
  it.each<[string, string]>([
    ['python3 -c print(1)', 'interpreter'],
    ['node -e 1', 'interpreter'],
    ['ruby -e x', 'interpreter'],
    ['perl -pi -e s/a/b/ f', 'interpreter'],
    ['python3 script.py --version', 'interpreter'],
    ['node --version --eval=1', 'interpreter'],
    ['npm install', 'build_tool'],
    ['npm install --depth=0', 'build_tool'],
    ['npm --version', 'build_tool'],
    ['pnpm -r exec rm -rf dist', 'build_tool'],
    ['make test', 'build_tool'],
    ['cargo test', 'build_tool'],
    ['go test ./...', 'build_tool'],
    ['tsc --noEmit', 'build_tool'],
    ['prettier --check .', 'build_tool'],
    ['curl http://example.com', 'network_program'],
    ['wget -qO- https://example.com', 'network_program'],
    ['ssh host ls', 'network_program'],
    ['docker ps', 'network_program'],
    ['less README.md', 'interactive_program'],
    ['man ls', 'interactive_program'],
    ['vim notes.txt', 'interactive_program'],
    ['view notes.txt', 'interactive_program'],
    ['sudo ls', 'privilege_wrapper'],
    ['doas ls', 'privilege_wrapper'],
    ['su -c ls', 'privilege_wrapper'],
    ['nohup ls', 'privilege_wrapper'],
    ['watch ls', 'privilege_wrapper'],
    ['eval ls', 'shell_builtin'],
    ['exec ls', 'shell_builtin'],
    ['source x.sh', 'shell_builtin'],
    ['. x.sh', 'shell_builtin'],
    ['alias ls=rm', 'shell_builtin'],
    ['unalias -a', 'shell_builtin'],
    ['export PAGER=x', 'shell_builtin'],
    ['set -e', 'shell_builtin'],
    ['unset PATH', 'shell_builtin'],
    ['trap x EXIT', 'shell_builtin'],
    ['history -c', 'shell_builtin'],
    ['umask 000', 'shell_builtin'],
    ['let x=1', 'shell_builtin'],
    ['rm notes.txt', 'mutating_program'],
    ['rm -rf node_modules', 'mutating_program'],
    ['mv a b', 'mutating_program'],
    ['tee listing.txt', 'mutating_program'],
    ['dd if=/dev/zero of=disk.img', 'mutating_program'],
    ['ln -s /etc/passwd link', 'mutating_program'],
    ['mkfifo /tmp/f', 'mutating_program'],
    ['kill -9 1234', 'mutating_program'],
    ['killall node', 'mutating_program'],
    ['crontab -r', 'mutating_program'],
    ['rmdir build', 'mutating_program'],
    ['RM -RF /', 'unknown_program'],
    ['foo', 'unknown_program'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });

  it.each<[string, string]>([
    ['python3 --version', 'ok'],
    ['python3 -V', 'ok'],
    ['python --version', 'ok'],
    ['node --version', 'ok'],
    ['node -v', 'ok'],
    ['deno --version', 'ok'],
    ['ruby -v', 'ok'],
    ['perl -v', 'ok'],
    ['java -version', 'interpreter'],
    ['java --version', 'interpreter'],
    ['jshell --version', 'interpreter'],
    ['tclsh --version', 'interpreter'],
    ['wish --version', 'interpreter'],
    ['erl --version', 'interpreter'],
    ['erl -version', 'interpreter'],
    ['expect --version', 'interpreter'],
    ['expect -v', 'interpreter'],
    ['lua -v', 'interpreter'],
    ['Rscript --version', 'interpreter'],
    ['python3 -v', 'interpreter'],
    ['node -V', 'interpreter'],
    ['python3 --vers', 'interpreter'],
    ['python3', 'interpreter'],
  ])('an interpreter answers a bare version probe: %s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });

  it('says what to do instead', () => {
    const result = judgeResult('python3 -c x');
    expect(result.kind === 'block' ? result.reason : '').toMatch(/^`python3` runs code/);
  });

  it('lists no program in two categories', () => {
    const all = blockedCategories.flatMap((category) => category.programs);
    expect(new Set(all).size).toBe(all.length);
  });

  it('allows version probes only for interpreters', () => {
    expect(isVersionProbe('node', words('--version'))).toBe(true);
    expect(isVersionProbe('node', words('--version x'))).toBe(false);
    expect(isVersionProbe('constructor', words('-v'))).toBe(false);
  });
});
