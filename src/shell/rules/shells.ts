import { ShellCodes } from '../codes.js';
import type { ProgramRule, ProgramTable, RuleResult } from '../spec.js';
import type { ShellWord } from '../types.js';
import { blocked } from './results.js';

// `bash -c SCRIPT` (and sh, dash, zsh): the script is parsed and judged one level deeper.
// Accepted shapes: options, then exactly one script word, then nothing. Words after the script
// would become $0, $1 … inside it, which the analyzer cannot follow. A script file, stdin (-s)
// and interactive shells (-i) block.
//
// Harmless options: -l (login: reads the user's own profile, trusted like PATH), -e -u -x -v
// (stop on errors or unset names, trace to stderr), -o with one of the same settings or
// pipefail (only change exit status or tracing), and bash's --norc --noprofile --login, which
// bash accepts only before the short options.

/**
 * Builds the shells' table (bash sh dash zsh).
 * Called once, on the first lookup of one of its programs, so loading the module builds nothing.
 */
export function buildShellRules(): ProgramTable {
  const flagLetters = new Set(['c', 'l', 'e', 'u', 'x', 'v']);
  const setOptions = new Set(['pipefail', 'errexit', 'nounset', 'xtrace', 'verbose']);
  const bashLongOptions = new Set(['--norc', '--noprofile', '--login']);

  function judgeShell(shell: string, args: readonly ShellWord[]): RuleResult {
    let i = 0;
    if (shell === 'bash') while (i < args.length && bashLongOptions.has(args[i]?.value ?? '')) i++;
    let sawCommandFlag = false;
    for (; i < args.length; i++) {
      const word = args[i] as ShellWord;
      const text = word.value;
      if (word.glob) return globBlock(shell, word);
      // `-` and `--` both end a shell's options.
      if (text === '-' || text === '--') {
        i++;
        break;
      }
      if (!text.startsWith('-')) break;
      if (text.startsWith('--')) return unknownOption(shell, text);
      for (const letter of text.slice(1)) {
        if (flagLetters.has(letter)) {
          if (letter === 'c') sawCommandFlag = true;
          continue;
        }
        if (letter === 'o') {
          // -o takes the next word, wherever it stands in the bundle.
          i++;
          const setting = args[i];
          if (setting === undefined || !setOptions.has(setting.value)) {
            return blocked(
              ShellCodes.optionUnsupported,
              `\`${shell} -o ${setting?.value ?? ''}\` may change how the script is read; use only pipefail, errexit, nounset, xtrace or verbose`,
            );
          }
          continue;
        }
        if (letter === 'i') {
          return blocked(
            ShellCodes.optionInteractive,
            `\`${shell} -i\` starts an interactive shell; pass the commands with \`${shell} -c 'COMMANDS'\``,
          );
        }
        if (letter === 's') {
          return blocked(
            ShellCodes.wrapper,
            `\`${shell} -s\` reads the commands from stdin; pass them inline with \`${shell} -c 'COMMANDS'\``,
          );
        }
        return unknownOption(shell, `-${letter}`);
      }
    }
    if (!sawCommandFlag) {
      return blocked(
        ShellCodes.wrapper,
        `\`${shell}\` without -c runs a script file or reads commands from stdin; pass the commands inline with \`${shell} -c 'COMMANDS'\``,
      );
    }
    const rest = args.slice(i);
    const script = rest[0];
    if (script === undefined) {
      return blocked(ShellCodes.missingValue, `\`${shell} -c\` needs the commands as one word`);
    }
    if (rest.length > 1) {
      return blocked(
        ShellCodes.wrapper,
        `\`${shell} -c SCRIPT\` takes exactly one word; the words after it become $0, $1 … inside the script, so drop them`,
      );
    }
    if (script.glob) return globBlock(shell, script);
    return { kind: 'script', script: script.value };
  }

  function unknownOption(shell: string, spelled: string): RuleResult {
    return blocked(
      ShellCodes.unknownOption,
      `\`${shell} ${spelled}\` is not a shell option known to be harmless; use \`${shell} -c 'COMMANDS'\``,
    );
  }

  function globBlock(shell: string, word: ShellWord): RuleResult {
    return blocked(
      ShellCodes.unsafeGlob,
      `\`${word.raw}\` is an unquoted glob in a \`${shell}\` command line; quote the script`,
    );
  }

  function shellRule(shell: string): ProgramRule {
    return { kind: 'custom', globs: 'never', judge: (args) => judgeShell(shell, args) };
  }

  // bash, sh, dash and zsh with `-c SCRIPT`: the script is judged one level deeper.
  // Script files, stdin, interactive shells and words after the script block.
  return {
    bash: shellRule('bash'),
    sh: shellRule('sh'),
    dash: shellRule('dash'),
    zsh: shellRule('zsh'),
  };
}
