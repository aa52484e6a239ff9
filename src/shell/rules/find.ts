import { type ShellCode, ShellCodes } from '../codes.js';
import { hasOwn } from '../has-own.js';
import type { ProgramRule, ProgramTable, RuleResult } from '../spec.js';
import type { ShellWord } from '../types.js';

// GNU find (findutils 4.9) reads its arguments in three parts: leading options (-H -L -P,
// -D debugopts, -Olevel, an optional `--`), starting points, then an expression. In the
// expression a word names a primary after one leading `-` is dropped (so `-(` is `(` and
// `--help` is `-help`), and each primary takes a fixed number of following words whatever
// they look like (`-name -delete` is a name test). This rule walks the words the same way so
// it sees exactly the primaries find will run.

/** Primaries (name without the first `-`) that only read, with how many words each consumes. */
const READ_ONLY_PRIMARIES: Readonly<Record<string, number>> = {
  // Operators.
  '(': 0,
  ')': 0,
  '!': 0,
  ',': 0,
  not: 0,
  a: 0,
  and: 0,
  o: 0,
  or: 0,
  // Tests on names and paths.
  name: 1,
  iname: 1,
  path: 1,
  ipath: 1,
  wholename: 1,
  iwholename: 1,
  regex: 1,
  iregex: 1,
  lname: 1,
  ilname: 1,
  // Tests on the inode.
  type: 1,
  xtype: 1,
  size: 1,
  empty: 0,
  perm: 1,
  user: 1,
  group: 1,
  uid: 1,
  gid: 1,
  nouser: 0,
  nogroup: 0,
  links: 1,
  inum: 1,
  samefile: 1,
  fstype: 1,
  context: 1,
  readable: 0,
  writable: 0,
  executable: 0,
  true: 0,
  false: 0,
  // Tests on times (-newerXY is matched separately).
  newer: 1,
  anewer: 1,
  cnewer: 1,
  mtime: 1,
  mmin: 1,
  atime: 1,
  amin: 1,
  ctime: 1,
  cmin: 1,
  used: 1,
  // Options that change how the walk or the tests behave.
  maxdepth: 1,
  mindepth: 1,
  depth: 0,
  d: 0,
  follow: 0,
  xdev: 0,
  mount: 0,
  noleaf: 0,
  daystart: 0,
  regextype: 1,
  ignore_readdir_race: 0,
  noignore_readdir_race: 0,
  warn: 0,
  nowarn: 0,
  // Reads starting points from a file instead of the command line.
  'files0-from': 1,
  // Actions that print to stdout or stop the walk.
  print: 0,
  print0: 0,
  printf: 1,
  ls: 0,
  prune: 0,
  quit: 0,
  help: 0,
  '-help': 0,
  version: 0,
  '-version': 0,
};

const RUNS = 'runs another program for each match; print the matches with -print instead';
const WRITES = 'writes a file; print to stdout with -print/-printf instead';

/** Primaries find knows that run programs, delete or write files: the reason to show. */
const FORBIDDEN_PRIMARIES: Readonly<Record<string, string>> = {
  exec: RUNS,
  execdir:
    'runs another program in each match’s directory; use `-exec PROGRAM … {} +` with a read-only program',
  ok: RUNS,
  okdir: RUNS,
  delete: 'deletes files; list them with -print instead',
  fprint: WRITES,
  fprint0: WRITES,
  fprintf: WRITES,
  fls: WRITES,
};

const block = (code: ShellCode, reason: string): RuleResult => ({ kind: 'block', code, reason });

/** How many words find consumes after the primary `word`, or a Block when it must not run. */
function primaryArity(word: string): number | RuleResult {
  // find sends every 8-character word starting with -newer to -newerXY (X: aBcm, Y: aBcmt).
  if (word.length === 8 && word.startsWith('-newer')) {
    const x = word[6] ?? '';
    const y = word[7] ?? '';
    if ('aBcm'.includes(x) && 'aBcmt'.includes(y)) return 1;
    return block(ShellCodes.findPrimary, `\`find ${word}\` is not a valid -newerXY test`);
  }
  const name = word.startsWith('-') ? word.slice(1) : word;
  const forbidden = FORBIDDEN_PRIMARIES[name];
  if (forbidden !== undefined) {
    return block(ShellCodes.findPrimary, `\`find ${word}\` ${forbidden}`);
  }
  const arity = READ_ONLY_PRIMARIES[name];
  if (arity === undefined) {
    return block(ShellCodes.findPrimary, `\`find ${word}\` is not a known read-only find primary`);
  }
  return arity;
}

/** Index of the first word after find's leading options, or a Block for a malformed one. */
function skipLeadingOptions(args: readonly ShellWord[]): number | RuleResult {
  let i = 0;
  for (;;) {
    const value = args[i]?.value;
    if (value === '-H' || value === '-L' || value === '-P') {
      i += 1;
    } else if (value === '-D') {
      if (i + 1 >= args.length) {
        return block(ShellCodes.missingValue, '`find -D` needs a list of debug options');
      }
      i += 2;
    } else if (value?.startsWith('-O')) {
      if (!isDigits(value.slice(2))) {
        return block(ShellCodes.badValue, '`find -O` must be followed directly by a number');
      }
      i += 1;
    } else if (value === '--') {
      return i + 1;
    } else {
      return i;
    }
  }
}

function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (const ch of text) {
    if (ch < '0' || ch > '9') return false;
  }
  return true;
}

/** Before the expression find treats `-x`, `(` and `!` as its start; `-`, `)` and `,` are paths. */
function startsExpression(value: string): boolean {
  return (value.length > 1 && value.startsWith('-')) || value === '(' || value === '!';
}

/** Inside the expression every word must look like a primary or an operator. */
function looksLikeExpression(value: string): boolean {
  return startsExpression(value) || value === ')' || value === ',';
}

/** Judges one `find` call: every primary must be on the read-only list, and no word may glob. */
function judgeFind(args: readonly ShellWord[]): RuleResult {
  // A glob could expand to a file named `-delete` or `-exec`, anywhere in the line.
  const glob = args.find((word) => word.glob);
  if (glob !== undefined) {
    return block(
      ShellCodes.unsafeGlob,
      `\`find\` argument \`${glob.raw}\` is an unquoted glob; quote the pattern`,
    );
  }
  const start = skipLeadingOptions(args);
  if (typeof start !== 'number') return start;
  let i = start;
  while (i < args.length && !startsExpression(args[i]?.value ?? '')) i += 1;
  let target: RuleResult | undefined;
  while (i < args.length) {
    const value = args[i]?.value ?? '';
    if (value === '-exec') {
      if (target !== undefined) {
        return block(ShellCodes.findPrimary, '`find` with more than one -exec; use one');
      }
      const absolute = args.slice(start, i).some((w) => w.value.startsWith('/'));
      const exec = readExec(args, i, absolute);
      if (hasOwn(exec, 'kind')) return exec;
      target = exec.run;
      i = exec.next;
      continue;
    }
    if (!looksLikeExpression(value)) {
      return block(
        ShellCodes.badOperand,
        `\`find\` expects a primary, not \`${value}\`; starting points go before the expression`,
      );
    }
    const arity = primaryArity(value);
    if (typeof arity !== 'number') return arity;
    if (i + arity >= args.length) {
      return block(ShellCodes.missingValue, `\`find ${value}\` needs an argument`);
    }
    i += 1 + arity;
  }
  return target ?? { kind: 'ok' };
}

/**
 * A name find passes to `-exec`. It starts with a starting point, and no starting point starts
 * with `-`, so it is never an option; the rest is any string, so it is a glob word with a literal
 * first character (code-valued operands such as `sh -c` scripts still refuse it). Absolute
 * starting points give absolute names (which gawk could read as `/inet/…`).
 */
function foundName(absolute: boolean): ShellWord {
  const prefix = absolute ? '/' : './';
  return {
    value: `${prefix}*`,
    raw: `${prefix}{}`,
    glob: true,
    quoted: false,
    tilde: false,
  };
}

/**
 * `-exec PROGRAM ARGS… {} +` (or `{} ;`) with `{}` only as the last word: the target is judged
 * as a command of its own, with the names appended. `{}` anywhere else (the program, inside a
 * word) is refused, as are `-execdir`, `-ok` and `-okdir`.
 */
function readExec(
  args: readonly ShellWord[],
  at: number,
  absolute: boolean,
): { run: RuleResult; next: number } | RuleResult {
  let end = at + 1;
  while (end < args.length) {
    const word = args[end]?.value;
    if (word === ';' || (word === '+' && args[end - 1]?.value === '{}')) break;
    end += 1;
  }
  if (end >= args.length) {
    return block(
      ShellCodes.missingValue,
      '`find -exec` needs a command ending in `{} +` or `{} \\;`',
    );
  }
  const command = args.slice(at + 1, end);
  const last = command[command.length - 1];
  const argv = command.slice(0, -1);
  if (
    last?.value !== '{}' ||
    argv.length === 0 ||
    command.slice(0, -1).some((w) => w.value.includes('{}'))
  ) {
    return block(
      ShellCodes.findPrimary,
      '`find -exec` is judged only as `-exec PROGRAM ARGS… {} +` with {} once, as the last word; or print the matches with -print and pipe them to xargs',
    );
  }
  // `{} +` passes one or more names: two stand for "more than one" (`uniq IN OUT` writes OUT).
  const name = foundName(absolute);
  const names = args[end]?.value === '+' ? [name, name] : [name];
  return { run: { kind: 'run', argv: [...argv, ...names] }, next: end + 1 };
}

/**
 * The rule for `find`: a custom judge because its expression is not options and operands.
 * Receives the words after `find`, decoded; globs anywhere block.
 */
export const findRule: ProgramRule = {
  kind: 'custom',
  globs: 'never',
  judge: (args) => judgeFind(args),
};

/**
 * Programs this file rules on, for the analyzer's program table.
 * Keys are program names as typed.
 */
export const findRules: ProgramTable = { find: findRule };

/**
 * Words each allowed primary consumes after itself (name without its first `-`).
 * Exported so the oracle tests can check every arity against GNU find.
 */
export const findPrimaryArities: Readonly<Record<string, number>> = READ_ONLY_PRIMARIES;
