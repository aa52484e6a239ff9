import { ShellCodes } from '../codes.js';
import { judgeWithSpec } from '../option-engine.js';
import type { ProgramSpec, RuleContext, RuleResult } from '../spec.js';
import type { ShellWord } from '../types.js';

// What every git subcommand rule is: a function of the words after the subcommand name.

/** Judges the words after `git <subcommand>` (global options already removed). */
export type SubcommandJudge = (args: readonly ShellWord[], context: RuleContext) => RuleResult;

/** A subcommand judged by one option table; messages name it `git <name>`. */
export function bySpec(name: string, spec: ProgramSpec): SubcommandJudge {
  return (args, context) => judgeWithSpec(`git ${name}`, args, spec, context);
}

/** A `git_subcommand` block. */
export function subcommandBlock(reason: string): RuleResult {
  return { kind: 'block', code: ShellCodes.gitSubcommand, reason };
}
