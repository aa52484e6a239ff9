import type { ProgramSpec, ProgramTable } from '../spec.js';
import { gnuStandard, options } from './options.js';

// Programs that compare files: diff (GNU diffutils), cmp, comm. Only `diff -l` runs a program
// (it pipes the output through pr).

/**
 * Builds the comparison programs' table (diff cmp comm).
 * Called once, on the first lookup of one of its programs, so loading the module builds nothing.
 */
export function buildComparePrograms(): ProgramTable {
  const diff: ProgramSpec = {
    options: options({
      '--normal': 'flag',
      '-q --brief': 'flag',
      '-s --report-identical-files': 'flag',
      '-c': 'flag',
      '-C': 'required',
      '--context': 'optional',
      '-u': 'flag',
      '-U': 'required',
      '--unified': 'optional',
      '-e --ed': 'flag',
      '-f --forward-ed': 'flag',
      '-n --rcs': 'flag',
      '-y --side-by-side': 'flag',
      '-W --width': 'required',
      '--left-column': 'flag',
      '--suppress-common-lines': 'flag',
      '-p --show-c-function': 'flag',
      '-F --show-function-line': 'required',
      '-L --label': 'required',
      '-t --expand-tabs': 'flag',
      '-T --initial-tab': 'flag',
      '--tabsize': 'required',
      '--suppress-blank-empty': 'flag',
      '-l --paginate': {
        hazard: 'executes',
        reason: 'pipes the output through the `pr` program; drop it',
      },
      '-r --recursive': 'flag',
      '--no-dereference': 'flag',
      '-N --new-file': 'flag',
      '-P --unidirectional-new-file': 'flag',
      '--ignore-file-name-case': 'flag',
      '--no-ignore-file-name-case': 'flag',
      '-x --exclude': 'required',
      '-X --exclude-from': 'required',
      '-S --starting-file': 'required',
      '--from-file': 'required',
      '--to-file': 'required',
      '-i --ignore-case': 'flag',
      '-E --ignore-tab-expansion': 'flag',
      '-Z --ignore-trailing-space': 'flag',
      '-b --ignore-space-change': 'flag',
      '-w --ignore-all-space': 'flag',
      '-B --ignore-blank-lines': 'flag',
      '-I --ignore-matching-lines': 'required',
      '-a --text': 'flag',
      // Not in --help, but real (and they make `--b`, `--in` and `--f` ambiguous).
      '--binary': 'flag',
      '--inhibit-hunk-merge': 'flag',
      '--sdiff-merge-assist': 'flag',
      '--strip-trailing-cr': 'flag',
      '-D --ifdef': 'required',
      '--old-group-format': 'required',
      '--new-group-format': 'required',
      '--unchanged-group-format': 'required',
      '--changed-group-format': 'required',
      '--line-format': 'required',
      '--old-line-format': 'required',
      '--new-line-format': 'required',
      '--unchanged-line-format': 'required',
      '-d --minimal': 'flag',
      '--horizon-lines': 'required',
      '-H --speed-large-files': 'flag',
      '-h': 'flag',
      '--color': 'optional',
      '--palette': 'required',
      '--help': 'flag',
      '-v --version': 'flag',
    }),
    globs: 'after-end-of-options',
  };

  const cmp: ProgramSpec = {
    options: options({
      '-b --print-bytes': 'flag',
      // The old spelling of -b, still accepted (and it makes `--print-` ambiguous).
      '-c --print-chars': 'flag',
      '-i --ignore-initial': 'required',
      '-l --verbose': 'flag',
      '-n --bytes': 'required',
      '-s --quiet --silent': 'flag',
      '--help': 'flag',
      '-v --version': 'flag',
    }),
    globs: 'anywhere',
  };

  const comm: ProgramSpec = {
    options: options({
      '-1': 'flag',
      '-2': 'flag',
      '-3': 'flag',
      '--check-order': 'flag',
      '--nocheck-order': 'flag',
      '--output-delimiter': 'required',
      '--total': 'flag',
      '-z --zero-terminated': 'flag',
      ...gnuStandard,
    }),
    globs: 'anywhere',
  };

  // diff, cmp and comm: they compare files and print the differences.
  // Only `diff -l` runs another program (pr), and it blocks.
  return {
    diff: { kind: 'spec', spec: diff },
    cmp: { kind: 'spec', spec: cmp },
    comm: { kind: 'spec', spec: comm },
  };
}
