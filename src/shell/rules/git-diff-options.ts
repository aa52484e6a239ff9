import type { OptionSpec } from '../spec.js';
import { alias, attached, executes, flag, revValue, writes } from './git-option-kinds.js';

// Diff output options, shared by every subcommand that prints diffs (diff, log, show, stash
// show) and accepted by rev-list, shortlog and blame too. How each takes its value was checked
// against git 2.39: `attached` options never take the next word (`--stat 5` is `--stat` then
// `5`), `revValue` options do (`--output x`).

// Built on first use (the first `git` command judged), not when the module loads.
function buildGitDiffOptions() {
  /**
   * The options that make a diff command write a file or run a program.
   * Spread into every table whose command git hands to its diff parser (even rev-list and blame).
   */
  const diffHazards: Readonly<Record<string, OptionSpec>> = {
    '--output': writes('writes the output to a file; drop it and print to stdout', 'required'),
    '--ext-diff': executes(
      'runs the external diff program configured in git; drop it (--no-ext-diff is fine)',
    ),
    '--textconv': executes(
      'runs the textconv filter programs configured in git; drop it (--no-textconv is fine)',
    ),
  };

  /**
   * Every diff option we accept, and the hazards.
   * Shared by diff, log, show and stash show; value modes checked by the oracle test.
   */
  const diffOptions: Readonly<Record<string, OptionSpec>> = {
    ...diffHazards,
    // Output format.
    '-p': flag,
    '-u': alias('-p'),
    '--patch': alias('-p'),
    '-s': flag,
    '--no-patch': alias('-s'),
    '-U': attached,
    '--unified': attached,
    '--raw': flag,
    '--patch-with-raw': flag,
    '--patch-with-stat': flag,
    '--stat': attached,
    '--stat-width': revValue,
    '--stat-name-width': revValue,
    '--stat-graph-width': revValue,
    '--stat-count': revValue,
    '--compact-summary': flag,
    '--numstat': flag,
    '--shortstat': flag,
    '-X': attached,
    '--dirstat': alias('-X'),
    '--cumulative': flag,
    '--dirstat-by-file': attached,
    '--summary': flag,
    '-z': flag,
    '--name-only': flag,
    '--name-status': flag,
    '--submodule': attached,
    '--color': attached,
    '--no-color': flag,
    '--color-moved': attached,
    '--no-color-moved': flag,
    '--color-moved-ws': revValue,
    '--no-color-moved-ws': flag,
    '--word-diff': attached,
    '--word-diff-regex': revValue,
    '--color-words': attached,
    '--no-renames': flag,
    '--rename-empty': flag,
    '--no-rename-empty': flag,
    '--check': flag,
    '--ws-error-highlight': revValue,
    '--full-index': flag,
    '--binary': flag,
    '--abbrev': attached,
    '--no-abbrev': flag,
    '--src-prefix': revValue,
    '--dst-prefix': revValue,
    '--no-prefix': flag,
    '--line-prefix': revValue,
    '--ita-invisible-in-index': flag,
    '--ita-visible-in-index': flag,
    '--output-indicator-new': revValue,
    '--output-indicator-old': revValue,
    '--output-indicator-context': revValue,
    '--no-ext-diff': flag,
    '--no-textconv': flag,
    '--exit-code': flag,
    '--quiet': flag,
    // Rename, copy and rewrite detection.
    '-B': attached,
    '--break-rewrites': alias('-B'),
    '-M': attached,
    '--find-renames': alias('-M'),
    '-C': attached,
    '--find-copies': alias('-C'),
    '--find-copies-harder': flag,
    '-D': flag,
    '--irreversible-delete': alias('-D'),
    '-l': revValue,
    // Selection: pickaxe, filters, order.
    '--diff-filter': revValue,
    '-S': revValue,
    '-G': revValue,
    '--find-object': revValue,
    '--pickaxe-all': flag,
    '--pickaxe-regex': flag,
    '-O': revValue,
    '--skip-to': revValue,
    '--rotate-to': revValue,
    '-R': flag,
    '--relative': attached,
    '--no-relative': flag,
    // Whitespace and algorithms.
    '-a': flag,
    '--text': alias('-a'),
    '--ignore-cr-at-eol': flag,
    '--ignore-space-at-eol': flag,
    '-b': flag,
    '--ignore-space-change': alias('-b'),
    '-w': flag,
    '--ignore-all-space': alias('-w'),
    '--ignore-blank-lines': flag,
    '-I': revValue,
    '--ignore-matching-lines': alias('-I'),
    '--inter-hunk-context': revValue,
    '-W': flag,
    '--function-context': alias('-W'),
    '--minimal': flag,
    '--patience': flag,
    '--histogram': flag,
    '--anchored': revValue,
    '--diff-algorithm': revValue,
    '--indent-heuristic': flag,
    '--no-indent-heuristic': flag,
    '--ignore-submodules': attached,
  };
  return { diffHazards, diffOptions };
}

let cache: ReturnType<typeof buildGitDiffOptions> | undefined;

/** Diff output options and their hazards (diffHazards, diffOptions), built once. */
export function gitDiffOptions(): ReturnType<typeof buildGitDiffOptions> {
  cache ??= buildGitDiffOptions();
  return cache;
}
