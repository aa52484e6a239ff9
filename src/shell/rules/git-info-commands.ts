import { ShellCodes } from '../codes.js';
import type { ProgramSpec } from '../spec.js';
import { bySpec, type SubcommandJudge, subcommandBlock } from './git-judge.js';
import { attached, flag, needs } from './git-option-kinds.js';

// Small git subcommands that only report: object counts, ignore and attribute queries, the
// logical variables, a symbolic ref read, and commit comparisons.

/** `git count-objects [-v] [-H]`. */
const countObjectsSpec: ProgramSpec = {
  options: {
    '-v': flag,
    '--verbose': { alias: '-v' },
    '-H': flag,
    '--human-readable': { alias: '-H' },
  },
  globs: 'never',
  operands: { max: 0 },
};

/** `git check-ignore [-q] [-v] [-n] [--no-index] [-z] [--stdin] PATH…`. */
const checkIgnoreSpec: ProgramSpec = {
  options: {
    '-q': flag,
    '--quiet': { alias: '-q' },
    '-v': flag,
    '--verbose': { alias: '-v' },
    '-n': flag,
    '--non-matching': { alias: '-n' },
    '--no-index': flag,
    '-z': flag,
    '--stdin': flag,
  },
  globs: 'after-end-of-options',
};

/** `git check-attr [-a | --all | ATTR…] [--cached] [--source=TREE] [--stdin] [-z] [--] PATH…`. */
const checkAttrSpec: ProgramSpec = {
  options: {
    '-a': flag,
    '--all': { alias: '-a' },
    '--cached': flag,
    '--source': needs,
    '--stdin': flag,
    '-z': flag,
  },
  globs: 'after-end-of-options',
};

/** `git var -l` or `git var NAME`: prints git's logical variables (the editor and pager names too). */
const varSpec: ProgramSpec = {
  options: { '-l': flag },
  globs: 'never',
  operands: { max: 1 },
};

/** `git cherry [-v] [--abbrev[=N]] [UPSTREAM [HEAD [LIMIT]]]`. */
const cherrySpec: ProgramSpec = {
  options: { '-v': flag, '--verbose': { alias: '-v' }, '--abbrev': attached },
  globs: 'never',
  operands: { max: 3 },
};

/** `git show-branch`: commit ancestry of branches; `--reflog` reads the reflog. */
const showBranchSpec: ProgramSpec = {
  options: {
    '-a': flag,
    '--all': { alias: '-a' },
    '-r': flag,
    '--remotes': { alias: '-r' },
    '--topo-order': flag,
    '--date-order': flag,
    '--current': flag,
    '--color': attached,
    '--no-color': flag,
    '--more': attached,
    '--list': flag,
    '--independent': flag,
    '--merge-base': flag,
    '--no-name': flag,
    '--sha1-name': flag,
    '--sparse': flag,
    '--topics': flag,
    '-g': attached,
    '--reflog': { alias: '-g' },
  },
  globs: 'never',
};

const symbolicRefRead: ProgramSpec = {
  options: {
    '-q': flag,
    '--quiet': { alias: '-q' },
    '--short': flag,
    '--no-recurse': flag,
    '--recurse': flag,
  },
  globs: 'never',
  operands: {
    min: 1,
    max: 1,
    maxCode: ShellCodes.operandWrites,
    maxReason: '`git symbolic-ref NAME REF` sets NAME; `git symbolic-ref NAME` reads it',
  },
};

/** `git notes list [OBJECT]` (also `git notes` alone, which lists). */
const notesListSpec: ProgramSpec = { options: {}, globs: 'never', operands: { max: 1 } };
const judgeNotesList = bySpec('notes list', notesListSpec);

const judgeNotes: SubcommandJudge = (args, context) => {
  if (args.length === 0) return { kind: 'ok' };
  if (args[0]?.value === 'list') return judgeNotesList(args.slice(1), context);
  return subcommandBlock(
    `\`git notes ${args[0]?.value ?? ''}\` is not read-only (or reads another notes ref); \`git notes list\` and \`git log --notes\` are`,
  );
};

/** The subcommands of this file, for the subcommand table. */
export const infoSubcommands: Readonly<Record<string, SubcommandJudge>> = {
  'count-objects': bySpec('count-objects', countObjectsSpec),
  'check-ignore': bySpec('check-ignore', checkIgnoreSpec),
  'check-attr': bySpec('check-attr', checkAttrSpec),
  var: bySpec('var', varSpec),
  cherry: bySpec('cherry', cherrySpec),
  'show-branch': bySpec('show-branch', showBranchSpec),
  'symbolic-ref': bySpec('symbolic-ref', symbolicRefRead),
  notes: judgeNotes,
};
