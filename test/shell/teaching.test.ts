import { describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../src/shell/analyze.js';
import {
  codesWithoutReadOnlyAlternative,
  type ShellCode,
  ShellCodes,
} from '../../src/shell/codes.js';
import type { ShellPolicy } from '../../src/shell/policy.js';

// "Every block teaches": for each block code the analyzer can emit, one representative blocked
// command, and the concrete read-only alternative its reason must name. Codes in the documented
// list without an alternative must still explain themselves. The Record type makes a new code
// in ShellCodes fail to compile here until someone writes its row.
type BlockCode = Exclude<ShellCode, 'read_only'>;
interface Row {
  command: string;
  /** The alternative the reason must name; undefined only for the documented exceptions. */
  names?: string;
  policy?: ShellPolicy;
}

const rows: Record<BlockCode, Row> = {
  empty_command: { command: '', names: 'send the command to run' },
  input_too_long: { command: `ls ${'x'.repeat(9000)}`, names: 'split it into smaller commands' },
  control_character: { command: 'ls \u0001', names: 'remove it' },
  invisible_character: { command: 'ls\u200bsrc', names: 'retype it as a plain space' },
  too_many_commands: { command: Array(33).fill('ls').join(';'), names: 'split it' },
  nesting_too_deep: {
    command: `bash -c "bash -c 'bash -c ls'"`,
    names: 'run the inner command directly',
  },
  syntax_error: { command: "ls 'src", names: "close it with '" },
  expansion: { command: 'ls ${HOME}', names: 'printenv HOME' },
  command_substitution: { command: 'ls $(pwd)', names: 'run that command on its own first' },
  process_substitution: { command: 'cat >(ls)', names: 'run that command separately' },
  arithmetic: { command: 'echo $((1+1))', names: 'write it literally' },
  background: { command: 'ls &', names: 'run it in the foreground' },
  control_flow: { command: 'if true; then ls; fi', names: 'run the commands one by one' },
  function_definition: { command: 'f() { ls; }', names: 'run the commands directly' },
  test_keyword: { command: '[[ -f x ]]', names: 'use `test` or `[ … ]`' },
  brace_expansion: { command: 'ls {a,b}', names: 'write each word out (`a b`)' },
  tilde_expansion: { command: 'ls ~root', names: 'write the path out' },
  zsh_syntax: { command: 'echo =ls', names: "quote it ('=ls')" },
  comment: { command: 'ls # note', names: 'remove it' },
  unquoted_heredoc: { command: 'cat <<EOF\nx\nEOF', names: "quote the delimiter (<<'EOF')" },
  assignment: { command: 'FOO=1 ls', names: 'only LC_* and LANG' },
  unsafe_locale: { command: 'LC_ALL=zh_CN.GBK ls', names: 'use LC_ALL=C' },
  redirect_write: { command: 'ls > out.txt', names: 'read the output on stdout' },
  redirect_unsupported: { command: 'ls 3>&1', names: 'drop the redirect' },
  redirect_network: { command: 'cat < /dev/tcp/example.com/80' },
  unknown_program: { command: 'frobnicate', names: 'cat, grep, rg, ls, find, git log' },
  path_program: { command: './run.sh', names: '`cat ./run.sh`' },
  mutating_program: { command: 'rm notes.txt', names: 'ls -l, stat, cat, ps' },
  interpreter: { command: 'python3 x.py', names: 'cat, grep, rg, jq' },
  build_tool: { command: 'npm test', names: 'cat package.json' },
  network_program: { command: 'curl https://example.com', names: 'git log, git show' },
  interactive_program: { command: 'vim notes.txt', names: 'cat, head, sed -n or grep' },
  privilege_wrapper: { command: 'sudo ls', names: 'run the command itself' },
  shell_builtin: { command: 'export X=1', names: 'printenv or env' },
  removed_by_policy: { command: 'ls', policy: { removePrograms: ['ls'] } },
  unknown_option: { command: 'ls --frobnicate', names: 'drop it or use another option' },
  ambiguous_option: { command: 'ls --al', names: '(--all, --almost-all)' },
  missing_option_value: { command: 'head -n', names: '`head -n VALUE`' },
  bad_option_value: { command: 'sed -l x p f', names: 'give -l a number (-l 80)' },
  option_writes: { command: 'sort -o out.txt notes.txt', names: 'read the output on stdout' },
  option_executes: { command: 'rg --pre sh foo', names: 'search the files directly' },
  option_network: { command: 'hostname -f', names: '`uname -n`' },
  option_interactive: { command: 'zipinfo -M a.zip', names: 'unzip -l' },
  option_unsupported: { command: 'awk -W exec x', names: 'use -W version' },
  operand_writes: { command: 'uniq notes.txt out.txt', names: 'read the result on stdout' },
  bad_operand: { command: 'awk 1 /inet/tcp/0/example.com/80', names: 'pass local files only' },
  unsafe_glob: { command: 'sort *.txt', names: '`./*.txt`' },
  find_primary: { command: 'find . -delete', names: 'list them with -print' },
  sed_script: { command: "sed 's/a/b/w out' f", names: 'use the `p` flag' },
  awk_program: { command: `awk '{print > "out"}' f`, names: 'print to stdout' },
  git_global_option: { command: 'git -C /tmp log', names: 'run git' },
  git_subcommand: { command: 'git push', names: 'read-only: status log show' },
  git_after_cd: { command: 'cd src && git log', names: 'run git from the starting directory' },
  git_environment: { command: 'GIT_DIR=/tmp/x git log', names: 'drop the variable' },
  xargs_target: { command: 'ls | xargs sort', names: "end sort's arguments with --" },
  wrapper: { command: "bash -c 'ls' extra", names: 'drop them' },
  unsupported_shell: { command: 'ls', policy: { hostShell: 'powershell' } },
};

describe('every block code teaches', () => {
  it('has a row for every block code in ShellCodes', () => {
    const codes = Object.values(ShellCodes).filter((c) => c !== ShellCodes.readOnly);
    expect(Object.keys(rows).sort()).toEqual([...codes].sort());
  });

  for (const [code, row] of Object.entries(rows) as [BlockCode, Row][]) {
    it(`${code}: the reason names the read-only way (or why there is none)`, () => {
      const verdict = analyzeShellCommand(row.command, row.policy);
      expect(verdict.readOnly).toBe(false);
      expect(verdict.code).toBe(code);
      expect(verdict.reason.trim().length).toBeGreaterThan(20);
      if (row.names === undefined) {
        expect(Object.hasOwn(codesWithoutReadOnlyAlternative, code)).toBe(true);
        expect(codesWithoutReadOnlyAlternative[code]?.length).toBeGreaterThan(20);
      } else {
        expect(verdict.reason).toContain(row.names);
        expect(Object.hasOwn(codesWithoutReadOnlyAlternative, code)).toBe(false);
      }
    });
  }
});

describe('advice that quotes a command is itself read-only', () => {
  const followed: [string, string][] = [
    ['sort *.txt', 'sort ./*.txt'],
    ['sort *.txt', 'sort -- *.txt'],
    ['ls | xargs -I{} sed -n 1p {}', 'ls | xargs -I{} sed -n 1p -- {}'],
    ['ls | xargs sort', 'ls | xargs sort --'],
    ['head -n', 'head -n 5'],
    ['ls ${HOME}', 'printenv HOME'],
    ['./run.sh', 'cat ./run.sh'],
    ['hostname -f', 'uname -n'],
    ['vim notes.txt', 'cat notes.txt'],
    ['top', 'ps aux --sort=-%cpu'],
    ['top -bn1', 'uptime'],
    ['top -bn1', 'free -h'],
  ];
  for (const [blocked, advice] of followed) {
    it(`${blocked} → ${advice}`, () => {
      expect(analyzeShellCommand(blocked).readOnly).toBe(false);
      expect(analyzeShellCommand(advice)).toMatchObject({ readOnly: true, code: 'read_only' });
    });
  }

  it('xargs -I{} wc -l {} is read-only, and -I advice never asks for xargs -0', () => {
    expect(analyzeShellCommand('ls | xargs -I{} wc -l {}').code).toBe('read_only');
    const reason = analyzeShellCommand('ls | xargs -I{} sed -n 1p {}').reason;
    expect(reason).toBe(
      'a line xargs reads from stdin could become an option of `sed`; put -- before it (`xargs -I{} sed … -- {}`)',
    );
    expect(reason).not.toContain('-0');
  });
});
