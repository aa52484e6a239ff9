import { ShellCodes } from '../codes.js';
import type { ProgramSpec } from '../spec.js';
import { gitDiffOptions } from './git-diff-options.js';
import { bySpec, type SubcommandJudge, subcommandBlock } from './git-judge.js';
import { attached, flag, needs } from './git-option-kinds.js';

// Small git subcommands that only report: object counts, ignore and attribute queries, the
// logical variables, a symbolic ref read, and commit comparisons.

// Built on first use (the first `git` command judged), not when the module loads.
function buildGitInfoSubcommands() {
  const { diffOptions } = gitDiffOptions();
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

  /**
   * `git check-attr [-a | --all | ATTR…] [--cached] [--source=TREE] [--stdin] [-z] [--] PATH…`.
   * `--source` is git 2.40's; older gits reject it (it is no prefix of another option there).
   */
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

  /**
   * `git range-diff [OPTIONS] (OLD...NEW | BASE OLD NEW | OLD-BASE..OLD NEW-BASE..NEW) [-- PATH…]`:
   * compares two commit ranges through an internal `git log -p`. It takes the diff options
   * (with their hazards: --output, --ext-diff, --textconv), so they are judged like git diff's.
   * Exact names only: range-diff parses the diff options with its own, and parse-options
   * resolves prefixes of all of them (`--outp` is `--output` here, unlike in git diff).
   */
  const rangeDiffSpec: ProgramSpec = {
    options: {
      ...diffOptions,
      '--creation-factor': needs,
      '--dual-color': flag,
      '--no-dual-color': flag,
      '--left-only': flag,
      '--right-only': flag,
      '--notes': attached,
      '--no-notes': flag,
    },
    abbreviations: false,
    globs: 'after-end-of-options',
  };

  /**
   * `git submodule status [--cached] [--recursive] [--] [PATH…]` (and `git submodule` alone, which
   * is status). It prints each submodule's commit: it compares commits, not working trees
   * (`--ignore-submodules=dirty`), and writes no index (the oracle test proves it on a stat-dirty
   * superproject and submodule). Every other submodule command clones, checks out or runs
   * `foreach` code.
   */
  const submoduleStatusSpec: ProgramSpec = {
    options: {
      '-q': flag,
      '--quiet': { alias: '-q' },
      '--cached': flag,
      '--recursive': flag,
    },
    abbreviations: false,
    permute: false,
    globs: 'after-end-of-options',
  };
  const judgeSubmoduleStatus = bySpec('submodule status', submoduleStatusSpec);

  const judgeSubmodule: SubcommandJudge = (args, context) => {
    if (args.length === 0) return { kind: 'ok' };
    if (args[0]?.value === 'status') return judgeSubmoduleStatus(args.slice(1), context);
    return subcommandBlock(
      `\`git submodule ${args[0]?.value ?? ''}\` clones, checks out, writes config or runs code; \`git submodule status\` (and \`git ls-files -s\`, \`cat .gitmodules\`) read the same information`,
    );
  };

  /** The subcommands of this file, for the subcommand table. */
  const infoSubcommands: Readonly<Record<string, SubcommandJudge>> = {
    'count-objects': bySpec('count-objects', countObjectsSpec),
    'check-ignore': bySpec('check-ignore', checkIgnoreSpec),
    'check-attr': bySpec('check-attr', checkAttrSpec),
    var: bySpec('var', varSpec),
    cherry: bySpec('cherry', cherrySpec),
    'show-branch': bySpec('show-branch', showBranchSpec),
    'symbolic-ref': bySpec('symbolic-ref', symbolicRefRead),
    notes: judgeNotes,
    'range-diff': bySpec('range-diff', rangeDiffSpec),
    submodule: judgeSubmodule,
  };
  /** The tables, for the oracle tests that check them against real gits. */
  const infoSpecs = {
    countObjectsSpec,
    checkIgnoreSpec,
    checkAttrSpec,
    cherrySpec,
    showBranchSpec,
    symbolicRefRead,
    rangeDiffSpec,
  };
  return { infoSubcommands, infoSpecs };
}

let cache: ReturnType<typeof buildGitInfoSubcommands> | undefined;

/** The information subcommands' judges (infoSubcommands) and tables (infoSpecs), built once. */
export function gitInfoSubcommands(): ReturnType<typeof buildGitInfoSubcommands> {
  cache ??= buildGitInfoSubcommands();
  return cache;
}
