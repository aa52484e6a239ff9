import type { OptionSpec, ProgramSpec } from '../spec.js';
import { gitDiffOptions } from './git-diff-options.js';
import { gitLogOptions } from './git-log-options.js';
import { alias, attached, checkPrettyFormat, flag, needs, revValue } from './git-option-kinds.js';

// Subcommands built on git's revision and diff parsers. That parser matches long options
// exactly (git 2.39 rejects `git log --onel`), so these tables do not resolve abbreviations:
// an abbreviated word blocks as unknown, whatever git would make of it.

// Built on first use (the first `git` command judged), not when the module loads.
function buildGitHistorySpecs() {
  const { diffHazards, diffOptions } = gitDiffOptions();
  const { logOptions, revisionOptions } = gitLogOptions();
  /**
   * `git log`, `git show`, `git whatchanged`, `git reflog show`, `git stash list`.
   * Exact option names only, as git's revision parser reads them; `-NUM` limits the count.
   */
  const logSpec: ProgramSpec = {
    options: logOptions,
    abbreviations: false,
    numericOption: true,
    globs: 'after-end-of-options',
  };

  /**
   * `git diff`: diff options plus what selects the two sides (--cached, --no-index, -1/-2/-3).
   * Exact option names only, as git's diff parser reads them.
   */
  const diffSpec: ProgramSpec = {
    options: {
      ...diffOptions,
      '--cached': flag,
      '--staged': alias('--cached'),
      '--merge-base': flag,
      '--no-index': flag,
      '-0': flag,
      '-1': flag,
      '--base': alias('-1'),
      '-2': flag,
      '--ours': alias('-2'),
      '-3': flag,
      '--theirs': alias('-3'),
      '-c': flag,
      '--cc': flag,
      '--combined-all-paths': flag,
    },
    abbreviations: false,
    globs: 'after-end-of-options',
  };

  /**
   * `git rev-list`: revision options plus its own output switches.
   * It also hands options to the diff parser, so `--output` is listed as a hazard.
   */
  const revListSpec: ProgramSpec = {
    options: {
      ...revisionOptions,
      '--abbrev': attached,
      '--no-abbrev': flag,
      '--stdin': flag,
      '--count': flag,
      '--header': flag,
      '--timestamp': flag,
      '--objects': flag,
      '--objects-edge': flag,
      '--object-names': flag,
      '--no-object-names': flag,
      '--unpacked': flag,
      '--in-commit-order': flag,
      '--commit-header': flag,
      '--no-commit-header': flag,
      '--disk-usage': attached,
      '--quiet': flag,
      '--bisect-all': flag,
      '--use-bitmap-index': flag,
      '--exclude-promisor-objects': flag,
      '--filter': attached,
      '--no-filter': flag,
      '--filter-print-omitted': flag,
      '--missing': attached,
    },
    abbreviations: false,
    numericOption: true,
    globs: 'after-end-of-options',
  };

  /**
   * `git shortlog`: its own options (parse-options, which abbreviates them) shadow the revision
   * options of the same name: `-n` is `--numbered`, `-c` is `--committer`.
   */
  const shortlogSpec: ProgramSpec = {
    options: {
      ...revisionOptions,
      '-c': flag,
      '--committer': alias('-c'),
      '-n': flag,
      '--numbered': alias('-n'),
      '-s': flag,
      '--summary': alias('-s'),
      '-e': flag,
      '--email': alias('-e'),
      '-w': attached,
      '--group': { value: 'required', check: checkPrettyFormat },
      // Negations git derives from the options above; `--no-n` must stay ambiguous with --no-notes.
      '--no-committer': flag,
      '--no-numbered': flag,
      '--no-summary': flag,
      '--no-email': flag,
      '--no-group': flag,
    },
    numericOption: true,
    globs: 'after-end-of-options',
  };

  /**
   * `git blame`: its own options (abbreviated by parse-options) and a few revision options.
   * Unknown words go on to git's revision and diff parser, so the diff hazards are listed.
   */
  const blameSpec: ProgramSpec = {
    options: {
      ...diffHazards,
      '--incremental': flag,
      '-b': flag,
      '--root': flag,
      '--show-stats': flag,
      '--progress': flag,
      '--no-progress': flag,
      '--score-debug': flag,
      '-f': flag,
      '--show-name': alias('-f'),
      '-n': flag,
      '--show-number': alias('-n'),
      '-p': flag,
      '--porcelain': alias('-p'),
      '--line-porcelain': flag,
      '-c': flag,
      '-t': flag,
      '-l': flag,
      '-s': flag,
      '-e': flag,
      '--show-email': alias('-e'),
      '-w': flag,
      '--ignore-rev': needs,
      '--ignore-revs-file': needs,
      '--color-lines': flag,
      '--color-by-age': flag,
      '--minimal': flag,
      '-S': needs,
      '--contents': needs,
      '-C': attached,
      '-M': attached,
      '-L': needs,
      '--abbrev': attached,
      '--no-abbrev': flag,
      '--since': revValue,
      '--date': revValue,
      '--reverse': flag,
      '--first-parent': flag,
      '--encoding': revValue,
      '--no-textconv': flag,
    },
    globs: 'after-end-of-options',
  };

  /**
   * `git stash show`: diff options and at most one stash.
   * `-u` here means --include-untracked, not --patch.
   */
  const stashShowSpec: ProgramSpec = {
    options: {
      ...diffOptions,
      '-u': flag,
      '--include-untracked': alias('-u'),
      '--no-include-untracked': flag,
      '--only-untracked': flag,
    } satisfies Record<string, OptionSpec>,
    abbreviations: false,
    globs: 'after-end-of-options',
    operands: { max: 1 },
  };
  return { logSpec, diffSpec, revListSpec, shortlogSpec, blameSpec, stashShowSpec };
}

let cache: ReturnType<typeof buildGitHistorySpecs> | undefined;

/** The history subcommands' specs (log diff rev-list shortlog blame stash show), built once. */
export function gitHistorySpecs(): ReturnType<typeof buildGitHistorySpecs> {
  cache ??= buildGitHistorySpecs();
  return cache;
}
