import { ShellCodes } from '../codes.js';
import { judgeWithSpec } from '../option-engine.js';
import type { ProgramSpec, RuleContext, RuleResult } from '../spec.js';
import type { ShellWord } from '../types.js';

// What every git subcommand rule is: a function of the words after the subcommand name.

/**
 * Judges the words after `git <subcommand>` (global options already removed).
 * Returns the same results as a program rule.
 */
export type SubcommandJudge = (args: readonly ShellWord[], context: RuleContext) => RuleResult;

/**
 * A subcommand judged by one option table through the option engine.
 * Messages name the program `git <name>` so the model sees which subcommand blocked.
 *
 * Long options must be spelled out: parse-options resolves any unambiguous prefix, but which
 * option a prefix names depends on the options of that git version (`git cat-file --filter` is
 * `--filters`, which runs the filter driver, in 2.39, and an option of its own in later gits;
 * `git for-each-ref --in` is unknown in 2.39 and `--include-root-refs` in 2.55). An exact name
 * wins over every prefix match in every version, so only exact names pass, whatever the table
 * says; the oracle tests check, under each git they run, that every name in the tables is one
 * that git knows exactly (an older git may lack it; it must not be a prefix there).
 */
export function bySpec(name: string, spec: ProgramSpec): SubcommandJudge {
  const exact: ProgramSpec =
    spec.abbreviations === false ? spec : { ...spec, abbreviations: false };
  return (args, context) => judgeWithSpec(`git ${name}`, args, exact, context);
}

/**
 * A `git_subcommand` block with the given one-line reason.
 * Used for subcommands (and modes of subcommands) that are not read-only.
 */
export function subcommandBlock(reason: string): RuleResult {
  return { kind: 'block', code: ShellCodes.gitSubcommand, reason };
}
