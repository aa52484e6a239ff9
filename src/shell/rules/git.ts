import { ShellCodes } from '../codes.js';
import type { ProgramRule, RuleContext, RuleResult } from '../spec.js';
import type { ShellWord } from '../types.js';
import { subcommandBlock } from './git-judge.js';
import { findSubcommand, gitSubcommands } from './git-subcommands.js';

// `git [global options] <subcommand> [args]`. Git matches global options exactly (no
// abbreviations, verified against git 2.39), so an exact allowlist is all it takes; the
// subcommand then has its own table. A `git` after `cd` or with GIT_* variables is the
// analyzer's concern (git_after_cd, git_environment), not this rule's.

/** The only global options allowed: they change output, never what git reads or runs. */
const allowedGlobals: ReadonlySet<string> = new Set([
  '--no-pager',
  '-P',
  '--no-optional-locks',
  '--literal-pathspecs',
]);

// Why the common blocked globals block; any other global option gets the generic reason.
const globalReasons: Readonly<Record<string, string>> = {
  '-c': 'sets configuration for this run, which can name programs for git to run',
  '--config-env': 'sets configuration for this run, which can name programs for git to run',
  '-C': 'runs git in another directory, whose repository configuration could run programs; run git from here',
  '--git-dir': 'points git at another repository, whose configuration could run programs',
  '--work-tree': 'points git at another work tree',
  '--namespace': 'changes the ref namespace',
  '--exec-path': 'changes where git finds its programs',
  '-p': 'pipes the output through a pager program; use -P (--no-pager) instead',
  '--paginate': 'pipes the output through a pager program; use -P (--no-pager) instead',
  '-h': 'asks for help, which can open a manual page in a pager or browser',
  '--help': 'asks for help, which can open a manual page in a pager or browser',
  '--super-prefix': 'is for git internals',
  '--bare': 'treats the directory as a bare repository, whose configuration could run programs',
  '--list-cmds': 'is for git internals',
};

// Why some well-known subcommands block; the rest get the generic reason.
const subcommandReasons: Readonly<Record<string, string>> = {
  help: 'opens a manual page in a pager or browser',
  fetch: 'reaches the network and updates refs',
  pull: 'reaches the network and changes the work tree',
  push: 'reaches the network and changes the remote',
  clone: 'reaches the network and writes a repository',
  'ls-remote': 'reaches the network',
  difftool: 'runs an external diff program',
  mergetool: 'runs an external merge program',
};

function globalBlock(word: ShellWord): RuleResult {
  const equals = word.value.indexOf('=');
  const name = equals === -1 ? word.value : word.value.slice(0, equals);
  const why = Object.hasOwn(globalReasons, name) ? globalReasons[name] : undefined;
  const allowed = 'allowed: --no-pager, -P, --no-optional-locks, --literal-pathspecs, --version';
  return {
    kind: 'block',
    code: ShellCodes.gitGlobalOption,
    reason: `\`git ${word.value}\` ${why ?? 'is not an allowed global option'} (${allowed})`,
  };
}

function globBlock(word: ShellWord): RuleResult {
  return {
    kind: 'block',
    code: ShellCodes.unsafeGlob,
    reason: `the glob \`${word.raw}\` before the git subcommand could expand to any option; quote it`,
  };
}

/**
 * Judges the words after `git`: allowed global options, then a read-only subcommand.
 * `--version`/`-v` become `git version` with the remaining words, as git does.
 */
export function judgeGit(args: readonly ShellWord[], context: RuleContext): RuleResult {
  let i = 0;
  for (; i < args.length; i++) {
    const word = args[i] as ShellWord;
    if (word.glob) return globBlock(word);
    if (!word.value.startsWith('-')) break;
    if (allowedGlobals.has(word.value)) continue;
    // git turns `--version`/`-v` into the `version` subcommand with the remaining words.
    if (word.value === '--version' || word.value === '-v') {
      return judgeSubcommand('version', args.slice(i + 1), context);
    }
    return globalBlock(word);
  }
  const name = args[i];
  if (name === undefined)
    return subcommandBlock('`git` needs a read-only subcommand, e.g. `git status`');
  return judgeSubcommand(name.value, args.slice(i + 1), context);
}

function judgeSubcommand(
  name: string,
  rest: readonly ShellWord[],
  context: RuleContext,
): RuleResult {
  const judge = findSubcommand(name);
  if (judge !== undefined) return judge(rest, context);
  const why = Object.hasOwn(subcommandReasons, name) ? subcommandReasons[name] : undefined;
  return subcommandBlock(
    `\`git ${name}\` ${why ?? 'is not a read-only git subcommand (aliases are not expanded)'}; read-only: ${Object.keys(gitSubcommands).join(' ')}`,
  );
}

/**
 * The `git` program rule: allowed global options, then a read-only subcommand's table.
 * Globs only after `--`, where git reads them as pathspecs.
 */
export const gitRule: ProgramRule = {
  kind: 'custom',
  globs: 'after-end-of-options',
  judge: judgeGit,
};
