import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeArgv, analyzeShellCommand } from '../../src/shell/analyze.js';
import { bypassCommands, everydayCommands } from './analyze-cases.js';

describe('everyday read-only commands', () => {
  it.each(everydayCommands.map((c) => [c]))('%j is read-only', (command) => {
    const v = analyzeShellCommand(command);
    expect(v, v.reason).toMatchObject({ readOnly: true, code: 'read_only' });
  });
});

describe('known bypasses, in the forms that reach bash', () => {
  it.each(bypassCommands)('%j → %s', (command, code) => {
    const v = analyzeShellCommand(command);
    expect(v.readOnly).toBe(false);
    expect(v.code, v.reason).toBe(code);
    expect(v.reason.length).toBeGreaterThan(10);
  });
});

describe('reported argv', () => {
  it('is what bash passes, per top-level simple command', () => {
    expect(analyzeShellCommand('find . -de\\lete').commands).toEqual([
      { argv: ['find', '.', '-delete'] },
    ]);
    expect(analyzeShellCommand(`grep -n "a b"'c' x | head -2`).commands).toEqual([
      { argv: ['grep', '-n', 'a bc', 'x'] },
      { argv: ['head', '-2'] },
    ]);
    expect(analyzeShellCommand("bash -c 'ls | wc -l'").commands).toEqual([
      { argv: ['bash', '-c', 'ls | wc -l'] },
    ]);
    expect(analyzeShellCommand('time ls -l').commands).toEqual([{ argv: ['ls', '-l'] }]);
  });

  it('is reported for blocked commands too, when they parse', () => {
    const v = analyzeShellCommand('sort -o out in');
    expect(v.readOnly).toBe(false);
    expect(v.commands).toEqual([{ argv: ['sort', '-o', 'out', 'in'] }]);
    expect(analyzeShellCommand('echo $HOME').commands).toEqual([]);
  });
});

describe('limits', () => {
  it('rejects scripts over 8 KiB with their own code', () => {
    expect(analyzeShellCommand(`echo ${'a'.repeat(8 * 1024)}`).code).toBe('input_too_long');
    expect(analyzeShellCommand(`echo ${'a'.repeat(8 * 1024 - 10)}`).readOnly).toBe(true);
    expect(analyzeShellCommand('x'.repeat(1024 * 1024)).code).toBe('input_too_long');
  });

  it('rejects more than 32 simple commands, counting bash -c scripts', () => {
    expect(analyzeShellCommand(Array(32).fill('ls').join('; ')).readOnly).toBe(true);
    expect(analyzeShellCommand(Array(33).fill('ls').join('; ')).code).toBe('too_many_commands');
    const inner = `bash -c '${Array(20).fill('ls').join('; ')}'`;
    expect(analyzeShellCommand(`${inner}; ${Array(12).fill('ls').join('; ')}`).code).toBe(
      'too_many_commands',
    );
  });

  it('rejects nesting deeper than 2', () => {
    expect(analyzeShellCommand('((ls))').code).not.toBe('read_only');
    expect(analyzeShellCommand('( { ls; } )').readOnly).toBe(true);
    expect(analyzeShellCommand('( { (ls); } )').code).toBe('nesting_too_deep');
    expect(analyzeShellCommand(`bash -c "bash -c ls"`).readOnly).toBe(true);
  });

  it('rejects invisible and control characters', () => {
    for (const ch of ['\u00a0', '\u200b', '\u2028', '\u202e', '\ufeff', '\u3000'])
      expect(analyzeShellCommand(`ls${ch}-la`).code).toBe('invisible_character');
    for (const ch of ['\u0000', '\r', '\u001b', '\u007f', '\u0085'])
      expect(analyzeShellCommand(`ls${ch}-la`).code).toBe('control_character');
  });
});

describe('robustness', () => {
  const accepted = everydayCommands;
  const verdictShape = (v: ReturnType<typeof analyzeShellCommand>) => {
    expect(typeof v.readOnly).toBe('boolean');
    expect(typeof v.code).toBe('string');
    expect(v.reason.length).toBeGreaterThan(0);
    expect(v.readOnly).toBe(v.code === 'read_only');
  };

  it('never throws on random strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => {
        verdictShape(analyzeShellCommand(s));
      }),
      { numRuns: 5000 },
    );
  });

  it('never throws on strings built from shell syntax', () => {
    const token = fc.constantFrom(
      ...'ls cat grep find git sort sed awk bash -c -lc -o -exec -delete -- | || && ; ( ) { } < > >> 2>&1 & $ ` \' " \\ \n # * ? [ ] ~ = ! time xargs env timeout'.split(
        ' ',
      ),
      ' ',
      '\t',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 40 }), (parts) => {
        verdictShape(analyzeShellCommand(parts.join('')));
        verdictShape(analyzeShellCommand(parts.join(' ')));
      }),
      { numRuns: 5000 },
    );
  });

  it('never throws on mutations of accepted commands', () => {
    const mutation = fc.tuple(
      fc.constantFrom(...accepted),
      fc.nat(),
      fc.constantFrom('insert', 'delete', 'replace'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 2 }),
    );
    fc.assert(
      fc.property(mutation, ([command, at, op, text]) => {
        const i = at % (command.length + 1);
        const mutated =
          op === 'insert'
            ? command.slice(0, i) + text + command.slice(i)
            : op === 'delete'
              ? command.slice(0, i) + command.slice(i + 1)
              : command.slice(0, i) + text + command.slice(i + 1);
        verdictShape(analyzeShellCommand(mutated));
      }),
      { numRuns: 5000 },
    );
  });

  it('answers non-strings without throwing', () => {
    for (const bad of [undefined, null, 42, {}, ['ls']])
      expect(analyzeShellCommand(bad as never)).toMatchObject({ readOnly: false });
  });
});

describe('analyzeArgv', () => {
  it('judges argv words literally, without shell syntax', () => {
    expect(analyzeArgv(['ls', '-la']).readOnly).toBe(true);
    expect(analyzeArgv(['bash', '-lc', 'git status && git diff']).readOnly).toBe(true);
    expect(analyzeArgv(['bash', '-lc', 'rm -rf x']).code).toBe('mutating_program');
    expect(analyzeArgv(['grep', '-r', '$HOME; rm -rf x', '.']).readOnly).toBe(true);
    expect(analyzeArgv(['cat', '*']).readOnly).toBe(true);
    expect(analyzeArgv(['find', '.', '-delete']).code).toBe('find_primary');
    expect(analyzeArgv(['time', 'ls']).code).toBe('wrapper');
    expect(analyzeArgv(["it's"]).code).toBe('unknown_program');
    expect(analyzeArgv([]).readOnly).toBe(false);
    expect(analyzeArgv(['ls', '\u0000']).code).toBe('control_character');
  });

  it('reports the argv it was given', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ maxLength: 8 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
          { minLength: 1, maxLength: 5 },
        ),
        (argv) => {
          const v = analyzeArgv(['echo', ...argv]);
          expect(v.commands).toEqual([{ argv: ['echo', ...argv] }]);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('brace expansion advice', () => {
  it('spells out the words of a plain PRE{a,b}POST', () => {
    const v = analyzeShellCommand('grep -rn x --exclude-dir={node_modules,dist} .');
    expect(v.code).toBe('brace_expansion');
    expect(v.reason).toContain('`--exclude-dir=node_modules --exclude-dir=dist`');
    expect(
      analyzeShellCommand('grep -rn x --exclude-dir=node_modules --exclude-dir=dist .').readOnly,
    ).toBe(true);
  });

  it('gives the general advice for nested or quoted braces', () => {
    const v = analyzeShellCommand('cat {a,{b,c}}');
    expect(v.code).toBe('brace_expansion');
    expect(v.reason).toContain('write each word out, or quote');
  });
});

describe('exact verdicts at the edges', () => {
  const ls = (n: number) => Array(n).fill('ls').join('; ');

  it('a command that is not a string: syntax_error, no commands', () => {
    expect(analyzeShellCommand(42 as never)).toEqual({
      readOnly: false,
      code: 'syntax_error',
      reason: 'the command must be a string',
      commands: [],
    });
  });

  it('a host that runs cmd.exe or PowerShell: unsupported_shell, naming the shell', () => {
    const cmd = analyzeShellCommand('ls', { hostShell: 'cmd' });
    expect(cmd).toMatchObject({ readOnly: false, code: 'unsupported_shell', commands: [] });
    expect(cmd.reason).toMatch(/^the host runs commands with cmd\.exe, whose quoting/);
    const ps = analyzeShellCommand('ls', { hostShell: 'powershell' });
    expect(ps).toMatchObject({ readOnly: false, code: 'unsupported_shell', commands: [] });
    expect(ps.reason).toMatch(/^the host runs commands with PowerShell, whose quoting/);
  });

  it('argv that is not a non-empty array of strings: syntax_error, no commands', () => {
    for (const bad of [[], ['ls', 3], 'ls', [undefined]])
      expect(analyzeArgv(bad as never)).toEqual({
        readOnly: false,
        code: 'syntax_error',
        reason: 'argv must be a non-empty array of strings',
        commands: [],
      });
  });

  it('an assignment alone is a command without words: read-only, nothing reported', () => {
    expect(analyzeShellCommand('LC_ALL=C')).toEqual({
      readOnly: true,
      code: 'read_only',
      reason: 'every command is read-only',
      commands: [],
    });
    expect(analyzeShellCommand('LC_ALL=C; ls').commands).toEqual([{ argv: ['ls'] }]);
  });

  it('the command budget: its reason, and what a nested script may still hold', () => {
    // Scripts inside count with the commands around them, judged or still to come.
    expect(analyzeShellCommand(`echo "$(${ls(3)})"; ${ls(30)}`)).toMatchObject({
      code: 'too_many_commands',
      reason: 'more than 32 commands; split the work into smaller commands',
    });
    expect(analyzeShellCommand(`echo "$(${ls(1)})"; ${ls(30)}`).readOnly).toBe(true);
    // 30 commands and the wrapping one leave one for the script inside.
    expect(analyzeShellCommand(`${ls(30)}; bash -c 'ls; ls'`).reason).toBe(
      'in the bash -c script: the script has more than 1 simple commands; split it into several smaller commands',
    );
    expect(analyzeShellCommand(`${ls(30)}; echo "$(ls; ls)"`).reason).toBe(
      'in `$(ls; ls)`: the script has more than 1 simple commands; split it into several smaller commands',
    );
    expect(analyzeShellCommand(`${ls(30)}; bash -c 'ls'`).readOnly).toBe(true);
    expect(analyzeShellCommand(`${ls(30)}; echo "$(ls)"`).readOnly).toBe(true);
  });

  it('command substitutions nest two deep, and count the subshells inside them', () => {
    expect(analyzeShellCommand('echo "$(echo "$(ls)")"').readOnly).toBe(true);
    expect(analyzeShellCommand('echo "$(echo "$(echo "$(ls)")")"')).toMatchObject({
      code: 'nesting_too_deep',
      reason: 'command substitutions nest more than 2 deep; run the inner command on its own first',
    });
    expect(analyzeShellCommand('bash -c \'bash -c "echo \\"\\$(ls)\\""\'').code).toBe(
      'nesting_too_deep',
    );
    expect(analyzeShellCommand('echo "$( (ls) )"').readOnly).toBe(true);
    expect(analyzeShellCommand('echo "$( ( (ls) ) )"')).toMatchObject({
      code: 'nesting_too_deep',
      reason: 'in `$( ( (ls) ) )`: the subshell nesting is deeper than 1; flatten the command',
    });
    expect(analyzeShellCommand('echo "$(echo "$( (ls) )")"').reason).toBe(
      'in `$( (ls) )`: the subshell nesting is deeper than 0; flatten the command',
    );
    expect(analyzeShellCommand('echo "$(ls |)"')).toMatchObject({
      code: 'syntax_error',
      reason:
        'in `$(ls |)`: the command ends where bash expects more; complete or remove the last part',
    });
  });

  it('every script of a command is judged, not only the first', () => {
    expect(analyzeShellCommand('diff <(sort a) <(rm -rf x)').code).toBe('mutating_program');
  });

  it('bash -c scripts nest two deep, and count the subshells inside them', () => {
    expect(analyzeShellCommand('bash -c "bash -c \'bash -c ls\'"')).toMatchObject({
      code: 'nesting_too_deep',
      reason:
        'shell scripts nest more than 2 deep; run the inner command directly instead of through another shell',
    });
    expect(analyzeShellCommand("bash -c '(ls)'").readOnly).toBe(true);
    expect(analyzeShellCommand("bash -c '( (ls) )'").reason).toBe(
      'in the bash -c script: the subshell nesting is deeper than 1; flatten the command',
    );
    expect(analyzeShellCommand('bash -c "ls |"')).toMatchObject({
      code: 'syntax_error',
      reason:
        'in the bash -c script: the command ends where bash expects more; complete or remove the last part',
    });
  });

  it('wrappers chain four deep', () => {
    expect(analyzeShellCommand('nice nice nice nice ls').readOnly).toBe(true);
    expect(analyzeShellCommand('timeout 1 nice timeout 1 nice ls').readOnly).toBe(true);
    for (const command of [
      'nice nice nice nice nice ls',
      'timeout 1 nice timeout 1 nice timeout 1 ls',
    ])
      expect(analyzeShellCommand(command)).toMatchObject({
        code: 'nesting_too_deep',
        reason: 'more than 4 nested wrapper commands; run the innermost command directly',
      });
  });

  it('a network program the network-read class would allow names the class; others do not', () => {
    const hint =
      " (a host whose plan mode may read the network can allow it with shell.policyClasses: ['network-read'])";
    const view = analyzeShellCommand('gh pr view 1');
    expect(view.code).toBe('network_program');
    expect(view.reason.endsWith(`and plan the call${hint}`)).toBe(true);
    expect(analyzeShellCommand('gh pr view 1', { policyClasses: ['network-read'] }).readOnly).toBe(
      true,
    );
    const create = analyzeShellCommand('gh pr create');
    expect(create.code).toBe('network_program');
    expect(create.reason.endsWith('and plan the call')).toBe(true);
    expect(analyzeShellCommand('curl https://x').reason.endsWith('and plan the call')).toBe(true);
  });
});
