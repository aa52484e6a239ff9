import type { ProgramSpec } from '../spec.js';
import { alias, attached, executes, flag, needs } from './git-option-kinds.js';

// Subcommands about the work tree, the index and objects. All use parse-options, which
// resolves unambiguous abbreviations, each git version by its own option list; the analyzer
// takes exact names only (bySpec), so `git grep --open-f=CMD` is refused as not spelled out.
// Options that run a program stay listed as hazards, so their exact names say why.

// Built on first use (the first `git` command judged), not when the module loads.
function buildGitTreeSpecs() {
  /**
   * `git status`: shows the work tree state.
   * It may refresh the index, as every git version does for status.
   */
  const statusSpec: ProgramSpec = {
    options: {
      '-v': flag,
      '--verbose': alias('-v'),
      '-s': flag,
      '--short': alias('-s'),
      '-b': flag,
      '--branch': alias('-b'),
      '--show-stash': flag,
      '--ahead-behind': flag,
      '--no-ahead-behind': flag,
      '--porcelain': attached,
      '--long': flag,
      '-z': flag,
      '--null': alias('-z'),
      '-u': attached,
      '--untracked-files': alias('-u'),
      '--ignored': attached,
      '--ignore-submodules': attached,
      '--column': attached,
      '--no-column': flag,
      '--renames': flag,
      '--no-renames': flag,
      '-M': attached,
      '--find-renames': alias('-M'),
    },
    globs: 'after-end-of-options',
  };

  /**
   * `git ls-files`: lists index and work tree files.
   * No option of git 2.39's ls-files writes or runs a program.
   */
  const lsFilesSpec: ProgramSpec = {
    options: {
      '-z': flag,
      '-t': flag,
      '-v': flag,
      '-f': flag,
      '-c': flag,
      '--cached': alias('-c'),
      '-d': flag,
      '--deleted': alias('-d'),
      '-m': flag,
      '--modified': alias('-m'),
      '-o': flag,
      '--others': alias('-o'),
      '-i': flag,
      '--ignored': alias('-i'),
      '-s': flag,
      '--stage': alias('-s'),
      '-k': flag,
      '--killed': alias('-k'),
      '--directory': flag,
      '--no-empty-directory': flag,
      '--eol': flag,
      '-u': flag,
      '--unmerged': alias('-u'),
      '--resolve-undo': flag,
      '-x': needs,
      '--exclude': alias('-x'),
      '-X': needs,
      '--exclude-from': alias('-X'),
      '--exclude-per-directory': needs,
      '--exclude-standard': flag,
      '--full-name': flag,
      '--recurse-submodules': flag,
      '--error-unmatch': flag,
      '--with-tree': needs,
      '--abbrev': attached,
      '--debug': flag,
      '--deduplicate': flag,
      '--sparse': flag,
      '--format': needs,
    },
    globs: 'after-end-of-options',
  };

  /**
   * `git ls-tree`: lists a tree object.
   * No option of ls-tree writes or runs a program.
   */
  const lsTreeSpec: ProgramSpec = {
    options: {
      '-d': flag,
      '-r': flag,
      '-t': flag,
      '-z': flag,
      '-l': flag,
      '--long': alias('-l'),
      '--name-only': flag,
      '--name-status': flag,
      '--object-only': flag,
      '--full-name': flag,
      '--full-tree': flag,
      '--format': needs,
      '--abbrev': attached,
    },
    globs: 'after-end-of-options',
  };

  /**
   * `git cat-file`: prints objects.
   * `--textconv` and `--filters` run the filter programs configured in git.
   */
  const catFileSpec: ProgramSpec = {
    options: {
      '-e': flag,
      '-p': flag,
      '-t': flag,
      '-s': flag,
      '--allow-unknown-type': flag,
      '--use-mailmap': flag,
      '--mailmap': alias('--use-mailmap'),
      '--batch': attached,
      '--batch-check': attached,
      '--batch-command': attached,
      '-z': flag,
      '--batch-all-objects': flag,
      '--buffer': flag,
      '--follow-symlinks': flag,
      '--unordered': flag,
      '--textconv': executes('runs the textconv program configured in git; use -p instead'),
      '--filters': executes('runs the filter programs configured in git; use -p instead'),
      '--path': needs,
    },
    globs: 'after-end-of-options',
  };

  /**
   * `git grep`: searches tracked files.
   * `-O` opens the matching files in a pager program of the caller's choosing.
   */
  const grepSpec: ProgramSpec = {
    options: {
      '-O': executes('runs a pager program on the matching files; drop it', 'optional'),
      '--open-files-in-pager': alias('-O'),
      '--textconv': executes('runs the textconv programs configured in git; drop it'),
      '--no-textconv': flag,
      '--cached': flag,
      '--no-index': flag,
      '--untracked': flag,
      '--exclude-standard': flag,
      '--no-exclude-standard': flag,
      '--recurse-submodules': flag,
      '-v': flag,
      '--invert-match': alias('-v'),
      '-i': flag,
      '--ignore-case': alias('-i'),
      '-w': flag,
      '--word-regexp': alias('-w'),
      '-a': flag,
      '--text': alias('-a'),
      // Spelled out so that `--no-text` is not read as an abbreviation of --no-textconv.
      '--no-text': flag,
      '-I': flag,
      '-r': flag,
      '--recursive': alias('-r'),
      '--no-recursive': flag,
      '--max-depth': needs,
      '-E': flag,
      '--extended-regexp': alias('-E'),
      '-G': flag,
      '--basic-regexp': alias('-G'),
      '-F': flag,
      '--fixed-strings': alias('-F'),
      '-P': flag,
      '--perl-regexp': alias('-P'),
      '-n': flag,
      '--line-number': alias('-n'),
      '--column': flag,
      '-h': flag,
      '-H': flag,
      '--full-name': flag,
      '-l': flag,
      '--files-with-matches': alias('-l'),
      '--name-only': alias('-l'),
      '-L': flag,
      '--files-without-match': alias('-L'),
      '-z': flag,
      '--null': alias('-z'),
      '-o': flag,
      '--only-matching': alias('-o'),
      '-c': flag,
      '--count': alias('-c'),
      '--color': attached,
      '--no-color': flag,
      '--break': flag,
      '--heading': flag,
      '-C': needs,
      '--context': alias('-C'),
      '-B': needs,
      '--before-context': alias('-B'),
      '-A': needs,
      '--after-context': alias('-A'),
      '--threads': needs,
      '-p': flag,
      '--show-function': alias('-p'),
      '-W': flag,
      '--function-context': alias('-W'),
      '-f': needs,
      '-e': needs,
      '--and': flag,
      '--or': flag,
      '--not': flag,
      '-q': flag,
      '--quiet': alias('-q'),
      '--all-match': flag,
      '-m': needs,
      '--max-count': alias('-m'),
    },
    numericOption: true,
    globs: 'after-end-of-options',
  };

  /**
   * `git version` (also `git --version`).
   * No operands: `git --version --help` would run `git help`.
   */
  const versionSpec: ProgramSpec = {
    options: { '--build-options': flag },
    globs: 'never',
    operands: { max: 0 },
  };

  /**
   * `git worktree list`.
   * `--expire` only annotates; it prunes nothing.
   */
  const worktreeListSpec: ProgramSpec = {
    options: {
      '--porcelain': flag,
      '-v': flag,
      '--verbose': alias('-v'),
      '--expire': needs,
      '-z': flag,
    },
    globs: 'never',
    operands: { max: 0 },
  };
  return {
    statusSpec,
    lsFilesSpec,
    lsTreeSpec,
    catFileSpec,
    grepSpec,
    versionSpec,
    worktreeListSpec,
  };
}

let cache: ReturnType<typeof buildGitTreeSpecs> | undefined;

/** The tree and index subcommands' specs (status ls-files ls-tree cat-file grep version worktree list), built once. */
export function gitTreeSpecs(): ReturnType<typeof buildGitTreeSpecs> {
  cache ??= buildGitTreeSpecs();
  return cache;
}
