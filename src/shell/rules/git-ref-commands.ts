import { ShellCodes } from '../codes.js';
import type { OptionSpec, ProgramSpec, RuleResult } from '../spec.js';
import type { ShellWord } from '../types.js';
import {
  alias,
  attached,
  checkRefFormat,
  executes,
  flag,
  needs,
  writes,
} from './git-option-kinds.js';

// Options whose value defaults to HEAD when they are the last word (PARSE_OPT_LASTARG_DEFAULT).
const lastArgDefaultOptions: ReadonlySet<string> = new Set([
  '--contains',
  '--no-contains',
  '--with',
  '--without',
  '--merged',
  '--no-merged',
]);

// Subcommands about refs. `branch` and `tag` also create, delete and rename, so their tables
// list the mutating options as hazards (only exact names pass, see bySpec: `--del` is refused
// as not spelled out, `--delete` as writing) and their checks allow operands only as `--list`
// patterns.

// Built on first use (the first `git` command judged), not when the module loads.
function buildGitRefSpecs() {
  const refFormat: OptionSpec = { value: 'required', check: checkRefFormat };

  /** The ref-filter options branch, tag and for-each-ref share. */
  const refFilterOptions: Readonly<Record<string, OptionSpec>> = {
    '--contains': needs,
    '--no-contains': needs,
    '--merged': needs,
    '--no-merged': needs,
    '--points-at': needs,
    '--sort': needs,
    '--format': refFormat,
    '--color': attached,
  };

  /** Judges `git branch`/`git tag` operands: patterns with `-l`/`--list`, else a new ref. */
  function listOnly(what: string, creates: string): NonNullable<ProgramSpec['check']> {
    return (parsed): RuleResult => {
      if (parsed.operands.length === 0) return { kind: 'ok' };
      if (parsed.options.some((option) => option.name === '-l')) return { kind: 'ok' };
      return {
        kind: 'block',
        code: ShellCodes.operandWrites,
        reason: `\`git ${what} ${parsed.operands[0]?.value ?? ''}\` ${creates}; to filter the list by pattern, add --list`,
      };
    };
  }

  const branchWrites = 'changes branches; only listing branches is read-only';

  /**
   * `git branch`: list forms only.
   * Operands are patterns only with -l/--list; every creating, moving or deleting option is a hazard.
   */
  const branchSpec: ProgramSpec = {
    options: {
      ...refFilterOptions,
      '--with': needs,
      '--without': needs,
      '--no-color': flag,
      '-v': flag,
      '--verbose': alias('-v'),
      '-q': flag,
      '--quiet': alias('-q'),
      '-r': flag,
      '--remotes': alias('-r'),
      '-a': flag,
      '--all': alias('-a'),
      '-l': flag,
      '--list': alias('-l'),
      '--show-current': flag,
      '--column': attached,
      '--no-column': flag,
      '--abbrev': attached,
      '--no-abbrev': flag,
      '-i': flag,
      '--ignore-case': alias('-i'),
      '-d': writes(branchWrites),
      '--delete': alias('-d'),
      '-D': writes(branchWrites),
      '-m': writes(branchWrites),
      '--move': alias('-m'),
      '-M': writes(branchWrites),
      '-c': writes(branchWrites),
      '--copy': alias('-c'),
      '-C': writes(branchWrites),
      '-f': writes(branchWrites),
      '--force': alias('-f'),
      '-u': writes(branchWrites, 'required'),
      '--set-upstream-to': alias('-u'),
      '--unset-upstream': writes(branchWrites),
      '--set-upstream': writes(branchWrites),
      '-t': writes(branchWrites, 'optional'),
      '--track': alias('-t'),
      '--no-track': writes(branchWrites),
      '--create-reflog': writes(branchWrites),
      '--recurse-submodules': writes(branchWrites),
      '--edit-description': executes('opens an editor to change the branch description; drop it'),
    },
    globs: 'after-end-of-options',
    check: listOnly('branch', 'creates a branch'),
  };

  const tagWrites = 'creates or deletes tags; only listing tags is read-only';

  /**
   * `git tag`: list forms only.
   * Operands are patterns only with -l/--list; creating, deleting, signing and verifying are hazards.
   */
  const tagSpec: ProgramSpec = {
    options: {
      ...refFilterOptions,
      '--with': needs,
      '--without': needs,
      '-l': flag,
      '--list': alias('-l'),
      '-n': attached,
      '--column': attached,
      '--no-column': flag,
      '-i': flag,
      '--ignore-case': alias('-i'),
      '-d': writes(tagWrites),
      '--delete': alias('-d'),
      '-a': writes(tagWrites),
      '--annotate': alias('-a'),
      '-m': writes(tagWrites, 'required'),
      '--message': alias('-m'),
      '-F': writes(tagWrites, 'required'),
      '--file': alias('-F'),
      '-e': writes(tagWrites),
      '--edit': alias('-e'),
      '-f': writes(tagWrites),
      '--force': alias('-f'),
      '--cleanup': writes(tagWrites, 'required'),
      '--create-reflog': writes(tagWrites),
      '-s': executes('signs a new tag with gpg; drop it'),
      '--sign': alias('-s'),
      '-u': executes('signs a new tag with gpg; drop it', 'required'),
      '--local-user': alias('-u'),
      '-v': executes('runs gpg to verify the tag; drop it'),
      '--verify': alias('-v'),
    },
    globs: 'after-end-of-options',
    check: listOnly('tag', 'creates a tag'),
  };

  /**
   * `git for-each-ref`: lists refs.
   * Only its `--format` needs a check (no gpg atoms).
   */
  const forEachRefSpec: ProgramSpec = {
    options: {
      ...refFilterOptions,
      '-s': flag,
      '--shell': alias('-s'),
      '-p': flag,
      '--perl': alias('-p'),
      '--python': flag,
      '--tcl': flag,
      '--count': needs,
      '--ignore-case': flag,
    },
    globs: 'after-end-of-options',
  };

  /**
   * `git show-ref`: lists refs.
   * `--exclude-existing` reads refs from stdin, which is read-only.
   */
  const showRefSpec: ProgramSpec = {
    options: {
      '--tags': flag,
      '--heads': flag,
      '--verify': flag,
      '-h': alias('--head'),
      '--head': flag,
      '-d': flag,
      '--dereference': alias('-d'),
      '-s': attached,
      '--hash': alias('-s'),
      '--abbrev': attached,
      '-q': flag,
      '--quiet': alias('-q'),
      '--exclude-existing': attached,
    },
    globs: 'after-end-of-options',
  };

  /**
   * `git describe`: names a commit after a tag.
   * `--dirty` rewrites the index of a stat-dirty tree even with GIT_OPTIONAL_LOCKS=0 (git
   * 2.39), and `--broken` runs `git update-index --refresh` since git 2.46.
   */
  const describeRefreshes =
    'refreshes and rewrites the index on a stat-dirty tree; use `git describe` and `git status --porcelain`';
  const describeSpec: ProgramSpec = {
    options: {
      '--contains': flag,
      '--debug': flag,
      '--all': flag,
      '--tags': flag,
      '--long': flag,
      '--first-parent': flag,
      '--abbrev': attached,
      '--exact-match': flag,
      '--candidates': needs,
      '--match': needs,
      '--exclude': needs,
      '--always': flag,
      '--dirty': writes(describeRefreshes, 'optional'),
      '--broken': writes(describeRefreshes, 'optional'),
    },
    globs: 'after-end-of-options',
  };

  /**
   * `git name-rev`: names commits after refs.
   * `--annotate-stdin` reads text from stdin, which is read-only.
   */
  const nameRevSpec: ProgramSpec = {
    options: {
      '--name-only': flag,
      '--tags': flag,
      '--refs': needs,
      '--exclude': needs,
      '--all': flag,
      '--stdin': flag,
      '--annotate-stdin': flag,
      '--undefined': flag,
      '--always': flag,
    },
    globs: 'after-end-of-options',
  };

  /**
   * `git merge-base`: finds common ancestors.
   * Every option only changes which ancestors are printed.
   */
  const mergeBaseSpec: ProgramSpec = {
    options: {
      '-a': flag,
      '--all': alias('-a'),
      '--octopus': flag,
      '--independent': flag,
      '--is-ancestor': flag,
      '--fork-point': flag,
    },
    globs: 'after-end-of-options',
  };

  /**
   * `git rev-parse`: not a parse-options command (exact matches; values mostly after `=`).
   * It only prints, but unknown words still block so the table stays the one source of truth.
   */
  const revParseSpec: ProgramSpec = {
    options: {
      '--verify': flag,
      '-q': flag,
      '--quiet': alias('-q'),
      '--short': attached,
      '--abbrev-ref': attached,
      '--symbolic': flag,
      '--symbolic-full-name': flag,
      '--sq': flag,
      '--not': flag,
      '--revs-only': flag,
      '--no-revs': flag,
      '--flags': flag,
      '--no-flags': flag,
      '--default': needs,
      '--prefix': needs,
      '--all': flag,
      '--branches': attached,
      '--tags': attached,
      '--remotes': attached,
      '--glob': attached,
      '--exclude': attached,
      '--disambiguate': attached,
      '--since': attached,
      '--after': attached,
      '--until': attached,
      '--before': attached,
      '--local-env-vars': flag,
      '--git-dir': flag,
      '--git-common-dir': flag,
      '--absolute-git-dir': flag,
      '--git-path': needs,
      '--resolve-git-dir': needs,
      '--path-format': attached,
      '--is-inside-git-dir': flag,
      '--is-inside-work-tree': flag,
      '--is-bare-repository': flag,
      '--is-shallow-repository': flag,
      '--show-toplevel': flag,
      '--show-prefix': flag,
      '--show-cdup': flag,
      '--show-superproject-working-tree': flag,
      '--shared-index-path': flag,
      '--show-object-format': attached,
    },
    abbreviations: false,
    globs: 'after-end-of-options',
  };
  return {
    branchSpec,
    tagSpec,
    forEachRefSpec,
    showRefSpec,
    describeSpec,
    nameRevSpec,
    mergeBaseSpec,
    revParseSpec,
  };
}

let cache: ReturnType<typeof buildGitRefSpecs> | undefined;

/** The ref subcommands' specs (branch tag for-each-ref show-ref describe name-rev merge-base rev-parse), built once. */
export function gitRefSpecs(): ReturnType<typeof buildGitRefSpecs> {
  cache ??= buildGitRefSpecs();
  return cache;
}

/**
 * Appends git's default `HEAD` when a list filter like `--merged` is the last word.
 * Git reads `branch --merged` as `--merged HEAD`; the engine would call the value missing.
 */
export function withLastArgDefault(args: readonly ShellWord[]): readonly ShellWord[] {
  const last = args[args.length - 1];
  if (last === undefined || !lastArgDefaultOptions.has(last.value)) return args;
  return [...args, { value: 'HEAD', raw: 'HEAD', glob: false, quoted: false, tilde: false }];
}
