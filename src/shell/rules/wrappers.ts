import { judgeAssignments } from '../assignments.js';
import { ShellCodes } from '../codes.js';
import type { ParsedArgs, ProgramRule, ProgramSpec, ProgramTable, RuleResult } from '../spec.js';
import type { ShellWord } from '../types.js';
import { gnuStandard, options } from './options.js';
import { blocked, ok } from './results.js';
import { buildShellRules } from './shells.js';

// Transparent wrappers: they run another command, which the analyzer then judges as if it stood
// alone (`{ kind: 'run', argv }`). All of them stop reading their own options at the first
// operand, so the wrapped command's options are never mistaken for the wrapper's.

/** The wrapped command, unless its name is a glob (which could expand to any program). */
function run(wrapper: string, argv: readonly ShellWord[], appendsUntrusted = false): RuleResult {
  const program = argv[0];
  if (program === undefined) return ok;
  if (program.glob) {
    return blocked(
      ShellCodes.unsafeGlob,
      `\`${wrapper} ${program.raw}\` would run whatever program the glob expands to; name the program`,
    );
  }
  return appendsUntrusted
    ? { kind: 'run', argv: [...argv], appendsUntrusted }
    : { kind: 'run', argv: [...argv] };
}

/**
 * Builds the wrappers' table (timeout nice command xargs env time and the shells).
 * Called once, on the first lookup of one of its programs, so loading the module builds nothing.
 */
export function buildWrapperPrograms(): ProgramTable {
  const timeout: ProgramSpec = {
    options: options({
      '--preserve-status': 'flag',
      '--foreground': 'flag',
      '-k --kill-after': 'required',
      '-s --signal': 'required',
      '-v --verbose': 'flag',
      ...gnuStandard,
    }),
    permute: false,
    globs: 'after-end-of-options',
    // DURATION, then the command; without a command timeout only reports a usage error.
    check: (parsed) => run('timeout', parsed.operands.slice(1)),
  };

  // GNU nice: `-n N`, `--adjustment=N` or the old `-N`; bare `nice` prints the niceness.
  const nice: ProgramSpec = {
    options: options({ '-n --adjustment': 'required', ...gnuStandard }),
    numericOption: true,
    permute: false,
    globs: 'after-end-of-options',
    check: (parsed) => run('nice', parsed.operands),
  };

  /** `command -v NAME` and `command -V NAME` only describe NAME; `command CMD …` runs CMD. */
  function checkCommand(parsed: ParsedArgs): RuleResult {
    if (parsed.options.some((option) => option.name === '-v' || option.name === '-V')) return ok;
    return run('command', parsed.operands);
  }

  const command: ProgramSpec = {
    options: options({
      '-v': 'flag',
      '-V': 'flag',
      '-p': {
        hazard: 'unsupported',
        reason: 'runs the command with a default PATH instead of the trusted one; drop -p',
      },
      '--help': 'flag',
    }),
    permute: false,
    abbreviations: false,
    globs: 'after-end-of-options',
    check: checkCommand,
  };

  // GNU xargs. Names read from stdin (or from `-a FILE`) are appended to the target's words; the
  // analyzer must make sure they cannot become options of the target.
  const xargs: ProgramSpec = {
    options: options({
      '-0 --null': 'flag',
      // Arguments come from FILE instead of stdin: the same untrusted names, from another place.
      '-a --arg-file': 'required',
      '-d --delimiter': 'required',
      '-E': 'required',
      '-e --eof': 'optional',
      // -I R / -i[R]: each input line replaces R in the arguments (judged in checkXargs).
      '-I': 'required',
      '-i --replace': 'optional',
      '-L': 'required',
      // --help pairs --max-lines with -L, but xargs maps it to -l (optional value).
      '-l --max-lines': 'optional',
      '-n --max-args': 'required',
      '-o --open-tty': {
        hazard: 'interactive',
        reason: 'gives the command the terminal for input; drop it',
      },
      '-P --max-procs': 'required',
      '-p --interactive': {
        hazard: 'interactive',
        reason: 'prompts on the terminal before each command; drop it',
      },
      '--process-slot-var': {
        value: 'required',
        hazard: 'unsupported',
        reason: 'sets an environment variable in every command it runs; drop it',
      },
      '-r --no-run-if-empty': 'flag',
      '-s --max-chars': 'required',
      '--show-limits': 'flag',
      '-t --verbose': 'flag',
      '-x --exit': 'flag',
      ...gnuStandard,
    }),
    permute: false,
    globs: 'after-end-of-options',
    check: checkXargs,
  };

  /** Stands for one input line that `xargs -I` puts into an argument: any string. */
  const replaced: ShellWord = {
    value: 'LINE-FROM-STDIN',
    raw: '<line from stdin>',
    glob: true,
    quoted: false,
    tilde: false,
  };

  /**
   * Without -I the names read from stdin are appended (and must not become options of the
   * target). With `-I R` every argument containing R becomes a line from stdin: allowed only in
   * argument positions, judged as a word that could be anything. Without a target xargs runs echo.
   */
  function checkXargs(parsed: ParsedArgs): RuleResult {
    const replace = [...parsed.options].reverse().find((o) => o.name === '-I' || o.name === '-i');
    if (replace === undefined) return run('xargs', parsed.operands, true);
    const marker =
      replace.name === '-I' ? (replace.value?.value ?? '') : (replace.value?.value ?? '{}');
    const [program, ...args] = parsed.operands;
    if (marker === '' || program === undefined) {
      return blocked(
        ShellCodes.badValue,
        '`xargs -I` needs a marker and a command: `xargs -I{} PROGRAM … {}`',
      );
    }
    if (program.value.includes(marker)) {
      return blocked(
        ShellCodes.optionExecutes,
        `\`xargs -I${marker}\` would put input lines into the program name; name the program and use ${marker} only in its arguments`,
      );
    }
    return run('xargs', [
      program,
      ...args.map((word) => (word.value.includes(marker) ? replaced : word)),
    ]);
  }

  /**
   * env prints the (adjusted) environment, or runs a command with `NAME=VALUE` set, which is
   * judged like a command with those prefixes. Clearing or unsetting variables before a command
   * (-i, -, -u) is refused: it would drop what the host's environment hardening set for it.
   */
  function checkEnv(parsed: ParsedArgs): RuleResult {
    const operands = parsed.operands;
    let i = operands[0]?.value === '-' ? 1 : 0;
    const assignments: { name: string; value: ShellWord }[] = [];
    for (; i < operands.length; i++) {
      const word = operands[i] as ShellWord;
      if (word.glob) {
        return blocked(
          ShellCodes.unsafeGlob,
          `\`env ${word.raw}\` is an unquoted glob that could expand to a NAME=VALUE setting; quote it`,
        );
      }
      const equals = word.value.indexOf('=');
      if (equals < 1) break;
      const value = word.value.slice(equals + 1);
      assignments.push({
        name: word.value.slice(0, equals),
        value: { value, raw: value, glob: false, quoted: word.quoted, tilde: false },
      });
    }
    const argv = operands.slice(i);
    if (argv.length === 0) return ok;
    const clears = parsed.options.find((option) => option.name !== '-v');
    if (clears !== undefined || i > assignments.length) {
      return blocked(
        ShellCodes.privilegeWrapper,
        `\`env ${clears?.word.value ?? '-'} PROGRAM\` runs the program with variables cleared or unset, past the host's environment; run \`PROGRAM\` directly (or \`env NAME=VALUE PROGRAM\`)`,
      );
    }
    const block = judgeAssignments(assignments);
    if (block !== undefined) return blocked(block.code, block.reason);
    return run('env', argv);
  }

  // GNU env (BSD env has the same -i -u -S -C and no others that matter here). It stops reading
  // options at the first operand (its optstring starts with '+').
  const env: ProgramSpec = {
    options: options({
      '-i --ignore-environment': 'flag',
      '-0 --null': 'flag',
      '-u --unset': 'required',
      '-C --chdir': {
        value: 'required',
        hazard: 'unsupported',
        reason:
          'runs the program in another directory, which could hold a planted repository; drop it',
      },
      '-S --split-string': {
        value: 'required',
        hazard: 'executes',
        reason: 'splits its value into a command line and runs it; write the command out',
      },
      '-P': {
        value: 'required',
        hazard: 'unsupported',
        reason: 'searches another PATH for the program; drop it',
      },
      '-v --debug': 'flag',
      '--block-signal': 'optional',
      '--default-signal': 'optional',
      '--ignore-signal': 'optional',
      '--list-signal-handling': 'flag',
      ...gnuStandard,
    }),
    permute: false,
    globs: 'after-end-of-options',
    check: checkEnv,
  };

  // `time` unquoted is bash's keyword (the parser handles it). Quoted or escaped it is
  // /usr/bin/time, whose -o/--output writes a file.
  const time: ProgramRule = {
    kind: 'custom',
    globs: 'never',
    judge: () =>
      blocked(
        ShellCodes.wrapper,
        'a quoted or escaped `time` runs /usr/bin/time, whose -o writes a file; write the time keyword unquoted',
      ),
  };

  // timeout nice command xargs env time, and the shells bash sh dash zsh (`-c SCRIPT`).
  // Each returns the command it would run, for the analyzer to judge in turn.
  return {
    timeout: { kind: 'spec', spec: timeout },
    nice: { kind: 'spec', spec: nice },
    command: { kind: 'spec', spec: command },
    xargs: { kind: 'spec', spec: xargs },
    env: { kind: 'spec', spec: env },
    time,
    ...buildShellRules(),
  };
}
