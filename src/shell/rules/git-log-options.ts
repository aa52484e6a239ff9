import type { OptionSpec } from '../spec.js';
import { gitDiffOptions } from './git-diff-options.js';
import {
  alias,
  attached,
  checkPrettyFormat,
  executes,
  flag,
  revValue,
} from './git-option-kinds.js';

// Commit selection, ordering and formatting options of git's revision parser, shared by log,
// show, rev-list, shortlog, whatchanged, `reflog show` and `stash list`. Value modes were
// checked against git 2.39 (see the oracle test): `--format`/`--pretty` take their value only
// after `=`, `--author x` takes the next word.

// Built on first use (the first `git` command judged), not when the module loads.
function buildGitLogOptions() {
  const { diffHazards, diffOptions } = gitDiffOptions();
  /** `--pretty`/`--format` values: a format with %G… placeholders runs gpg. */
  const prettyFormat: OptionSpec = { value: 'optional', check: checkPrettyFormat };

  /**
   * The commit-selection and formatting options every revision-walking subcommand accepts.
   * Includes the diff and gpg hazards, which git accepts wherever it walks revisions.
   */
  const revisionOptions: Readonly<Record<string, OptionSpec>> = {
    ...diffHazards,
    '--show-signature': executes('runs gpg to verify each signature; drop it'),
    '--no-show-signature': flag,
    // Commit limiting.
    // Canonical is the long name: shortlog reuses `-n` for --numbered.
    '--max-count': revValue,
    '-n': alias('--max-count'),
    '--skip': revValue,
    '--since': revValue,
    '--after': alias('--since'),
    '--since-as-filter': revValue,
    '--until': revValue,
    '--before': alias('--until'),
    '--max-age': revValue,
    '--min-age': revValue,
    '--author': revValue,
    '--committer': revValue,
    '--grep': revValue,
    '--grep-reflog': revValue,
    '--all-match': flag,
    '--invert-grep': flag,
    '-i': flag,
    '--regexp-ignore-case': alias('-i'),
    '--basic-regexp': flag,
    '-E': flag,
    '--extended-regexp': alias('-E'),
    '-F': flag,
    '--fixed-strings': alias('-F'),
    '-P': flag,
    '--perl-regexp': alias('-P'),
    '--remove-empty': flag,
    '--merges': flag,
    '--no-merges': flag,
    '--min-parents': attached,
    '--max-parents': attached,
    '--no-min-parents': flag,
    '--no-max-parents': flag,
    '--first-parent': flag,
    '--exclude-first-parent-only': flag,
    '--not': flag,
    '--all': flag,
    '--branches': attached,
    '--tags': attached,
    '--remotes': attached,
    '--glob': revValue,
    '--exclude': revValue,
    '--exclude-hidden': revValue,
    '--reflog': flag,
    '--alternate-refs': flag,
    '--single-worktree': flag,
    '--ignore-missing': flag,
    '--bisect': flag,
    '--cherry-mark': flag,
    '--cherry-pick': flag,
    '--left-only': flag,
    '--right-only': flag,
    '--cherry': flag,
    '-g': flag,
    '--walk-reflogs': alias('-g'),
    '--merge': flag,
    '--boundary': flag,
    // History simplification.
    '--full-history': flag,
    '--dense': flag,
    '--sparse': flag,
    '--simplify-merges': flag,
    '--ancestry-path': attached,
    '--show-pulls': flag,
    '--simplify-by-decoration': flag,
    // Ordering and walking.
    '--date-order': flag,
    '--author-date-order': flag,
    '--topo-order': flag,
    '--reverse': flag,
    '--no-walk': attached,
    '--do-walk': flag,
    // Formatting.
    '--pretty': prettyFormat,
    '--format': prettyFormat,
    '--oneline': flag,
    '--abbrev-commit': flag,
    '--no-abbrev-commit': flag,
    '--encoding': revValue,
    '--expand-tabs': attached,
    '--no-expand-tabs': flag,
    '--notes': attached,
    '--no-notes': flag,
    '--show-notes': attached,
    '--standard-notes': flag,
    '--no-standard-notes': flag,
    '--relative-date': flag,
    '--date': revValue,
    '--parents': flag,
    '--children': flag,
    '--left-right': flag,
    '--graph': flag,
    '--show-linear-break': attached,
    '--root': flag,
  };

  /** How log and show print the diffs of merges (rev-list rejects these). */
  const mergeDiffOptions: Readonly<Record<string, OptionSpec>> = {
    '-c': flag,
    '--cc': flag,
    '-m': flag,
    '--combined-all-paths': flag,
    '--diff-merges': revValue,
    '--no-diff-merges': flag,
    '--remerge-diff': flag,
    '-t': flag,
    '-r': flag,
  };

  /** Options of git log's own parser (decorations, mailmap, line ranges). */
  const logOnlyOptions: Readonly<Record<string, OptionSpec>> = {
    '--decorate': attached,
    '--no-decorate': flag,
    '--decorate-refs': revValue,
    '--decorate-refs-exclude': revValue,
    '--clear-decorations': flag,
    '--source': flag,
    '--use-mailmap': flag,
    '--mailmap': alias('--use-mailmap'),
    '--no-use-mailmap': flag,
    '--no-mailmap': alias('--no-use-mailmap'),
    '--log-size': flag,
    '--full-diff': flag,
    '--follow': flag,
    '--no-follow': flag,
    '-L': revValue,
  };

  /**
   * Everything `git log` and `git show` accept that we judge read-only, plus the hazards.
   * Diff options, revision options, merge-diff options and log's own.
   */
  const logOptions: Readonly<Record<string, OptionSpec>> = {
    ...diffOptions,
    ...revisionOptions,
    ...mergeDiffOptions,
    ...logOnlyOptions,
  };
  return { revisionOptions, logOptions };
}

let cache: ReturnType<typeof buildGitLogOptions> | undefined;

/** Revision and log options (revisionOptions, logOptions), built once. */
export function gitLogOptions(): ReturnType<typeof buildGitLogOptions> {
  cache ??= buildGitLogOptions();
  return cache;
}
