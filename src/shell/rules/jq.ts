import type { ProgramRule } from '../spec.js';
import { options } from './options.js';

// jq (1.6–1.7) parses its own arguments: short letters bundle (`-nr`), long options must be
// spelled out (no abbreviations), `--arg NAME VALUE` and friends take two words, `-L DIR` takes
// the rest of its bundle or the next word, and options may follow the filter until `--`.
// jq cannot write files or run programs: `-f FILE`, `--slurpfile`, `--rawfile` and `-L` only
// read, and the filter language has no system() or output redirection. Globs may stand anywhere.

/**
 * Builds the jq rule.
 * Called once, on the first lookup of one of its programs, so loading the module builds nothing.
 */
export function buildJqRule(): ProgramRule {
  const twoWords = { value: 'required', extraValues: 1 } as const;

  // jq, judged by its option table (no abbreviations, `--arg NAME VALUE` takes two words).
  // jq only reads, so globs may stand anywhere.
  return {
    kind: 'spec',
    spec: {
      options: options({
        '-s --slurp': 'flag',
        '-r --raw-output': 'flag',
        '--raw-output0': 'flag',
        '-j --join-output': 'flag',
        '-c --compact-output': 'flag',
        '-C --color-output': 'flag',
        '-M --monochrome-output': 'flag',
        '-a --ascii-output': 'flag',
        '--unbuffered': 'flag',
        '-S --sort-keys': 'flag',
        '-R --raw-input': 'flag',
        '-n --null-input': 'flag',
        // The filter is then read from the first operand, a file.
        '-f --from-file': 'flag',
        '-L --library-path': 'required',
        '-b --binary': 'flag',
        '--tab': 'flag',
        '--indent': 'required',
        '--seq': 'flag',
        '--stream': 'flag',
        '--stream-errors': 'flag',
        '-e --exit-status': 'flag',
        '--args': 'flag',
        '--jsonargs': 'flag',
        '--arg': twoWords,
        '--argjson': twoWords,
        '--slurpfile': twoWords,
        '--rawfile': twoWords,
        '--argfile': twoWords,
        '--debug-dump-disasm': 'flag',
        // jq spells the variant `--debug-trace=all` as one literal option.
        '--debug-trace': 'optional',
        // Runs the jq test files named by the remaining words (jq programs, read-only).
        '--run-tests': 'flag',
        '--build-configuration': 'flag',
        '-h --help': 'flag',
        '-V --version': 'flag',
      }),
      abbreviations: false,
      globs: 'anywhere',
    },
  };
}
