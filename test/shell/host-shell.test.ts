import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OptionsError } from '../../src/errors.js';
import { resolveOptions } from '../../src/options.js';
import { analyzeArgv, analyzeShellCommand } from '../../src/shell/analyze.js';

// `hostShell`: verdicts cover POSIX shells; a host on cmd.exe or PowerShell gets a refusal for
// every command (quoting, `&`, variables and even the programs differ there: `sort /O` writes).

describe('hostShell', () => {
  it('posix is the default and judges as before', () => {
    expect(analyzeShellCommand('ls', { hostShell: 'posix' }).code).toBe('read_only');
    expect(analyzeShellCommand('ls', {}).code).toBe('read_only');
  });

  it('property: under cmd or powershell every command and argv is refused', () => {
    const commands = ['ls', 'git status', 'echo hi & calc', 'sort /O out.txt in.txt', 'dir', ''];
    fc.assert(
      fc.property(
        fc.constantFrom('cmd' as const, 'powershell' as const),
        fc.oneof(fc.constantFrom(...commands), fc.string({ maxLength: 40 })),
        (hostShell, command) => {
          const verdict = analyzeShellCommand(command, { hostShell });
          expect(verdict).toMatchObject({ readOnly: false, code: 'unsupported_shell' });
          expect(verdict.reason).toContain(hostShell === 'cmd' ? 'cmd.exe' : 'PowerShell');
          expect(analyzeArgv(['ls', command], { hostShell }).code).toBe('unsupported_shell');
        },
      ),
      { seed: 8, numRuns: 200 },
    );
  });

  it('an unknown shell is a typed error with its path, in the policy and in the options', () => {
    expect(() => analyzeShellCommand('ls', { hostShell: 'fish' as never })).toThrow(OptionsError);
    try {
      analyzeShellCommand('ls', { hostShell: 'bash' as never });
    } catch (error) {
      expect((error as OptionsError).issues).toEqual([
        { path: 'hostShell', message: 'unknown host shell "bash"; known: posix, cmd, powershell' },
      ]);
    }
    expect(() => resolveOptions({ shell: { hostShell: 'fish' as never } })).toThrow(OptionsError);
    expect(resolveOptions({}).shell.hostShell).toBe('posix');
    expect(resolveOptions({ shell: { hostShell: 'cmd' } }).shell.hostShell).toBe('cmd');
  });
});
