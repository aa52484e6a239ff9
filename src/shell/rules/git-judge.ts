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
 */
export function bySpec(name: string, spec: ProgramSpec): SubcommandJudge {
  return (args, context) => judgeWithSpec(`git ${name}`, args, spec, context);
}

/**
 * A `git_subcommand` block with the given one-line reason.
 * Used for subcommands (and modes of subcommands) that are not read-only.
 */
export function subcommandBlock(reason: string): RuleResult {
  return { kind: 'block', code: ShellCodes.gitSubcommand, reason };
}
