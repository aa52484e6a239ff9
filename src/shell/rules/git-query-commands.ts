import { ShellCodes } from '../codes.js';
import type { ParsedArgs, ProgramSpec, RuleResult } from '../spec.js';
import type { ShellWord } from '../types.js';
import { bySpec, type SubcommandJudge, subcommandBlock } from './git-judge.js';
import { flag, needs } from './git-option-kinds.js';

// Query forms of subcommands that otherwise change the work tree or the repository:
// `git clean -n` (dry run: prints what it would remove), `git bisect log` and
// `git sparse-checkout list`. Every other form of them blocks.

function requireDryRun(parsed: ParsedArgs): RuleResult {
  if (parsed.options.some((option) => option.name === '-n')) return { kind: 'ok' };
  return {
    kind: 'block',
    code: ShellCodes.operandWrites,
    reason:
      '`git clean` without -n deletes untracked files; `git clean -n` lists what it would delete',
  };
}

/** A subcommand whose only read-only form is one word with nothing after it. */
function onlyForm(subcommand: string, form: string): SubcommandJudge {
  return (args: readonly ShellWord[]) =>
    args.length === 1 && args[0]?.value === form && args[0].glob !== true
      ? { kind: 'ok' }
      : subcommandBlock(
          `\`git ${subcommand} ${args[0]?.value ?? ''}\` changes the repository; only \`git ${subcommand} ${form}\` is read-only`,
        );
}

let cleanSpec: ProgramSpec | undefined;

/** `git clean`'s table (dry runs only), built once: for the judge and the oracle tests. */
export function gitCleanSpec(): ProgramSpec {
  cleanSpec ??= {
    options: {
      '-n': flag,
      '--dry-run': { alias: '-n' },
      '-d': flag,
      '-q': flag,
      '--quiet': { alias: '-q' },
      '-x': flag,
      '-X': flag,
      '-e': needs,
      '--exclude': { alias: '-e' },
    },
    globs: 'after-end-of-options',
    check: requireDryRun,
  };
  return cleanSpec;
}

/** The judges of clean, bisect and sparse-checkout, built on the first git command. */
export function gitQuerySubcommands(): Readonly<Record<string, SubcommandJudge>> {
  return {
    clean: bySpec('clean', gitCleanSpec()),
    bisect: onlyForm('bisect', 'log'),
    'sparse-checkout': onlyForm('sparse-checkout', 'list'),
  };
}
