import { gitCompoundJudges } from './git-compound-commands.js';
import { gitConfigJudge } from './git-config.js';
import { gitHistorySpecs } from './git-history-commands.js';
import { gitInfoSubcommands } from './git-info-commands.js';
import { bySpec, type SubcommandJudge } from './git-judge.js';
import { gitQuerySubcommands } from './git-query-commands.js';
import { gitRefSpecs, withLastArgDefault } from './git-ref-commands.js';
import { gitTreeSpecs } from './git-tree-commands.js';

// The read-only git subcommands and how each is judged. A name missing here blocks: other
// subcommands write, reach the network, open editors or pagers, or are aliases from config.

/** Ref-filter options like `--merged` default to HEAD as the last word; judge with it spelled out. */
function withDefaults(judge: SubcommandJudge): SubcommandJudge {
  return (args, context) => judge(withLastArgDefault(args), context);
}

/**
 * Subcommand name → judge of the words after it.
 * A name missing here blocks with git_subcommand.
 */
export function gitSubcommands(): Readonly<Record<string, SubcommandJudge>> {
  table ??= buildGitSubcommands();
  return table;
}

let table: Readonly<Record<string, SubcommandJudge>> | undefined;

// Built on the first `git` command judged, not when the module loads.
function buildGitSubcommands(): Readonly<Record<string, SubcommandJudge>> {
  const { blameSpec, diffSpec, logSpec, revListSpec, shortlogSpec } = gitHistorySpecs();
  const {
    branchSpec,
    describeSpec,
    forEachRefSpec,
    mergeBaseSpec,
    nameRevSpec,
    revParseSpec,
    showRefSpec,
    tagSpec,
  } = gitRefSpecs();
  const { catFileSpec, grepSpec, lsFilesSpec, lsTreeSpec, statusSpec, versionSpec } =
    gitTreeSpecs();
  const { judgeReflog, judgeRemote, judgeStash, judgeWorktree } = gitCompoundJudges();
  const { judgeConfig } = gitConfigJudge();
  const { infoSubcommands } = gitInfoSubcommands();
  return {
    status: bySpec('status', statusSpec),
    log: bySpec('log', logSpec),
    show: bySpec('show', logSpec),
    whatchanged: bySpec('whatchanged', logSpec),
    diff: bySpec('diff', diffSpec),
    'rev-list': bySpec('rev-list', revListSpec),
    shortlog: bySpec('shortlog', shortlogSpec),
    blame: bySpec('blame', blameSpec),
    branch: withDefaults(bySpec('branch', branchSpec)),
    tag: withDefaults(bySpec('tag', tagSpec)),
    'for-each-ref': withDefaults(bySpec('for-each-ref', forEachRefSpec)),
    'show-ref': bySpec('show-ref', showRefSpec),
    describe: bySpec('describe', describeSpec),
    'name-rev': bySpec('name-rev', nameRevSpec),
    'merge-base': bySpec('merge-base', mergeBaseSpec),
    'rev-parse': bySpec('rev-parse', revParseSpec),
    'ls-files': bySpec('ls-files', lsFilesSpec),
    'ls-tree': bySpec('ls-tree', lsTreeSpec),
    'cat-file': bySpec('cat-file', catFileSpec),
    grep: bySpec('grep', grepSpec),
    version: bySpec('version', versionSpec),
    remote: judgeRemote,
    stash: judgeStash,
    worktree: judgeWorktree,
    reflog: judgeReflog,
    config: judgeConfig,
    ...infoSubcommands,
    ...gitQuerySubcommands(),
  };
}

/**
 * The judge for a subcommand name, if it is one of ours.
 * Own keys only, so `constructor` or `__proto__` find nothing.
 */
export function findSubcommand(name: string): SubcommandJudge | undefined {
  judges ??= new Map(Object.entries(gitSubcommands()));
  return judges.get(name);
}

// The same judges in a Map: the table has too many keys for a fast-mode object, and a Map has
// no prototype members to guard against.
let judges: ReadonlyMap<string, SubcommandJudge> | undefined;
