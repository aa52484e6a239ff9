import { ShellCodes } from '../codes.js';
import type {
  OptionSpec,
  ParsedArgs,
  ProgramRule,
  ProgramSpec,
  ProgramTable,
  RuleResult,
} from '../spec.js';

// ripgrep (14/15) and fd (9/10). Both are Rust programs: rg parses with lexopt and fd with clap,
// neither accepts abbreviated long options, and both take options anywhere before `--`. The
// tables list every documented flag so that a spelling we do not know blocks as unknown.

/**
 * Builds the search programs' table (rg fd fdfind).
 * Called once, on the first lookup of one of its programs, so loading the module builds nothing.
 */
export function buildSearchRules(): ProgramTable {
  const flag: OptionSpec = {};
  const value: OptionSpec = { value: 'required' };
  const alias = (to: string): OptionSpec => ({ alias: to });

  /** rg flags whose only effect is how matches are found or printed. */
  const rgOptions: Readonly<Record<string, OptionSpec>> = {
    // Patterns and inputs.
    '-e': value,
    '--regexp': alias('-e'),
    '-f': value,
    '--file': alias('-f'),
    '--pre-glob': value, // selects files for --pre, which is blocked; alone it does nothing
    '--no-pre': flag,
    '--no-search-zip': flag,
    // Search behaviour.
    '-i': flag,
    '--ignore-case': alias('-i'),
    '-s': flag,
    '--case-sensitive': alias('-s'),
    '-S': flag,
    '--smart-case': alias('-S'),
    '-F': flag,
    '--fixed-strings': alias('-F'),
    '--no-fixed-strings': flag,
    '-w': flag,
    '--word-regexp': alias('-w'),
    '-x': flag,
    '--line-regexp': alias('-x'),
    '-v': flag,
    '--invert-match': alias('-v'),
    '--no-invert-match': flag,
    '-U': flag,
    '--multiline': alias('-U'),
    '--no-multiline': flag,
    '--multiline-dotall': flag,
    '--no-multiline-dotall': flag,
    '-P': flag,
    '--pcre2': alias('-P'),
    '--no-pcre2': flag,
    '--engine': value,
    '--auto-hybrid-regex': flag,
    '--no-auto-hybrid-regex': flag,
    '--pcre2-unicode': flag,
    '--no-pcre2-unicode': flag,
    '--unicode': flag,
    '--no-unicode': flag,
    '-E': value,
    '--encoding': alias('-E'),
    '--no-encoding': flag,
    '--crlf': flag,
    '--no-crlf': flag,
    '--null-data': flag,
    '-a': flag,
    '--text': alias('-a'),
    '--no-text': flag,
    '--binary': flag,
    '--no-binary': flag,
    '-m': value,
    '--max-count': alias('-m'),
    '--max-filesize': value,
    '--max-bytes': value,
    '--dfa-size-limit': value,
    '--regex-size-limit': value,
    '--mmap': flag,
    '--no-mmap': flag,
    '-j': value,
    '--threads': alias('-j'),
    '--stop-on-nonmatch': flag,
    // Which files are searched.
    '-g': value,
    '--glob': alias('-g'),
    '--iglob': value,
    '--glob-case-insensitive': flag,
    '--no-glob-case-insensitive': flag,
    '-t': value,
    '--type': alias('-t'),
    '-T': value,
    '--type-not': alias('-T'),
    '--type-add': value,
    '--type-clear': value,
    '--type-list': flag,
    '-.': flag,
    '--hidden': alias('-.'),
    '--no-hidden': flag,
    '-L': flag,
    '--follow': alias('-L'),
    '--no-follow': flag,
    '-d': value,
    '--max-depth': alias('-d'),
    '--maxdepth': alias('-d'),
    '-u': flag,
    '--unrestricted': alias('-u'),
    '--no-ignore': flag,
    '--ignore': flag,
    '--no-ignore-dot': flag,
    '--ignore-dot': flag,
    '--no-ignore-exclude': flag,
    '--ignore-exclude': flag,
    '--no-ignore-files': flag,
    '--ignore-files': flag,
    '--no-ignore-global': flag,
    '--ignore-global': flag,
    '--no-ignore-parent': flag,
    '--ignore-parent': flag,
    '--no-ignore-vcs': flag,
    '--ignore-vcs': flag,
    '--no-require-git': flag,
    '--require-git': flag,
    '--ignore-file': value,
    '--ignore-file-case-insensitive': flag,
    '--no-ignore-file-case-insensitive': flag,
    '--ignore-nested-git': flag,
    '--no-ignore-nested-git': flag,
    '--one-file-system': flag,
    '--no-one-file-system': flag,
    '--no-config': flag,
    // Output.
    '-n': flag,
    '--line-number': alias('-n'),
    '-N': flag,
    '--no-line-number': alias('-N'),
    '-H': flag,
    '--with-filename': alias('-H'),
    '-I': flag,
    '--no-filename': alias('-I'),
    '-A': value,
    '--after-context': alias('-A'),
    '-B': value,
    '--before-context': alias('-B'),
    '-C': value,
    '--context': alias('-C'),
    '--context-separator': value,
    '--no-context-separator': flag,
    '--passthru': flag,
    '--passthrough': alias('--passthru'),
    '-c': flag,
    '--count': alias('-c'),
    '--count-matches': flag,
    '--include-zero': flag,
    '--no-include-zero': flag,
    '-l': flag,
    '--files-with-matches': alias('-l'),
    '--files-without-match': flag,
    '--files': flag,
    '-o': flag,
    '--only-matching': alias('-o'),
    '-r': value, // replaces matches in the output only; rg never edits files
    '--replace': alias('-r'),
    '-b': flag,
    '--byte-offset': alias('-b'),
    '--no-byte-offset': flag,
    '--column': flag,
    '--no-column': flag,
    '--heading': flag,
    '--no-heading': flag,
    '-p': flag,
    '--pretty': alias('-p'),
    '--vimgrep': flag,
    '--json': flag,
    '--no-json': flag,
    '-0': flag,
    '--null': alias('-0'),
    '-q': flag,
    '--quiet': alias('-q'),
    '-M': value,
    '--max-columns': alias('-M'),
    '--max-columns-preview': flag,
    '--no-max-columns-preview': flag,
    '--trim': flag,
    '--no-trim': flag,
    '--color': value,
    '--colors': value,
    '--hyperlink-format': value,
    '--path-separator': value,
    '--field-context-separator': value,
    '--field-match-separator': value,
    '--sort': value,
    '--sortr': value,
    '--sort-files': flag,
    '--no-sort-files': flag,
    '--stats': flag,
    '--no-stats': flag,
    '--line-buffered': flag,
    '--no-line-buffered': flag,
    '--block-buffered': flag,
    '--no-block-buffered': flag,
    '--debug': flag,
    '--trace': flag,
    '--no-messages': flag,
    '--messages': flag,
    '--no-ignore-messages': flag,
    '--ignore-messages': flag,
    '--generate': value, // prints a man page or completions to stdout
    '-h': flag,
    '--help': flag,
    '-V': flag,
    '--version': flag,
    '--pcre2-version': flag,
    // Options that run other programs.
    '--pre': {
      value: 'required',
      hazard: 'executes',
      reason: 'runs a program on every file searched; search the files directly',
    },
    '-z': {
      hazard: 'executes',
      reason: 'starts decompressors (gzip, xz, …) for compressed files; use zcat FILE | rg PATTERN',
    },
    '--search-zip': alias('-z'),
    '--hostname-bin': {
      value: 'required',
      hazard: 'executes',
      reason: 'runs a program to learn the host name; drop it',
    },
  };

  /**
   * The spec for `rg`: every documented flag, with the three that start programs blocked.
   * ripgrep takes no abbreviations, so only exact spellings resolve.
   */
  const rgSpec: ProgramSpec = {
    options: rgOptions,
    abbreviations: false,
    globs: 'after-end-of-options',
  };

  const RUNS_PER_MATCH = 'runs a program for each match; print the matches and run it separately';

  /** fd options; values clap would read as flags must not start with `-` (see fdCheck). */
  const fdOptions: Readonly<Record<string, OptionSpec>> = {
    // Pattern syntax and matching.
    '-g': flag,
    '--glob': alias('-g'),
    '--regex': flag,
    '-F': flag,
    '--fixed-strings': alias('-F'),
    '--literal': alias('-F'),
    '-s': flag,
    '--case-sensitive': alias('-s'),
    '-i': flag,
    '--ignore-case': alias('-i'),
    '-p': flag,
    '--full-path': alias('-p'),
    '--and': value,
    // Which entries are walked.
    '-H': flag,
    '--hidden': alias('-H'),
    '--no-hidden': flag,
    '-I': flag,
    '--no-ignore': alias('-I'),
    '--ignore': flag,
    '--no-ignore-vcs': flag,
    '--ignore-vcs': flag,
    '--no-require-git': flag,
    '--require-git': flag,
    '--no-ignore-parent': flag,
    '--no-global-ignore-file': flag,
    '--ignore-file': value,
    '--ignore-file-name': value,
    '-u': flag,
    '--unrestricted': alias('-u'),
    '-L': flag,
    '--follow': alias('-L'),
    '--dereference': alias('-L'),
    '--no-follow': flag,
    '-d': value,
    '--max-depth': alias('-d'),
    '--maxdepth': alias('-d'),
    '--min-depth': value,
    '--mindepth': alias('--min-depth'),
    '--exact-depth': value,
    '--prune': flag,
    '--one-file-system': flag,
    '--mount': alias('--one-file-system'),
    '--xdev': alias('--one-file-system'),
    '-C': value,
    '--base-directory': alias('-C'),
    '--search-path': value,
    // Filters.
    '-E': value,
    '--exclude': alias('-E'),
    '-t': value,
    '--type': alias('-t'),
    '-e': value,
    '--extension': alias('-e'),
    '-S': value,
    '--size': alias('-S'),
    '--changed-within': value,
    '--change-newer-than': alias('--changed-within'),
    '--newer': alias('--changed-within'),
    '--changed-after': alias('--changed-within'),
    '--changed-before': value,
    '--change-older-than': alias('--changed-before'),
    '--older': alias('--changed-before'),
    '-o': value,
    '--owner': alias('-o'),
    // Output.
    '-a': flag,
    '--absolute-path': alias('-a'),
    '--relative-path': flag,
    '-0': flag,
    '--print0': alias('-0'),
    '--format': value,
    '--path-separator': value,
    '--strip-cwd-prefix': { value: 'optional' },
    '-c': value,
    '--color': alias('-c'),
    '--hyperlink': { value: 'optional' },
    '--hyper': alias('--hyperlink'),
    '-1': flag,
    '--max-results': value,
    '-q': flag,
    '--quiet': alias('-q'),
    '--has-results': alias('-q'),
    '--show-errors': flag,
    '-j': value,
    '--threads': alias('-j'),
    '--max-buffer-time': value,
    '--batch-size': value, // only valid with -X, which is blocked
    '--gen-completions': { value: 'optional' },
    '-h': flag,
    '--help': alias('-h'),
    '-V': flag,
    '--version': alias('-V'),
    // Options that run other programs.
    '-x': { value: 'required', hazard: 'executes', reason: RUNS_PER_MATCH },
    '--exec': alias('-x'),
    '-X': { value: 'required', hazard: 'executes', reason: RUNS_PER_MATCH },
    '--exec-batch': alias('-X'),
    '-l': {
      hazard: 'executes',
      reason: 'runs `ls -l` on the results; use `fd … -0 | xargs -0 ls -l` or plain fd',
    },
    '--list-details': alias('-l'),
  };

  /** Options whose value clap reads even when it starts with `-`. */
  const fdHyphenValues = new Set(['--and', '-S']);

  /**
   * clap reads a word starting with `-` after a value option as the next flag, where getopt
   * would take it as the value. Parsing such a word as a value could hide a flag, so it blocks.
   */
  function fdCheck(parsed: ParsedArgs): RuleResult {
    for (const option of parsed.options) {
      const text = option.value?.value;
      if (text?.startsWith('-') && !fdHyphenValues.has(option.name)) {
        return {
          kind: 'block',
          code: ShellCodes.badValue,
          reason: `\`fd ${option.name}\` value \`${text}\` starts with \`-\`, which fd reads as an option; change the value`,
        };
      }
    }
    return { kind: 'ok' };
  }

  /**
   * The spec for `fd`/`fdfind`: every documented flag, with -x, -X and -l blocked.
   * clap takes no abbreviations; values starting with `-` block (see fdCheck).
   */
  const fdSpec: ProgramSpec = {
    options: fdOptions,
    abbreviations: false,
    globs: 'after-end-of-options',
    check: fdCheck,
  };

  const rgRule: ProgramRule = { kind: 'spec', spec: rgSpec };
  const fdRule: ProgramRule = { kind: 'spec', spec: fdSpec };

  // Programs this file rules on; `fdfind` is Debian's name for fd.
  // Keys are program names as typed.
  return { rg: rgRule, fd: fdRule, fdfind: fdRule };
}
