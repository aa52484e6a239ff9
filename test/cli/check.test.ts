import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ansi, argvLines, runCli } from './run-cli.js';

describe.concurrent('planfirst check', () => {
  it.each([
    ['git log --oneline | head -5', 0, 'read_only'],
    [`grep -rn 'slugify(' src test`, 0, 'read_only'],
    [`sed -i 's/a/b/' notes.txt`, 1, 'option_writes'],
    ['rm -rf build', 1, 'mutating_program'],
    ['sort --outp=x notes.txt', 1, 'option_writes'],
    ['echo $HOME', 1, 'expansion'],
    ['', 1, 'empty_command'],
  ])('judges %j: exit %i, code %s', async (command, status, code) => {
    const run = await runCli(['check', command]);
    expect(run.status).toBe(status);
    expect(run.stdout).toContain(`verdict: ${status === 0 ? 'read-only' : 'not read-only'}\n`);
    expect(run.stdout).toContain(`code:    ${code}\n`);
    expect(run.stdout).toMatch(/^reason: {2}\S/m);
    expect(run.stderr).toBe('');
  });

  it('prints the argv of each simple command with quotes and escapes decoded', async () => {
    const run = await runCli(['check', `grep -rn "foo bar" 'it'\\''s' a\\ b | head -n 5`]);
    expect(run.status).toBe(0);
    expect(argvLines(run.stdout)).toEqual([
      '["grep", "-rn", "foo bar", "it\'s", "a b"]',
      '["head", "-n", "5"]',
    ]);
  });

  it('shows backslashes that quoting keeps, JSON-escaped so nothing is ambiguous', async () => {
    const run = await runCli(['check', `printf '%s\\n' "say \\"hi\\""`]);
    expect(run.status).toBe(0);
    expect(argvLines(run.stdout)).toEqual(['["printf", "%s\\\\n", "say \\"hi\\""]']);
  });

  it('prints (none) when the command is refused before its words are read', async () => {
    const run = await runCli(['check', 'cat $(ls)']);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('argv:    (none)\n');
  });

  it('--json prints exactly the fields of ShellVerdict', async () => {
    const run = await runCli(['check', '--json', 'git status && rm -f x']);
    expect(run.status).toBe(1);
    const verdict = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(verdict)).toEqual(['readOnly', 'code', 'reason', 'commands']);
    expect(verdict).toMatchObject({
      readOnly: false,
      code: 'mutating_program',
      commands: [{ argv: ['git', 'status'] }, { argv: ['rm', '-f', 'x'] }],
    });
    expect(typeof verdict.reason).toBe('string');
  });

  it('--json exits 0 for a read-only command, and options may follow the command', async () => {
    const run = await runCli(['check', 'wc -l README.md', '--json']);
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n')).toHaveLength(2); // one line of JSON, then the newline
    expect(JSON.parse(run.stdout)).toEqual({
      readOnly: true,
      code: 'read_only',
      reason: 'every command is read-only',
      commands: [{ argv: ['wc', '-l', 'README.md'] }],
    });
  });

  it('-- ends the options, so a command starting with - can be checked', async () => {
    const run = await runCli(['check', '--', '--json']);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('argv:    ["--json"]');
  });

  it('colours only when asked: plain into a pipe, ANSI with FORCE_COLOR, plain again with --no-color', async () => {
    expect((await runCli(['check', 'ls'])).stdout).not.toMatch(ansi);
    expect((await runCli(['check', 'ls'], { FORCE_COLOR: '1' })).stdout).toMatch(ansi);
    expect((await runCli(['check', '--no-color', 'ls'], { FORCE_COLOR: '1' })).stdout).not.toMatch(
      ansi,
    );
    expect((await runCli(['check', '--json', 'ls'], { FORCE_COLOR: '1' })).stdout).not.toMatch(
      ansi,
    );
  });
});

describe.concurrent('check --stdin', () => {
  it('judges each non-blank line as one command and prints one JSON line per command', async () => {
    const run = await runCli(
      ['check', '--stdin'],
      {},
      'git status\n\nrm -rf build\necho "a b" | wc -w\n',
    );
    expect(run.status).toBe(1);
    const lines = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => [l.line, l.command, l.readOnly, l.code])).toEqual([
      [1, 'git status', true, 'read_only'],
      [3, 'rm -rf build', false, lines[1]?.code],
      [4, 'echo "a b" | wc -w', true, 'read_only'],
    ]);
    expect(lines[1]?.code).not.toBe('read_only');
    expect(lines[2]?.commands).toEqual([{ argv: ['echo', 'a b'] }, { argv: ['wc', '-w'] }]);
  });

  it('exits 0 when every command is read-only, and on empty input', async () => {
    expect((await runCli(['check', '--stdin'], {}, 'ls\ncat README.md')).status).toBe(0);
    const empty = await runCli(['check', '--stdin'], {}, '');
    expect(empty).toEqual({ status: 0, stdout: '', stderr: '' });
  });
});

describe.concurrent('blocked build tools', () => {
  it('suggest reading the build file instead, in words and in JSON', async () => {
    const run = await runCli(['check', 'make install']);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('code:    build_tool\n');
    expect(run.stdout).toContain(
      'try:     cat Makefile (read-only: shows what the tool would run)\n',
    );
    const json = await runCli(['check', '--json', 'npm run build']);
    expect(JSON.parse(json.stdout).suggestion).toBe('cat package.json');
  });

  it('suggest nothing for other verdicts', async () => {
    const run = await runCli(['check', '--json', 'rm x']);
    expect(Object.keys(JSON.parse(run.stdout))).toEqual(['readOnly', 'code', 'reason', 'commands']);
  });
});

describe.concurrent('usage errors exit 2 with the reason on stderr', () => {
  it.each([
    [[], 'missing a command'],
    [['check'], 'check needs the shell command'],
    [['check', 'git', 'log'], 'check takes one argument, got 2'],
    [['check', '--bogus', 'ls'], 'unknown option --bogus for check'],
    [['check', '-n', 'ls'], 'unknown option -n for check'],
    [['frob'], 'unknown command "frob"'],
    [['chekc', 'ls'], `unknown command "chekc" — did you mean 'check'?`],
    [['--frob'], 'unknown option --frob'],
    [['demo', 'now'], 'demo takes no arguments'],
    [['demo', '--json'], 'unknown option --json for demo'],
    [['--version', 'x'], 'unexpected argument after --version'],
    [['help', 'frob'], 'no help for "frob"'],
  ])('planfirst %j', async (args, message) => {
    const run = await runCli(args);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`planfirst: ${message}`);
    expect(run.stderr).toContain('Usage: planfirst');
  });
});

describe.concurrent('help and version', () => {
  it.each([[['--help']], [['-h']], [['help']]])('planfirst %j prints the usage', async (args) => {
    const run = await runCli(args);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage: planfirst <command>/);
    expect(run.stdout).toContain('check <command>');
    expect(run.stdout).toContain('demo');
    expect(run.stdout).toContain('hook <host>');
    expect(run.stdout).toContain('hook install');
  });

  it.each([[['check', '--help']], [['help', 'check']]])(
    'planfirst %j explains check',
    async (args) => {
      const run = await runCli(args);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^Usage: planfirst check/);
      expect(run.stdout).toContain('--json');
    },
  );

  it('planfirst --version prints the version from package.json', async () => {
    const { version } = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    for (const flag of ['--version', '-v']) {
      const run = await runCli([flag]);
      expect(run.status).toBe(0);
      expect(run.stdout).toBe(`${version}\n`);
    }
  });
});
