import { ShellCodes } from '../codes.js';
import type { Block, ParsedArgs, ProgramRule, ProgramTable, RuleResult } from '../spec.js';
import type { ShellWord } from '../types.js';
import { gnuStandard, options } from './options.js';
import { blocked, ok } from './results.js';
import { checkSedScript } from './sed-script.js';

// GNU sed 4.9. Options permute (`sed -n 1p -i f` edits f), `-i` takes an attached suffix only
// and bundles (`-ni`), long options abbreviate (`--in-pl`). Scripts come from every -e, or else
// from the first operand; each is checked with the sed grammar. Globs only after `--`: a file
// named `-i` or `-e…` would otherwise become an option.

/**
 * Builds the sed table.
 * Called once, on the first lookup of one of its programs, so loading the module builds nothing.
 */
export function buildSedPrograms(): ProgramTable {
  const sedRule: ProgramRule = {
    kind: 'spec',
    spec: {
      options: options({
        '-n --quiet --silent': 'flag',
        '-e --expression': 'required',
        '-f --file': {
          value: 'required',
          hazard: 'unsupported',
          reason: 'reads the sed script from a file, which cannot be checked; pass it with -e',
        },
        '-E -r --regexp-extended': 'flag',
        '-i --in-place': {
          value: 'optional',
          hazard: 'writes',
          reason: 'edits files in place; print the result to stdout instead',
        },
        '-s --separate': 'flag',
        '-z --null-data --zero-terminated': 'flag',
        '-u --unbuffered': 'flag',
        // GNU: -l N (wrap length). BSD/macOS: -l is a flag (line buffering), so the word GNU
        // takes as N is an option or the script there (`-l -i`, `-l 'w out'`). Only digits are
        // harmless both ways: a number is no option, and no command as a BSD script.
        '-l --line-length': { value: 'required', check: checkLineLength },
        '-b --binary': 'flag',
        '--posix': 'flag',
        '--debug': 'flag',
        '--sandbox': 'flag',
        '--follow-symlinks': 'flag',
        ...gnuStandard,
      }),
      globs: 'after-end-of-options',
      check: checkSed,
    },
  };

  function checkLineLength(value: ShellWord): Block | undefined {
    if (/^[0-9]+$/.test(value.value) && !value.glob) return undefined;
    return {
      code: ShellCodes.badValue,
      reason: `\`sed -l ${value.value}\`: BSD sed reads -l as a flag and \`${value.value}\` as an option or the script; give -l a number (-l 80)`,
    };
  }

  /** Finds the script(s) as sed does and judges them with the sed grammar. */
  function checkSed(parsed: ParsedArgs): RuleResult {
    const has = (name: string): boolean => parsed.options.some((option) => option.name === name);
    const expressions = parsed.options.flatMap((option) =>
      option.name === '-e' && option.value !== undefined ? [option.value] : [],
    );
    const scripts = expressions.length > 0 ? expressions : parsed.operands.slice(0, 1);
    if (scripts.length === 0) {
      // --help and --version print and exit as soon as sed reads them.
      if (has('--help') || has('--version')) return ok;
      return blocked(ShellCodes.badOperand, 'sed needs a script');
    }
    for (const script of scripts) {
      const unclear = unclearScript(script);
      if (unclear !== undefined) return blocked(ShellCodes.sedScript, unclear);
    }
    // sed reads several -e scripts as the lines of one script.
    const text = scripts.map((script) => script.value).join('\n');
    const verdict = checkSedScript(text, { extended: has('-E'), posix: has('--posix') });
    return verdict === undefined ? ok : blocked(verdict.code, verdict.reason);
  }

  /** A script word whose text the shell still changes cannot be judged by its value. */
  function unclearScript(script: ShellWord): string | undefined {
    if (script.glob)
      return 'the sed script is an unquoted glob that could expand to anything; quote it';
    if (script.tilde) return 'the sed script starts with `~`, which the shell expands; quote it';
    return undefined;
  }

  // The sed family for the default program table: GNU sed, with every script checked by
  // checkSedScript and every spelling of -i blocked.
  return { sed: sedRule };
}
