import { describe, expect, it } from 'vitest';
import { analyzeShellCommand, OptionsError, type ShellPolicy } from '../../src/index.js';

describe('the shell policy', () => {
  it('adds programs from data specs, judged by the option engine', () => {
    const policy: ShellPolicy = {
      programs: {
        kubectl: { options: { '--context': { value: 'required' }, '-o': { value: 'required' } } },
        mycat: { globs: 'anywhere' },
      },
    };
    expect(analyzeShellCommand('kubectl --context dev get', policy).readOnly).toBe(true);
    expect(analyzeShellCommand('kubectl --cont=dev get', policy).readOnly).toBe(true);
    expect(analyzeShellCommand('kubectl --delete x', policy).code).toBe('unknown_option');
    expect(analyzeShellCommand('kubectl get *', policy).code).toBe('unsafe_glob');
    expect(analyzeShellCommand('mycat *', policy).readOnly).toBe(true);
  });

  it('marks hazards declared in data', () => {
    const policy: ShellPolicy = {
      programs: {
        tool: {
          options: {
            '--out': { value: 'required', hazard: 'writes', reason: 'tool --out writes' },
          },
        },
      },
    };
    const v = analyzeShellCommand('tool --out=x', policy);
    expect(v.code).toBe('option_writes');
    expect(v.reason).toContain('tool --out writes');
  });

  it('removes default programs', () => {
    expect(analyzeShellCommand('cat x', { removePrograms: ['cat'] }).code).toBe(
      'removed_by_policy',
    );
    expect(analyzeShellCommand('ls | cat', { removePrograms: ['cat'] }).readOnly).toBe(false);
  });

  it('cannot loosen the parser, the environment rules or path programs', () => {
    const policy: ShellPolicy = { programs: { rm: { globs: 'anywhere' } } };
    expect(analyzeShellCommand('rm x', policy).readOnly).toBe(true);
    expect(analyzeShellCommand('rm $HOME', policy).code).toBe('expansion');
    expect(analyzeShellCommand('rm x > y', policy).code).toBe('redirect_write');
    expect(analyzeShellCommand('FOO=1 rm x', policy).code).toBe('assignment');
    expect(analyzeShellCommand('./rm x', policy).code).toBe('path_program');
  });

  it('rejects a malformed data spec with the path', () => {
    expect(() =>
      analyzeShellCommand('x', { programs: { x: { options: { oops: {} } } } as never }),
    ).toThrow(OptionsError);
    expect(() =>
      analyzeShellCommand('x', { programs: { x: { globs: 'sometimes' } } } as never),
    ).toThrow(/programs\.x\.globs/);
  });
});
