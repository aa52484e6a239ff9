import { ShellCodes } from '../codes.js';
import type { ProgramSpec } from '../spec.js';
import { gitHistorySpecs } from './git-history-commands.js';
import { bySpec, type SubcommandJudge, subcommandBlock } from './git-judge.js';
import { flag } from './git-option-kinds.js';
import { gitTreeSpecs } from './git-tree-commands.js';

// Subcommands whose first word picks a mode, most of which write: only the listing modes pass.

// Built on first use (the first `git` command judged), not when the module loads.
function buildGitCompoundJudges() {
  const { logSpec, stashShowSpec } = gitHistorySpecs();
  const { worktreeListSpec } = gitTreeSpecs();
  /**
   * `git remote get-url [--push] [--all] NAME`: prints a configured URL.
   * Exactly one remote name; nothing is contacted.
   */
  const remoteGetUrlSpec: ProgramSpec = {
    options: { '--push': flag, '--all': flag },
    globs: 'never',
    operands: { min: 1, max: 1 },
  };

  /**
   * `git remote show -n NAME…`: what is known locally about a remote.
   * Without `-n` git asks the remote over the network, so the check requires it.
   */
  const remoteShowSpec: ProgramSpec = {
    options: { '-n': flag },
    globs: 'never',
    check: (parsed) =>
      parsed.options.some((option) => option.name === '-n')
        ? { kind: 'ok' }
        : {
            kind: 'block',
            code: ShellCodes.optionNetwork,
            reason:
              '`git remote show NAME` contacts the remote; add -n to show what is known locally',
          },
  };

  const remoteVerbose: ReadonlySet<string> = new Set(['-v', '--verbose']);
  const judgeGetUrl = bySpec('remote get-url', remoteGetUrlSpec);
  const judgeRemoteShow = bySpec('remote show', remoteShowSpec);

  /**
   * `git remote [-v]`, `git remote get-url NAME`, `git remote show -n NAME`.
   * Every other mode (add, remove, set-url, prune, update…) changes remotes or fetches.
   */
  const judgeRemote: SubcommandJudge = (args, context) => {
    let i = 0;
    while (i < args.length && remoteVerbose.has(args[i]?.value ?? '')) i++;
    const mode = args[i];
    if (mode === undefined) return { kind: 'ok' };
    if (mode.value === 'get-url') return judgeGetUrl(args.slice(i + 1), context);
    if (mode.value === 'show') return judgeRemoteShow(args.slice(i + 1), context);
    if (mode.value.startsWith('-')) {
      return {
        kind: 'block',
        code: ShellCodes.unknownOption,
        reason: `\`git remote ${mode.value}\` is not an option known to be read-only; use -v`,
      };
    }
    return subcommandBlock(
      `\`git remote ${mode.value}\` is not read-only; \`git remote -v\` and \`git remote get-url NAME\` are`,
    );
  };

  const judgeStashList = bySpec('stash list', logSpec);
  const judgeStashShow = bySpec('stash show', stashShowSpec);

  /**
   * `git stash list` (log options) and `git stash show` (diff options).
   * Bare `git stash` saves changes, and every other mode changes the stash or work tree.
   */
  const judgeStash: SubcommandJudge = (args, context) => {
    const mode = args[0]?.value;
    if (mode === 'list') return judgeStashList(args.slice(1), context);
    if (mode === 'show') return judgeStashShow(args.slice(1), context);
    const what = mode === undefined ? '`git stash`' : `\`git stash ${mode}\``;
    return subcommandBlock(
      `${what} changes the work tree or the stash; \`git stash list\` and \`git stash show\` are read-only`,
    );
  };

  const judgeWorktreeList = bySpec('worktree list', worktreeListSpec);

  /**
   * `git worktree list` only.
   * The other modes add, move, lock or remove worktrees.
   */
  const judgeWorktree: SubcommandJudge = (args, context) => {
    const mode = args[0]?.value;
    if (mode === 'list') return judgeWorktreeList(args.slice(1), context);
    const what = mode === undefined ? '`git worktree`' : `\`git worktree ${mode}\``;
    return subcommandBlock(`${what} is not read-only; \`git worktree list\` is`);
  };

  const reflogExistsSpec: ProgramSpec = {
    options: {},
    globs: 'never',
    operands: { min: 1, max: 1 },
  };

  // The subcommands of `git reflog` that change reflogs (drop and write are newer git's).
  const reflogWriters: ReadonlySet<string> = new Set(['expire', 'delete', 'drop', 'write']);
  const judgeReflogShow = bySpec('reflog', logSpec);
  const judgeReflogExists = bySpec('reflog exists', reflogExistsSpec);

  /**
   * `git reflog [show] [log options] [ref]` and `git reflog exists REF`. Git picks a subcommand
   * only from the first word; any other first word starts `show`'s arguments.
   */
  const judgeReflog: SubcommandJudge = (args, context) => {
    const mode = args[0]?.value;
    if (mode === 'show') return judgeReflogShow(args.slice(1), context);
    if (mode === 'exists') return judgeReflogExists(args.slice(1), context);
    if (mode !== undefined && reflogWriters.has(mode)) {
      return subcommandBlock(
        `\`git reflog ${mode}\` changes reflogs; \`git reflog show\` is read-only`,
      );
    }
    return judgeReflogShow(args, context);
  };
  return { remoteGetUrlSpec, remoteShowSpec, judgeRemote, judgeStash, judgeWorktree, judgeReflog };
}

let cache: ReturnType<typeof buildGitCompoundJudges> | undefined;

/** The judges of remote, stash, worktree and reflog (and the remote specs the oracle tests read), built once. */
export function gitCompoundJudges(): ReturnType<typeof buildGitCompoundJudges> {
  cache ??= buildGitCompoundJudges();
  return cache;
}
