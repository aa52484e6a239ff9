import { ShellCodes } from '../codes.js';
import type { OptionSpec, ProgramRule, ProgramTable } from '../spec.js';
import { options } from './options.js';
import { blocked, ok } from './results.js';

// GNU grep (and the BSD grep of macOS, whose extra options are unknown here and block). grep
// only reads: no option writes, runs a program or uses the network, so globs may stand anywhere.
// Debian's egrep and fgrep are scripts that run `grep -E` / `grep -F` with the same options.

/**
 * Builds the grep family's table (grep egrep fgrep).
 * Called once, on the first lookup of one of its programs, so loading the module builds nothing.
 */
export function buildGrepPrograms(): ProgramTable {
  const digits = Object.fromEntries(
    Array.from({ length: 10 }, (_, digit) => [`-${digit}`, 'flag' as const]),
  );

  const grepRule: ProgramRule = {
    kind: 'spec',
    spec: {
      options: options({
        '-E --extended-regexp': 'flag',
        '-F --fixed-strings': 'flag',
        '-G --basic-regexp': 'flag',
        '-P --perl-regexp': 'flag',
        '-e --regexp': 'required',
        '-f --file': 'required',
        '-i -y --ignore-case': 'flag',
        '--no-ignore-case': 'flag',
        '-w --word-regexp': 'flag',
        '-x --line-regexp': 'flag',
        '-z --null-data': 'flag',
        '-s --no-messages': 'flag',
        '-v --invert-match': 'flag',
        '-V --version': 'flag',
        '--help': 'flag',
        '-m --max-count': 'required',
        '-b --byte-offset': 'flag',
        '-n --line-number': 'flag',
        '--line-buffered': 'flag',
        '-H --with-filename': 'flag',
        '-h --no-filename': 'flag',
        '--label': 'required',
        '-o --only-matching': 'flag',
        '-q --quiet --silent': 'flag',
        '--binary-files': 'required',
        '-a --text': 'flag',
        '-I': 'flag',
        '-d --directories': 'required',
        '-D --devices': 'required',
        '-r --recursive': 'flag',
        '-R --dereference-recursive': 'flag',
        '--include': 'required',
        '--exclude': 'required',
        '--exclude-from': 'required',
        '--exclude-dir': 'required',
        '-L --files-without-match': 'flag',
        '-l --files-with-matches': 'flag',
        '-c --count': 'flag',
        '-T --initial-tab': 'flag',
        '-Z --null': 'flag',
        '-B --before-context': 'required',
        '-A --after-context': 'required',
        '-C --context': 'required',
        '--group-separator': 'required',
        '--no-group-separator': 'flag',
        '--color --colour': 'optional',
        '-U --binary': 'flag',
        '-u --unix-byte-offsets': 'flag',
        // `-5` (or `-n5`) is `--context=5`: digits are options that accumulate a number.
        ...digits,
      }),
      numericOption: true,
      globs: 'anywhere',
    },
  };

  // zgrep (gzip's shell script; zegrep and zfgrep run it with -E and -F) decompresses each file
  // and runs `eval "$grep $args"` with every word re-quoted. Its own differences from grep:
  // `-f FILE` that is not a regular file (stdin, a pipe, /dev/fd/N) is copied to a temporary
  // file, which writes; `-r -R -d -z -Z --include --exclude* --null` are errors; and before
  // gzip 1.12 a file name with a newline could make its sed write a file (CVE-2022-1271), so
  // words with a newline and globs (which may expand to such a name) are refused. The GREP
  // variable names the grep it evals: hardenedShellEnv drops it, and an assignment of it is
  // refused like any other.
  const zgrepOptions: Record<string, OptionSpec> = {};
  const unsupported = new Set([
    '-f',
    '--file',
    '-r',
    '--recursive',
    '-R',
    '--dereference-recursive',
    '-d',
    '--directories',
    '-z',
    '--null-data',
    '-Z',
    '--null',
    '--include',
    '--exclude',
    '--exclude-from',
    '--exclude-dir',
  ]);
  if (grepRule.kind === 'spec')
    for (const [key, option] of Object.entries(grepRule.spec.options))
      if (!unsupported.has(key)) zgrepOptions[key] = option;
  zgrepOptions['-f'] = {
    value: 'required',
    hazard: 'writes',
    reason:
      'zgrep copies a pattern file that is not a regular file (stdin, a pipe) to a temporary file; give the patterns with -e',
  };
  zgrepOptions['--file'] = { alias: '-f' };
  const zgrepRule: ProgramRule = {
    kind: 'spec',
    spec: {
      options: zgrepOptions,
      numericOption: true,
      globs: 'never',
      check: (parsed) => {
        for (const word of [...parsed.operands, ...parsed.options.map((o) => o.value)])
          if (word?.value.includes('\n'))
            return blocked(
              ShellCodes.badOperand,
              'zgrep re-quotes every word for eval, and before gzip 1.12 a newline in a file name let it write files; search a name without a newline',
            );
        return ok;
      },
    },
  };

  // grep, egrep and fgrep, which share one table.
  // No grep option writes or runs anything, so globs may stand anywhere.
  return {
    grep: grepRule,
    egrep: grepRule,
    fgrep: grepRule,
    zgrep: zgrepRule,
    zegrep: zgrepRule,
    zfgrep: zgrepRule,
  };
}
