import { ShellCodes } from '../codes.js';
import type { ProgramRule, ProgramSpec, ProgramTable } from '../spec.js';
import { gnuStandard, options } from './options.js';
import { ok } from './results.js';

// Text filters from GNU coreutils (and util-linux's rev/column). They read files or stdin and
// print to stdout. Only `sort` and `uniq` can write, and `base64` on macOS; everything else
// may take globs anywhere because no option of theirs writes, runs a program or uses the network.

/**
 * Builds the text filters' table (cat head tail … base64 expr).
 * Called once, on the first lookup of one of its programs, so loading the module builds nothing.
 */
export function buildTextPrograms(): ProgramTable {
  const cat: ProgramSpec = {
    options: options({
      '-A --show-all': 'flag',
      '-b --number-nonblank': 'flag',
      '-e': 'flag',
      '-E --show-ends': 'flag',
      '-n --number': 'flag',
      '-s --squeeze-blank': 'flag',
      '-t': 'flag',
      '-T --show-tabs': 'flag',
      '-u': 'flag',
      '-v --show-nonprinting': 'flag',
      ...gnuStandard,
    }),
    globs: 'anywhere',
  };

  const head: ProgramSpec = {
    options: options({
      '-c --bytes': 'required',
      '-n --lines': 'required',
      '-q --quiet --silent': 'flag',
      '-v --verbose': 'flag',
      '-z --zero-terminated': 'flag',
      ...gnuStandard,
    }),
    numericOption: true,
    globs: 'anywhere',
  };

  // `tail -f` never ends on its own, but it only reads; the host's tool timeout bounds it.
  const tail: ProgramSpec = {
    options: options({
      '-c --bytes': 'required',
      '-f': 'flag',
      '--follow': 'optional',
      '-F': 'flag',
      '-n --lines': 'required',
      '--max-unchanged-stats': 'required',
      '--pid': 'required',
      '-q --quiet --silent': 'flag',
      '--retry': 'flag',
      '-s --sleep-interval': 'required',
      '-v --verbose': 'flag',
      '-z --zero-terminated': 'flag',
      ...gnuStandard,
    }),
    numericOption: true,
    globs: 'anywhere',
  };

  const wc: ProgramSpec = {
    options: options({
      '-c --bytes': 'flag',
      '-m --chars': 'flag',
      '-l --lines': 'flag',
      '--files0-from': 'required',
      '-L --max-line-length': 'flag',
      '-w --words': 'flag',
      ...gnuStandard,
    }),
    globs: 'anywhere',
  };

  const nl: ProgramSpec = {
    options: options({
      '-b --body-numbering': 'required',
      '-d --section-delimiter': 'required',
      '-f --footer-numbering': 'required',
      '-h --header-numbering': 'required',
      '-i --line-increment': 'required',
      '-l --join-blank-lines': 'required',
      '-n --number-format': 'required',
      '-p --no-renumber': 'flag',
      '-s --number-separator': 'required',
      '-v --starting-line-number': 'required',
      '-w --number-width': 'required',
      ...gnuStandard,
    }),
    globs: 'anywhere',
  };

  const cut: ProgramSpec = {
    options: options({
      '-b --bytes': 'required',
      '-c --characters': 'required',
      '-d --delimiter': 'required',
      '-f --fields': 'required',
      '-n': 'flag',
      '--complement': 'flag',
      '-s --only-delimited': 'flag',
      '--output-delimiter': 'required',
      '-z --zero-terminated': 'flag',
      ...gnuStandard,
    }),
    globs: 'anywhere',
  };

  const paste: ProgramSpec = {
    options: options({
      '-d --delimiters': 'required',
      '-s --serial': 'flag',
      '-z --zero-terminated': 'flag',
      ...gnuStandard,
    }),
    globs: 'anywhere',
  };

  const tr: ProgramSpec = {
    options: options({
      '-c -C --complement': 'flag',
      '-d --delete': 'flag',
      '-s --squeeze-repeats': 'flag',
      '-t --truncate-set1': 'flag',
      ...gnuStandard,
    }),
    globs: 'anywhere',
  };

  const rev: ProgramSpec = {
    options: options({ '-h --help': 'flag', '-V --version': 'flag' }),
    globs: 'anywhere',
  };

  const tac: ProgramSpec = {
    options: options({
      '-b --before': 'flag',
      '-r --regex': 'flag',
      '-s --separator': 'required',
      ...gnuStandard,
    }),
    globs: 'anywhere',
  };

  const fold: ProgramSpec = {
    options: options({
      '-b --bytes': 'flag',
      '-s --spaces': 'flag',
      '-w --width': 'required',
      ...gnuStandard,
    }),
    // `fold -80` is the old spelling of `-w 80`.
    numericOption: true,
    globs: 'anywhere',
  };

  const column: ProgramSpec = {
    options: options({
      '-t --table': 'flag',
      '-n --table-name': 'required',
      '-O --table-order': 'required',
      '-N --table-columns': 'required',
      '-l --table-columns-limit': 'required',
      '-E --table-noextreme': 'required',
      '-d --table-noheadings': 'flag',
      '-e --table-header-repeat': 'flag',
      '-H --table-hide': 'required',
      '-R --table-right': 'required',
      '-T --table-truncate': 'required',
      '-W --table-wrap': 'required',
      '-L --keep-empty-lines': 'flag',
      '-J --json': 'flag',
      '-r --tree': 'required',
      '-i --tree-id': 'required',
      '-p --tree-parent': 'required',
      '-c --output-width': 'required',
      '-o --output-separator': 'required',
      '-s --separator': 'required',
      '-x --fillrows': 'flag',
      '-h --help': 'flag',
      '-V --version': 'flag',
    }),
    globs: 'anywhere',
  };

  const seq: ProgramSpec = {
    options: options({
      '-f --format': 'required',
      '-s --separator': 'required',
      '-w --equal-width': 'flag',
      ...gnuStandard,
    }),
    // Negative numbers (`seq -5 5`) read as numbers, as GNU seq does.
    numericOption: true,
    globs: 'anywhere',
  };

  const sort: ProgramSpec = {
    options: options({
      '-b --ignore-leading-blanks': 'flag',
      '-d --dictionary-order': 'flag',
      '-f --ignore-case': 'flag',
      '-g --general-numeric-sort': 'flag',
      '-i --ignore-nonprinting': 'flag',
      '-M --month-sort': 'flag',
      '-h --human-numeric-sort': 'flag',
      '-n --numeric-sort': 'flag',
      '-R --random-sort': 'flag',
      '--random-source': 'required',
      '-r --reverse': 'flag',
      '--sort': 'required',
      '-V --version-sort': 'flag',
      '--batch-size': 'required',
      '-c': 'flag',
      '-C': 'flag',
      '--check': 'optional',
      '--compress-program': {
        value: 'required',
        hazard: 'executes',
        reason: 'runs a program to compress temporary files; drop it',
      },
      '--debug': 'flag',
      '--files0-from': 'required',
      '-k --key': 'required',
      '-m --merge': 'flag',
      '-o --output': {
        value: 'required',
        hazard: 'writes',
        reason: 'writes the result to a file; drop it and read the output on stdout',
      },
      '-s --stable': 'flag',
      '-S --buffer-size': 'required',
      '-t --field-separator': 'required',
      '-T --temporary-directory': {
        value: 'required',
        hazard: 'writes',
        reason: 'writes temporary files into a directory you name; drop it',
      },
      '--parallel': 'required',
      '-u --unique': 'flag',
      '-z --zero-terminated': 'flag',
      ...gnuStandard,
    }),
    globs: 'after-end-of-options',
  };

  // A second operand is uniq's output file, and a glob may expand into one.
  const uniq: ProgramSpec = {
    options: options({
      '-c --count': 'flag',
      '-d --repeated': 'flag',
      '-D': 'flag',
      '--all-repeated': 'optional',
      '-f --skip-fields': 'required',
      '--group': 'optional',
      '-i --ignore-case': 'flag',
      '-s --skip-chars': 'required',
      '-u --unique': 'flag',
      '-z --zero-terminated': 'flag',
      '-w --check-chars': 'required',
      ...gnuStandard,
    }),
    // `uniq -2` is the old spelling of `-f 2`.
    numericOption: true,
    globs: 'never',
    operands: {
      max: 1,
      maxCode: ShellCodes.operandWrites,
      maxReason:
        '`uniq IN OUT` writes OUT; give at most one input file (no glob) and read the result on stdout',
    },
  };

  // GNU base64 has no output option; the macOS one writes with -o/--output.
  const base64: ProgramSpec = {
    options: options({
      '-d --decode': 'flag',
      '-i --ignore-garbage': 'flag',
      '-w --wrap': 'required',
      '-o --output': {
        value: 'required',
        hazard: 'writes',
        reason: 'writes to a file (macOS base64); drop it and read the output on stdout',
      },
      ...gnuStandard,
    }),
    globs: 'after-end-of-options',
  };

  // expr evaluates its operands as an expression (`expr 1 - 2`, `expr length x`); it has no
  // options beyond --help/--version and cannot write or run anything, so every word is fine.
  const expr: ProgramRule = { kind: 'custom', globs: 'anywhere', judge: () => ok };

  // Text filters: cat head tail wc nl cut paste tr rev tac fold column seq sort uniq base64 expr.
  // sort (-o, -T, --compress-program), uniq (a second operand) and base64 (-o) can write.
  return {
    cat: { kind: 'spec', spec: cat },
    head: { kind: 'spec', spec: head },
    tail: { kind: 'spec', spec: tail },
    wc: { kind: 'spec', spec: wc },
    nl: { kind: 'spec', spec: nl },
    cut: { kind: 'spec', spec: cut },
    paste: { kind: 'spec', spec: paste },
    tr: { kind: 'spec', spec: tr },
    rev: { kind: 'spec', spec: rev },
    tac: { kind: 'spec', spec: tac },
    fold: { kind: 'spec', spec: fold },
    column: { kind: 'spec', spec: column },
    seq: { kind: 'spec', spec: seq },
    sort: { kind: 'spec', spec: sort },
    uniq: { kind: 'spec', spec: uniq },
    base64: { kind: 'spec', spec: base64 },
    expr,
  };
}
