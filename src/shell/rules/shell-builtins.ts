import { ShellCodes } from '../codes.js';
import type { ProgramRule, ProgramSpec, ProgramTable, RuleResult } from '../spec.js';
import type { ShellWord } from '../types.js';
import { isPlainNumber, printfSlots } from './numeric-words.js';
import { options } from './options.js';
import { blocked, ok } from './results.js';

// bash builtins that only print, test or move around: echo printf true false test [ cd type.
// Quoting a builtin's name does not bypass it, so these rules describe bash's builtins. Builtins
// read options with bash's own getopt: bundles, no long options, no permutation, `--` ends them.

/**
 * Builds the shell builtins' table.
 * Called once, on the first lookup of one of its programs, so loading the module builds nothing.
 */
export function buildShellBuiltinPrograms(): ProgramTable {
  // echo takes -n -e -E in any bundle and prints every other word literally; it cannot write or
  // run anything, whatever its words are.
  const echo: ProgramRule = { kind: 'custom', globs: 'anywhere', judge: () => ok };

  // true and false ignore their words.
  const constant: ProgramRule = { kind: 'custom', globs: 'anywhere', judge: () => ok };

  const printf: ProgramSpec = {
    options: options({
      '-v': {
        value: 'required',
        hazard: 'writes',
        reason: 'assigns the output to a shell variable; drop -v and print to stdout',
      },
      '--help': 'flag',
    }),
    permute: false,
    abbreviations: false,
    globs: 'after-end-of-options',
    check: (parsed) => judgePrintfArguments(parsed.operands),
  };

  /**
   * zsh reads the argument of a numeric conversion (and of a `*` width) as arithmetic, which
   * expands array subscripts: `printf %d 'path[$(touch x)]'` runs touch. Each such argument must
   * be a plain number; the format is reused while arguments remain, as every shell does.
   */
  function judgePrintfArguments(operands: readonly ShellWord[]): RuleResult {
    const [format, ...values] = operands;
    if (format === undefined || values.length === 0) return ok;
    const slots = format.glob ? undefined : printfSlots(format.value);
    if (slots === undefined)
      return blocked(
        ShellCodes.badOperand,
        `the printf format \`${format.raw}\` uses positional arguments or a conversion the analyzer does not know; use %s, %d and the like, one argument each`,
      );
    if (slots.length === 0) return ok;
    for (const [index, value] of values.entries()) {
      if (!slots[index % slots.length]) continue;
      if (value.glob || !isPlainNumber(value.value))
        return blocked(
          ShellCodes.badOperand,
          `\`${value.raw}\` is read as arithmetic by zsh's printf (a numeric conversion or a * width), which can run commands; pass a plain number, or print it with %s`,
        );
    }
    return ok;
  }

  // `cd -` goes back to $OLDPWD; more than one operand is an error in bash.
  const cd: ProgramSpec = {
    options: options({ '-L': 'flag', '-P': 'flag', '-e': 'flag', '-@': 'flag', '--help': 'flag' }),
    permute: false,
    abbreviations: false,
    globs: 'anywhere',
    operands: { max: 1 },
  };

  // type only reports what a name is (alias, function, builtin, file).
  const type: ProgramSpec = {
    options: options({
      '-a': 'flag',
      '-f': 'flag',
      '-p': 'flag',
      '-P': 'flag',
      '-t': 'flag',
      '--help': 'flag',
    }),
    permute: false,
    abbreviations: false,
    globs: 'anywhere',
  };

  /**
   * bash's test evaluates `-v NAME` (and `-R NAME`) by looking the name up, which runs the
   * arithmetic in an array subscript: `test -v 'x[$(touch f)]'` runs touch. Block them anywhere.
   * zsh evaluates the operand of `-t` as arithmetic: it must be a plain number. (zsh's `-eq` and
   * the other integer comparisons of test take base-10 integers only, as bash's do.)
   */
  function judgeTest(program: string, args: readonly ShellWord[]): RuleResult {
    for (const [index, word] of args.entries()) {
      if (word.glob) {
        return blocked(
          ShellCodes.unsafeGlob,
          `a file name from \`${word.raw}\` could become an operator of \`${program}\`; quote the glob`,
        );
      }
      if (word.value === '-t') {
        const fd = args[index + 1];
        if (fd !== undefined && (fd.glob || !/^[0-9]{1,9}$/.test(fd.value)))
          return blocked(
            ShellCodes.badOperand,
            `zsh reads the operand of \`${program} -t\` as arithmetic, which can run commands; give a file descriptor number (\`${program} -t 1\`)`,
          );
      }
      if (word.value === '-v' || word.value === '-R') {
        return blocked(
          ShellCodes.optionExecutes,
          `\`${program} ${word.value}\` evaluates array subscripts, which can run commands; compare values instead (e.g. \`test -n "…"\`)`,
        );
      }
    }
    return ok;
  }

  const test: ProgramRule = {
    kind: 'custom',
    globs: 'never',
    judge: (args) => judgeTest('test', args),
  };

  const bracket: ProgramRule = {
    kind: 'custom',
    globs: 'never',
    judge: (args) => {
      if (args[args.length - 1]?.value !== ']') {
        return blocked(ShellCodes.badOperand, '`[` needs a closing `]` as its last word');
      }
      return judgeTest('[', args.slice(0, -1));
    },
  };

  // echo printf true false test [ cd type: bash builtins that print, test or change directory.
  // Quoting their names does not bypass them, so these rules describe bash's builtins.
  return {
    echo,
    printf: { kind: 'spec', spec: printf },
    true: constant,
    false: constant,
    test,
    '[': bracket,
    cd: { kind: 'spec', spec: cd },
    type: { kind: 'spec', spec: type },
  };
}
