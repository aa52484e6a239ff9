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

const bool = ['true', 'false', 'yes', 'no', 'on', 'off', '1', '0'];
const colors = [...bool, 'always', 'never', 'auto'];
/**
 * `git -c` settings that only change how output looks, with the values they may take (the
 * pager only as `cat`). Anything else can name a program, a file or a remote; it blocks.
 */
const harmlessSettings: Readonly<Record<string, readonly string[]>> = {
  'core.pager': ['cat'],
  'core.quotepath': bool,
  'color.ui': colors,
  'color.diff': colors,
  'color.status': colors,
  'color.branch': colors,
  'color.grep': colors,
  'color.showbranch': colors,
  'log.decorate': [...bool, 'short', 'full', 'auto'],
  'log.showsignature': ['false', 'no', 'off', '0'],
  'diff.noprefix': bool,
  'diff.mnemonicprefix': bool,
  'diff.renames': [...bool, 'copies', 'copy'],
  'diff.relative': bool,
  'column.ui': ['always', 'never', 'auto', 'column', 'row', 'plain'],
};
const harmlessSettingsText = `${Object.keys(harmlessSettings).join(' ')} and pager.CMD (false or cat)`;

function judgeConfigSetting(setting: ShellWord): string | undefined {
  if (setting.glob) return 'is a glob';
  const equals = setting.value.indexOf('=');
  const name = equals === -1 ? setting.value : setting.value.slice(0, equals);
  const value = equals === -1 ? 'true' : setting.value.slice(equals + 1);
  // Section and key are case-insensitive; a subsection (pager.<cmd>) is not, but only `pager`
  // has one here and any command name is harmless there.
  const lower = name.toLowerCase();
  if (/^pager\.[a-z0-9-]+$/.test(lower)) {
    return ['false', 'no', 'off', '0', 'cat'].includes(value) ? undefined : 'runs a pager';
  }
  const values = Object.hasOwn(harmlessSettings, lower) ? harmlessSettings[lower] : undefined;
  if (values === undefined) return 'can name a program, a file or a remote for git to use';
  return values.includes(value.toLowerCase()) ? undefined : `takes only ${values.join(', ')} here`;
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
    if (word.value === '-c') {
      const setting = args[i + 1];
      const bad = setting === undefined ? 'needs NAME=VALUE' : judgeConfigSetting(setting);
      if (bad !== undefined) {
        return {
          kind: 'block',
          code: ShellCodes.gitGlobalOption,
          reason: `\`git -c ${setting?.value ?? ''}\` ${bad}; only output settings may be set: ${harmlessSettingsText}`,
        };
      }
      i++;
      continue;
    }
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

// The list in the refusal is the same for every call: joined once, on the first refusal.
let readOnlyList: string | undefined;

function judgeSubcommand(
  name: string,
  rest: readonly ShellWord[],
  context: RuleContext,
): RuleResult {
  const judge = findSubcommand(name);
  if (judge !== undefined) return judge(rest, context);
  const why = Object.hasOwn(subcommandReasons, name) ? subcommandReasons[name] : undefined;
  readOnlyList ??= Object.keys(gitSubcommands()).join(' ');
  return subcommandBlock(
    `\`git ${name}\` ${why ?? 'is not a read-only git subcommand (aliases are not expanded)'}; read-only: ${readOnlyList}`,
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
