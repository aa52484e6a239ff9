import { ShellCodes } from '../codes.js';
import { hasOwn } from '../has-own.js';
import type { ProgramRule, RuleResult } from '../spec.js';
import type { ShellWord } from '../types.js';
import { blocked, ok } from './results.js';

// tree (Steve Baker's, 1.8–2.x) parses its own arguments, unlike getopt: a value letter in a
// cluster takes the *next word* and the cluster goes on (`-LP 2 '*.c'`), `-L` also takes
// attached digits (`-L2`), long options are exact and take `=value` or the next word, options
// may follow directories, and `--` ends them. Read any other way, `-Lo 1 out.html` would hide
// the `-o` that writes out.html.

/**
 * Builds the tree rule.
 * Called once, on the first lookup of one of its programs, so loading the module builds nothing.
 */
export function buildTreeRule(): ProgramRule {
  const flagLetters = new Set('NqQdlshugfFapiCnxASDtcrvUXJ');
  const valueLetters = new Set('PIHT');
  const longFlags = new Set([
    '--help',
    '--version',
    '--inodes',
    '--device',
    '--noreport',
    '--nolinks',
    '--dirsfirst',
    '--filesfirst',
    '--si',
    '--du',
    '--prune',
    '--ignore-case',
    '--matchdirs',
    '--fromtabfile',
    '--fromfile',
    '--metafirst',
    '--gitignore',
    '--info',
    '--fflinks',
    '--hyperlink',
    '--opt-toggle',
  ]);
  const longValues = new Set([
    '--filelimit',
    '--charset',
    '--timefmt',
    '--sort',
    '--gitfile',
    '--infofile',
    '--hintro',
    '--houtro',
    '--scheme',
    '--authority',
  ]);

  const writesOutput = blocked(
    ShellCodes.optionWrites,
    '`tree -o` writes the listing to a file; drop it and read the output on stdout',
  );
  const writesPerDirectory = blocked(
    ShellCodes.optionWrites,
    '`tree -R` reruns tree in each directory at the -L depth with `-o 00Tree.html`, writing files; drop -R',
  );

  /** Judges tree's words the way tree reads them; see the comment at the top of the file. */
  function judgeTree(args: readonly ShellWord[]): RuleResult {
    let optionsEnded = false;
    let next = 0;
    while (next < args.length) {
      const word = args[next] as ShellWord;
      next++;
      const text = word.value;
      if (optionsEnded || !text.startsWith('-') || text.length < 2) {
        if (word.glob && !optionsEnded) return unsafeGlob(word);
        continue;
      }
      if (word.glob) return unsafeGlob(word);
      if (text === '--') {
        optionsEnded = true;
        continue;
      }
      const step = text.startsWith('--') ? readLong(args, next) : readCluster(args, next);
      if (hasOwn(step, 'kind')) return step;
      next = step.next;
    }
    return ok;
  }

  /** Reads the long option at args[index - 1]; returns the next unread index or a verdict. */
  function readLong(args: readonly ShellWord[], index: number): { next: number } | RuleResult {
    const word = args[index - 1] as ShellWord;
    if (longFlags.has(word.value)) return { next: index };
    const equals = word.value.indexOf('=');
    const name = equals === -1 ? word.value : word.value.slice(0, equals);
    if (!longValues.has(name)) return unknown(word.value);
    if (equals !== -1) {
      return equals + 1 < word.value.length ? { next: index } : missing(name);
    }
    return takeNext(args, index, name);
  }

  /** Reads the short cluster at args[index - 1]; value letters take the following words. */
  function readCluster(args: readonly ShellWord[], index: number): { next: number } | RuleResult {
    const text = (args[index - 1] as ShellWord).value;
    let next = index;
    for (let at = 1; at < text.length; at++) {
      const letter = text.charAt(at);
      if (letter === 'o') return writesOutput;
      if (letter === 'R') return writesPerDirectory;
      if (flagLetters.has(letter)) continue;
      if (letter === 'L' && isDigit(text.charAt(at + 1))) {
        while (isDigit(text.charAt(at + 1))) at++;
        continue;
      }
      if (!valueLetters.has(letter) && letter !== 'L') return unknown(`-${letter}`);
      const step = takeNext(args, next, `-${letter}`);
      if (hasOwn(step, 'kind')) return step;
      next = step.next;
    }
    return { next };
  }

  function takeNext(
    args: readonly ShellWord[],
    index: number,
    name: string,
  ): { next: number } | RuleResult {
    const value = args[index];
    if (value === undefined) return missing(name);
    if (value.glob) return unsafeGlob(value);
    return { next: index + 1 };
  }

  function isDigit(char: string): boolean {
    return char >= '0' && char <= '9';
  }

  function unknown(spelled: string): RuleResult {
    return blocked(
      ShellCodes.unknownOption,
      `\`tree ${spelled}\` is not an option known to be read-only; drop it or use another option`,
    );
  }

  function missing(spelled: string): RuleResult {
    return blocked(ShellCodes.missingValue, `\`tree ${spelled}\` needs a value`);
  }

  function unsafeGlob(word: ShellWord): RuleResult {
    return blocked(
      ShellCodes.unsafeGlob,
      `a file name from \`${word.raw}\` could become an option of \`tree\`; quote the glob or put it after --`,
    );
  }

  // tree, judged by its own argument rules (value letters take the next words).
  // `-o` and `-R` write files and block in every spelling.
  return {
    kind: 'custom',
    globs: 'after-end-of-options',
    judge: judgeTree,
  };
}
