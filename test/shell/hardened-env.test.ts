import { describe, expect, it } from 'vitest';
import { hardenedShellEnv } from '../../src/index.js';

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
    });
  });

  it('forces pagers to cat and does not modify its input', () => {
    const input = { PAGER: 'less', GIT_PAGER: 'sh -c id' };
    expect(hardenedShellEnv(input)).toMatchObject({ PAGER: 'cat', GIT_PAGER: 'cat' });
    expect(input).toEqual({ PAGER: 'less', GIT_PAGER: 'sh -c id' });
  });
});
