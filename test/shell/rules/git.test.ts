import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gitRule, judgeGit } from '../../../src/shell/rules/git.js';
import { gitCompoundJudges } from '../../../src/shell/rules/git-compound-commands.js';
import { gitConfigJudge } from '../../../src/shell/rules/git-config.js';
import { gitHistorySpecs } from '../../../src/shell/rules/git-history-commands.js';
import { gitInfoSubcommands } from '../../../src/shell/rules/git-info-commands.js';
import { bySpec } from '../../../src/shell/rules/git-judge.js';
import { gitCleanSpec } from '../../../src/shell/rules/git-query-commands.js';
import { gitRefSpecs } from '../../../src/shell/rules/git-ref-commands.js';
import { gitTreeSpecs } from '../../../src/shell/rules/git-tree-commands.js';
import type { ProgramSpec, RuleResult } from '../../../src/shell/spec.js';
import { commandWords as argv, words as plainWords, word } from '../words.js';

// `git …` command lines → verdict. `ok` is read-only; anything else is the block code.
// Words are the decoded argv: `git diff "--output=x"` reaches git as `--output=x`.

const context = { depth: 0 };

function judge(line: string): RuleResult {
  const [program, ...args] = argv(line);
  expect(program?.value).toBe('git');
  return judgeGit(args, context);
}

function verdict(line: string): string {
  const result = judge(line);
  return result.kind === 'block' ? result.code : result.kind;
}

function reason(line: string): string {
  const result = judge(line);
  return result.kind === 'block' ? result.reason : '';
}

type Row = [line: string, expected: string];

function table(rows: Row[]): void {
  it.each(rows)('%s → %s', (line, expected) => {
    expect(verdict(line)).toBe(expected);
  });
}

describe('git global options', () => {
  table([
    ['git -P log -5', 'ok'],
    ['git --no-pager log --oneline -3', 'ok'],
    ['git --no-optional-locks status', 'ok'],
    ['git --literal-pathspecs ls-files', 'ok'],
    ['git -P --no-pager --no-optional-locks status', 'ok'],
    ['git --version', 'ok'],
    ['git -v', 'ok'],
    ['git --no-pager --version', 'ok'],
    ['git --version --build-options', 'ok'],
    ['git --version --help', 'unknown_option'],
    ['git --version status', 'bad_operand'],
    ['git -C . branch -d feature', 'git_global_option'],
    ['git -C /tmp/repo status', 'git_global_option'],
    ['git -c color.ui=false branch -D feature', 'option_writes'],
    ['git -c core.pager=cat log', 'ok'],
    ['git -c color.ui=never -c core.quotePath=false status', 'ok'],
    ['git -c pager.log=false log -1', 'ok'],
    ['git -c core.quotepath log', 'ok'],
    ['git -c core.pager=less log', 'git_global_option'],
    ['git -c core.pager=sh log', 'git_global_option'],
    ['git -c pager.log=sh log', 'git_global_option'],
    ['git -c core.hooksPath=x status', 'git_global_option'],
    ['git -c diff.external=sh diff', 'git_global_option'],
    ['git -c core.fsmonitor=x status', 'git_global_option'],
    ['git -c include.path=x log', 'git_global_option'],
    ['git -c alias.x=!sh x', 'git_global_option'],
    ['git -c', 'git_global_option'],
    ['git -c core.pager=cat', 'git_subcommand'],
    ['git --config-env=core.pager=X log', 'git_global_option'],
    ['git --git-dir=/tmp/x.git log', 'git_global_option'],
    ['git --git-dir /tmp/x.git log', 'git_global_option'],
    ['git --work-tree=/tmp status', 'git_global_option'],
    ['git --namespace=x log', 'git_global_option'],
    ['git --exec-path=/tmp status', 'git_global_option'],
    ['git --exec-path', 'git_global_option'],
    ['git --paginate show HEAD', 'git_global_option'],
    ['git -p log', 'git_global_option'],
    ['git --bare log', 'git_global_option'],
    ['git --super-prefix=x status', 'git_global_option'],
    ['git --list-cmds=main', 'git_global_option'],
    ['git --help', 'git_global_option'],
    ['git -h', 'git_global_option'],
    ['git --no-pag log', 'git_global_option'],
    ['git --glob-pathspecs log', 'git_global_option'],
    ['git -Pp log', 'git_global_option'],
    ['git', 'git_subcommand'],
    ['git -P', 'git_subcommand'],
    ['git * log', 'unsafe_glob'],
    ['git -* log', 'unsafe_glob'],
  ]);

  it('names the option and the allowed ones in the reason', () => {
    expect(reason('git -c core.pager=less log')).toContain('`git -c core.pager=less`');
    expect(reason('git --paginate log')).toContain('--no-pager');
  });
});

describe('git subcommands', () => {
  table([
    ['git statusx', 'git_subcommand'],
    ['git commit -m test', 'git_subcommand'],
    ['git push origin main', 'git_subcommand'],
    ['git fetch --dry-run', 'git_subcommand'],
    ['git pull', 'git_subcommand'],
    ['git restore .', 'git_subcommand'],
    ['git checkout -- src/app.ts', 'git_subcommand'],
    ['git switch main', 'git_subcommand'],
    ['git reset HEAD~1', 'git_subcommand'],
    ['git rebase -i HEAD~3', 'git_subcommand'],
    ['git merge feature', 'git_subcommand'],
    ['git gc --prune=now', 'git_subcommand'],
    ['git apply fix.patch', 'git_subcommand'],
    ['git init', 'git_subcommand'],
    ['git bisect start', 'git_subcommand'],
    ['git help log', 'git_subcommand'],
    ['git difftool --extcmd=touch HEAD', 'git_subcommand'],
    ['git mergetool', 'git_subcommand'],
    ['git clean --force', 'unknown_option'],
    ['git am x.patch', 'git_subcommand'],
    ['git cherry-pick abc', 'git_subcommand'],
    ['git revert abc', 'git_subcommand'],
    ['git submodule update', 'git_subcommand'],
    ['git notes add -m x', 'git_subcommand'],
    ['git replace a b', 'git_subcommand'],
    ['git filter-branch', 'git_subcommand'],
    ['git update-ref refs/heads/x HEAD', 'git_subcommand'],
    ['git format-patch -1', 'git_subcommand'],
    ['git archive HEAD', 'git_subcommand'],
    ['git ls-remote origin', 'git_subcommand'],
    ['git constructor', 'git_subcommand'],
    ['git __proto__', 'git_subcommand'],
    ['git LOG', 'git_subcommand'],
  ]);

  it('says why a well-known subcommand blocks', () => {
    expect(reason('git help log')).toContain('manual');
    expect(reason('git fetch')).toContain('network');
  });

  it('exposes a custom program rule whose judge is judgeGit', () => {
    expect(gitRule.kind).toBe('custom');
    expect(gitRule.kind === 'custom' && gitRule.judge(argv('status'), context)).toEqual({
      kind: 'ok',
    });
  });
});

describe('git log, show and whatchanged', () => {
  table([
    ['git log', 'ok'],
    ['git log --oneline -20', 'ok'],
    ["git log --format='%h %an %s' -5", 'ok'],
    ['git log --graph --oneline --all', 'ok'],
    ["git log --all --oneline -- '*.md'", 'ok'],
    ['git log --all --oneline -- *.md', 'ok'],
    ['git log -1 --format=%cd', 'ok'],
    ['git log -n 5', 'ok'],
    ['git log -n5', 'ok'],
    ['git log --max-count=5 --skip 2', 'ok'],
    ['git log -p -- src/app.ts', 'ok'],
    ['git log -p -3 --stat', 'ok'],
    ['git log --stat --name-only --decorate', 'ok'],
    ['git log --decorate=short --source', 'ok'],
    ["git log -S 'needle' --pickaxe-all", 'ok'],
    ['git log -Sneedle -G^foo', 'ok'],
    ["git log --author='Ann Smith' --since=2.weeks --until yesterday", 'ok'],
    ["git log --grep 'fix' -i --all-match", 'ok'],
    ['git log --follow -- src/app.ts', 'ok'],
    ['git log -L 10,20:src/app.ts', 'ok'],
    ['git log -L:main:src/app.ts', 'ok'],
    ['git log main..feature --left-right --cherry-pick', 'ok'],
    ['git log @{u}..HEAD', 'ok'],
    ['git log HEAD~1 --no-merges --first-parent', 'ok'],
    ['git log --pretty=format:%h%x09%s --date=short', 'ok'],
    ['git log --pretty=oneline --abbrev-commit', 'ok'],
    ['git log --pretty', 'ok'],
    ["git log --format='%%G?'", 'ok'],
    ['git log --format=%%G?', 'unsafe_glob'],
    ['git log --date=format:%G-%m', 'ok'],
    ['git log --no-ext-diff --no-textconv -p', 'ok'],
    ['git log --color=always --word-diff=color', 'ok'],
    ['git log -M50 -C --find-copies-harder', 'ok'],
    ['git log -U5 -p', 'ok'],
    ['git log -pw', 'ok'],
    ['git show', 'ok'],
    ['git show --stat HEAD', 'ok'],
    ['git show abc123', 'ok'],
    ['git show HEAD:src/app.ts', 'ok'],
    ['git show --name-status HEAD~2', 'ok'],
    ['git show -s --format=%B HEAD', 'ok'],
    ['git show --no-patch --oneline stash@{0}', 'ok'],
    ['git whatchanged -3', 'ok'],
    // Writes a file in every spelling git reads.
    ['git show --output=/tmp/git-show-out-test HEAD', 'option_writes'],
    ['git show --output=out.txt', 'option_writes'],
    ['git log --output=x', 'option_writes'],
    ['git log --output x', 'option_writes'],
    ['git log -1 --output /tmp/x', 'option_writes'],
    ['git show --no-patch --output=/tmp/out HEAD', 'option_writes'],
    ['git log HEAD -- --output=x', 'ok'],
    // git's revision parser takes no abbreviations: unknown, so blocked.
    ['git log --outp=x', 'unknown_option'],
    ['git log --out=/tmp/x', 'unknown_option'],
    ['git log --onel', 'unknown_option'],
    // Programs: external diff, textconv, gpg.
    ['git log -p --ext-diff', 'option_executes'],
    ['git show --textconv HEAD', 'option_executes'],
    ['git log --show-signature', 'option_executes'],
    ['git log --format=%G?', 'option_executes'],
    ["git log --format='%h %GS'", 'option_executes'],
    ['git log --pretty=format:%GK', 'option_executes'],
    ['git log --pretty=tformat:%h%GG', 'option_executes'],
    ['git show -s --format=%GF', 'option_executes'],
    ['git log --format=%%%GP', 'option_executes'],
    // A value git's revision parser would read as an option (`-pn` is not `-p -n` there).
    ['git log -pn --output=/tmp/x', 'bad_option_value'],
    ['git log -pn --format=%G?', 'bad_option_value'],
    ['git log --author --show-signature', 'bad_option_value'],
    ['git log -S -x', 'bad_option_value'],
    // `--format` takes its value only after `=`: the next word is a revision, not a format.
    ['git log --format --show-signature', 'option_executes'],
    ['git log --stat=80 --output=x', 'option_writes'],
    // Other shapes.
    ['git log --stdin', 'unknown_option'],
    ['git log --oneline=1', 'bad_option_value'],
    ['git log *', 'unsafe_glob'],
    ['git log -- src/*.ts', 'ok'],
    ['git log --since', 'missing_option_value'],
  ]);

  it('names the option that writes', () => {
    expect(reason('git log --output=x')).toContain('`git log --output`');
    expect(reason('git log --format=%G?')).toContain('gpg');
  });
});

describe('git diff', () => {
  table([
    ['git diff', 'ok'],
    ['git diff --cached', 'ok'],
    ['git diff --staged --stat', 'ok'],
    ['git diff HEAD~1 HEAD -- src', 'ok'],
    ['git diff main...feature --name-only', 'ok'],
    ['git diff --word-diff --color-words', 'ok'],
    ['git diff -U0 --no-color', 'ok'],
    ['git diff --no-index a.txt b.txt', 'ok'],
    ['git diff --merge-base main', 'ok'],
    ['git diff --check --exit-code', 'ok'],
    ['git diff --quiet', 'ok'],
    ['git diff -w -b --ignore-blank-lines', 'ok'],
    ['git diff --diff-filter=AM --name-status', 'ok'],
    ['git diff --theirs -- f', 'ok'],
    ['git diff --output=/tmp/o.txt', 'option_writes'],
    ['git diff --no-index /dev/null /dev/null --output=~/target_config.conf', 'option_writes'],
    ['git diff --ext-diff', 'option_executes'],
    ['git diff --textconv', 'option_executes'],
    ['git diff --out=/tmp/o.txt', 'unknown_option'],
    ['git diff --ext', 'unknown_option'],
    ['git diff --no-ext', 'unknown_option'],
    ['git diff -o x', 'unknown_option'],
    ['git diff --author=x', 'unknown_option'],
    ['git diff *.ts', 'unsafe_glob'],
  ]);
});

describe('git rev-list, shortlog and blame', () => {
  table([
    ['git rev-list --count HEAD', 'ok'],
    ['git rev-list --all --objects', 'ok'],
    ['git rev-list -5 --reverse main', 'ok'],
    ['git rev-list --format=%G? HEAD', 'option_executes'],
    ['git rev-list --output=x HEAD', 'option_writes'],
    ['git shortlog -sn HEAD', 'ok'],
    ['git shortlog -sne --all', 'ok'],
    ['git shortlog --numbered --summary', 'ok'],
    ['git shortlog --group=author --group=trailer:co-authored-by', 'ok'],
    ['git shortlog --max-count=5 -c', 'ok'],
    ['git shortlog --format=%G? HEAD', 'option_executes'],
    ['git shortlog --group=format:%GS', 'option_executes'],
    ['git shortlog --output=x', 'option_writes'],
    ['git blame src/app.ts', 'ok'],
    ['git blame -L 10,20 src/app.ts', 'ok'],
    ['git blame -w -C -M -- src/app.ts', 'ok'],
    ['git blame --porcelain HEAD~3 -- f', 'ok'],
    ['git blame --line-porcelain -e f', 'ok'],
    ['git blame --since=3.weeks f', 'ok'],
    ['git blame --porc f', 'unknown_option'],
    ['git blame --textconv f', 'option_executes'],
    ['git blame --output=/tmp/x f', 'option_writes'],
  ]);
});

describe('git branch: list forms only', () => {
  table([
    ['git branch', 'ok'],
    ['git branch -vv', 'ok'],
    ['git branch -a', 'ok'],
    ['git branch -r -v', 'ok'],
    ["git branch --list 'feat*'", 'ok'],
    ['git branch -l feat/x', 'ok'],
    ['git branch --contains HEAD~3', 'ok'],
    ['git branch --contains', 'ok'],
    ['git branch -a --merged', 'ok'],
    ['git branch --no-merged main', 'ok'],
    ['git branch --show-current', 'ok'],
    ["git branch --sort=-committerdate '--format=%(refname:short)'", 'ok'],
    ['git branch --points-at HEAD', 'ok'],
    ['git branch --column --color=always', 'ok'],
    ['git branch feature', 'operand_writes'],
    ['git branch -v feature', 'operand_writes'],
    ['git branch --merged main feature', 'operand_writes'],
    ['git branch -d feature', 'option_writes'],
    ['git branch -vD feature', 'option_writes'],
    ['git branch -D feature', 'option_writes'],
    ['git branch --delete feature', 'option_writes'],
    ['git branch --del feature', 'unknown_option'],
    ['git branch -m old new', 'option_writes'],
    ['git branch -M new', 'option_writes'],
    ['git branch -c a b', 'option_writes'],
    ['git branch -C a b', 'option_writes'],
    ['git branch -f main HEAD~1', 'option_writes'],
    ['git branch -u origin/main', 'option_writes'],
    ['git branch --set-upstream-to=origin/main', 'option_writes'],
    ['git branch --unset-upstream', 'option_writes'],
    ['git branch --track x origin/x', 'option_writes'],
    ['git branch --edit-description', 'option_executes'],
    ["git branch '--format=%(signature)'", 'option_executes'],
    ["git branch --list '--format=%(signature:key)'", 'option_executes'],
    ['git branch --mer main', 'unknown_option'],
    ['git branch --m main', 'unknown_option'],
  ]);
});

describe('git tag: list forms only', () => {
  table([
    ['git tag', 'ok'],
    ["git tag -l 'v1.*'", 'ok'],
    ['git tag --list v1.0', 'ok'],
    ['git tag -n5 -l', 'ok'],
    ['git tag --contains abc123', 'ok'],
    ['git tag --contains', 'ok'],
    ['git tag --sort=-v:refname --merged', 'ok'],
    ['git tag --points-at HEAD', 'ok'],
    ['git tag -d v1.0', 'option_writes'],
    ['git tag --delete v1.0', 'option_writes'],
    ['git tag -a v1.0 -m msg', 'option_writes'],
    ['git tag -m msg v1', 'option_writes'],
    ['git tag -F notes.txt v1', 'option_writes'],
    ['git tag -f v1', 'option_writes'],
    ['git tag -s v1', 'option_executes'],
    ['git tag -u KEY v1', 'option_executes'],
    ['git tag -v v1.0', 'option_executes'],
    ['git tag --verify v1.0', 'option_executes'],
    ['git tag --ver v1.0', 'unknown_option'],
    ['git tag v1.0', 'operand_writes'],
    ['git tag v1.0 HEAD~2', 'operand_writes'],
  ]);
});

describe('git remote, stash, worktree, reflog', () => {
  table([
    ['git remote', 'ok'],
    ['git remote -v', 'ok'],
    ['git remote --verbose', 'ok'],
    ['git remote get-url origin', 'ok'],
    ['git remote get-url --push --all origin', 'ok'],
    ['git remote -v get-url origin', 'ok'],
    ['git remote show -n origin', 'ok'],
    ['git remote show origin', 'option_network'],
    ['git remote get-url', 'bad_operand'],
    ['git remote set-url origin x', 'git_subcommand'],
    ['git remote add up https://example.com/x.git', 'git_subcommand'],
    ['git remote remove origin', 'git_subcommand'],
    ['git remote prune origin', 'git_subcommand'],
    ['git remote update', 'git_subcommand'],
    ['git remote --verb', 'unknown_option'],
    ['git stash list', 'ok'],
    ['git stash list --oneline -5', 'ok'],
    ['git stash show', 'ok'],
    ['git stash show -p stash@{0}', 'ok'],
    ['git stash show --stat stash@{1}', 'ok'],
    ['git stash show -u', 'ok'],
    ['git stash show --include-untracked --name-only', 'ok'],
    ['git stash show a b', 'bad_operand'],
    ['git stash show --output=x', 'option_writes'],
    ['git stash show --ext-diff', 'option_executes'],
    ['git stash list --format=%G?', 'option_executes'],
    ['git stash', 'git_subcommand'],
    ['git stash pop', 'git_subcommand'],
    ['git stash apply', 'git_subcommand'],
    ['git stash drop stash@{0}', 'git_subcommand'],
    ['git stash push -m wip', 'git_subcommand'],
    ['git stash -p', 'git_subcommand'],
    ['git stash clear', 'git_subcommand'],
    ['git worktree list', 'ok'],
    ['git worktree list --porcelain -z', 'ok'],
    ['git worktree list x', 'bad_operand'],
    ['git worktree add ../x', 'git_subcommand'],
    ['git worktree prune', 'git_subcommand'],
    ['git worktree', 'git_subcommand'],
    ['git reflog', 'ok'],
    ['git reflog -10', 'ok'],
    ['git reflog show --oneline main', 'ok'],
    ['git reflog main', 'ok'],
    ['git reflog --date=iso', 'ok'],
    ['git reflog exists refs/heads/main', 'ok'],
    ['git reflog exists', 'bad_operand'],
    ['git reflog expire --expire=now --all', 'git_subcommand'],
    ['git reflog delete HEAD@{1}', 'git_subcommand'],
    ['git reflog drop main', 'git_subcommand'],
    ['git reflog --output=x', 'option_writes'],
  ]);
});

describe('git config: reading forms only', () => {
  table([
    ['git config --get remote.origin.url', 'ok'],
    ['git config --list --show-origin', 'ok'],
    ['git config -l', 'ok'],
    ['git config --global --list', 'ok'],
    ['git config user.name', 'ok'],
    ['git config --get-all remote.origin.fetch', 'ok'],
    ['git config --get-regexp ^alias\\.', 'ok'],
    ['git config --get-urlmatch http https://example.com', 'ok'],
    ['git config --file .gitmodules --get-regexp path', 'ok'],
    ['git config --bool --get core.bare', 'ok'],
    ['git config --type=bool core.bare', 'ok'],
    ['git config --show-scope --show-origin --name-only -l', 'ok'],
    ['git config get user.name', 'ok'],
    ['git config get --all --show-names remote.origin.fetch', 'ok'],
    ['git config list --show-origin', 'ok'],
    ['git config list x', 'bad_operand'],
    ['git config get', 'bad_operand'],
    ['git config user.name Bob', 'operand_writes'],
    ['git config --global user.name Bob', 'operand_writes'],
    ["git config core.pager 'less -R'", 'operand_writes'],
    ['git config --get a.b c d', 'operand_writes'],
    ['git config --add x.y z', 'option_writes'],
    ['git config --unset user.name', 'option_writes'],
    ['git config --unset-all x.y', 'option_writes'],
    ['git config --replace-all x.y z', 'option_writes'],
    ['git config --rename-section a b', 'option_writes'],
    ['git config --remove-section a', 'option_writes'],
    ['git config --un user.name', 'unknown_option'],
    ['git config --unset-a x.y', 'unknown_option'],
    ['git config -e', 'option_executes'],
    ['git config --edit', 'option_executes'],
    ['git config set user.name Bob', 'operand_writes'],
    ['git config unset user.name', 'operand_writes'],
    // git 2.46's subcommands: the first word without a leading `-` is the subcommand, after
    // any options (their values included), so `edit` there opens an editor.
    ['git config edit', 'option_executes'],
    ['git config --global edit', 'option_executes'],
    // `x` is the first such word here: git 2.46 stops looking and reads the key `edit` (an error).
    ['git config -f x edit', 'ok'],
    ['git config -f edit --list', 'option_executes'],
    ['git config -- edit', 'option_executes'],
    ['git config --worktree edit', 'option_executes'],
    ['git config set --append a.b c', 'operand_writes'],
    ['git config --global set a.b c', 'operand_writes'],
    ['git config unset --all a.b', 'operand_writes'],
    ['git config rename-section a b', 'operand_writes'],
    ['git config remove-section a', 'operand_writes'],
    ['git config --local remove-section a', 'operand_writes'],
    ['git config --global get user.name', 'ok'],
    ['git config --show-origin list', 'ok'],
    ['git config get --url=https://example.com http.proxy', 'ok'],
    ['git config get --value=x --fixed-value a.b', 'ok'],
    ['git config get --default=x a.b', 'ok'],
    ['git config list --comment=x', 'unknown_option'],
    ['git config get --comment=x a.b', 'unknown_option'],
    ['git config --get edit', 'option_executes'],
    ['git config e*', 'unsafe_glob'],
    ['git config --get-colorbool color.diff true', 'ok'],
    // The option syntax stops at the first operand: this sets user.name to `--get`.
    ['git config user.name --get', 'operand_writes'],
    ['git config --global user.name --list', 'operand_writes'],
  ]);
});

describe('the other read-only subcommands', () => {
  table([
    ['git status', 'ok'],
    ['git status --porcelain', 'ok'],
    ['git status --porcelain=v2 -b', 'ok'],
    ['git status -sb', 'ok'],
    ['git status --short --untracked-files=no -- src', 'ok'],
    ['git status -uno', 'ok'],
    ['git status --ignored', 'ok'],
    ['git status --porc', 'unknown_option'],
    ['git status --output=x', 'unknown_option'],
    ['git rev-parse --show-toplevel', 'ok'],
    ['git rev-parse --abbrev-ref HEAD', 'ok'],
    ['git rev-parse --short=8 HEAD', 'ok'],
    ['git rev-parse --verify --quiet refs/heads/main', 'ok'],
    ['git rev-parse --git-dir --is-inside-work-tree', 'ok'],
    ['git rev-parse --git-path hooks', 'ok'],
    ['git rev-parse HEAD@{u}', 'ok'],
    ['git rev-parse --show-top', 'unknown_option'],
    ['git ls-files', 'ok'],
    ["git ls-files -- '*.ts'", 'ok'],
    ['git ls-files -m -o --exclude-standard', 'ok'],
    ['git ls-files --others --ignored --exclude-standard --directory', 'ok'],
    ['git ls-files -s src', 'ok'],
    ["git ls-files '--format=%(objectname) %(path)'", 'ok'],
    ['git ls-files *.ts', 'unsafe_glob'],
    ['git ls-tree -r HEAD --name-only', 'ok'],
    ['git ls-tree -r -l HEAD -- src', 'ok'],
    ['git ls-tree --full-tree -r HEAD', 'ok'],
    ['git cat-file -p HEAD', 'ok'],
    ['git cat-file -t HEAD~1', 'ok'],
    ['git cat-file -s HEAD:README.md', 'ok'],
    ['git cat-file blob HEAD:README.md', 'ok'],
    ['git cat-file --batch-check', 'ok'],
    ["git cat-file '--batch-check=%(objectname)' --batch-all-objects", 'ok'],
    ['git cat-file --textconv HEAD:f', 'option_executes'],
    ['git cat-file --filters HEAD:f', 'option_executes'],
    ['git cat-file --text HEAD:f', 'unknown_option'],
    ['git cat-file --fil HEAD:f', 'unknown_option'],
    ['git describe', 'ok'],
    ['git describe --tags --always', 'ok'],
    ['git describe --tags --always --dirty', 'option_writes'],
    ['git describe --dirty=-x', 'option_writes'],
    ['git describe --dirt', 'unknown_option'],
    ['git describe --broken', 'option_writes'],
    ['git describe --bro=x HEAD', 'unknown_option'],
    ['git describe --abbrev=0 --match v* HEAD', 'unsafe_glob'],
    ["git describe --abbrev=0 --match 'v*' HEAD", 'ok'],
    ['git shortlog -sn HEAD', 'ok'],
    ['git show-ref', 'ok'],
    ['git show-ref --tags --heads -d', 'ok'],
    ['git show-ref --verify refs/heads/main', 'ok'],
    ['git for-each-ref', 'ok'],
    [
      "git for-each-ref --sort=-committerdate --format='%(refname:short) %(committerdate:relative)' refs/heads",
      'ok',
    ],
    ['git for-each-ref --count=5 --merged', 'ok'],
    ["git for-each-ref '--format=%(signature)'", 'option_executes'],
    ['git merge-base main feature', 'ok'],
    ['git merge-base --is-ancestor a b', 'ok'],
    ['git merge-base --fork-point main', 'ok'],
    ['git name-rev HEAD', 'ok'],
    ['git name-rev --name-only --tags abc123', 'ok'],
    ['git grep needle', 'ok'],
    ['git grep -n -i needle -- src', 'ok'],
    ['git grep -e foo --and -e bar', 'ok'],
    ['git grep -3 -w needle', 'ok'],
    ['git grep -C 2 -p needle HEAD~1', 'ok'],
    ['git grep --cached -l needle', 'ok'],
    ['git grep --no-index needle', 'ok'],
    ["git grep -E 'a|b' -- '*.ts'", 'ok'],
    ['git grep -O needle', 'option_executes'],
    ['git grep -Ovim needle', 'option_executes'],
    ['git grep -iO needle', 'option_executes'],
    ["git grep --open-f='touch /tmp/pwned' needle", 'unknown_option'],
    ['git grep --open-files-in-pager=less needle', 'option_executes'],
    ['git grep --open needle', 'unknown_option'],
    ['git grep --textconv needle', 'option_executes'],
    ['git grep --no-textconv needle', 'ok'],
    ['git version', 'ok'],
    ['git version --build-options', 'ok'],
    ['git version x', 'bad_operand'],
  ]);
});

describe('properties', () => {
  // Per subcommand, words that must block wherever they stand before a `--`.
  const dangerous: Record<string, string[]> = {
    log: ['--output=/tmp/x', '--ext-diff', '--textconv', '--show-signature', "--format='%G?'"],
    show: ['--output', '--ext-diff', '--textconv', '--show-signature', "--pretty='%GS'"],
    diff: ['--output=x', '--ext-diff', '--textconv'],
    grep: ['-O', '-Oless', '--open-files-in-pager=x', '--open-f', '--textconv'],
    branch: ['-d', '-D', '--delete', '-m', '-vD', '--edit-description', '--set-up=x'],
    tag: ['-d', '-a', '-s', '-v', '--verify', '-f'],
    config: ['--edit', '-e', '--unset', '--add', '--replace-all'],
    'cat-file': ['--textconv', '--filters'],
  };
  const plain = fc.stringMatching(/^[a-z0-9.~^@{}/:-]{1,12}$/);

  it('a dangerous option never passes, wherever it stands among plain words', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(dangerous)),
        fc.array(plain, { maxLength: 4 }),
        fc.nat(20),
        fc.nat(4),
        (sub, rest, pick, at) => {
          const choices = dangerous[sub] ?? [];
          const bad = choices[pick % choices.length] ?? '';
          const before = rest.slice(0, Math.min(at, rest.length));
          fc.pre(!before.includes('--'));
          const words = [...before, bad, ...rest.slice(before.length)];
          expect(judgeGit(plainWords([sub, ...words].join(' ')), context).kind).toBe('block');
        },
      ),
    );
  });

  it('no global option but the allowed ones passes', () => {
    const allowed = ['--no-pager', '-P', '--no-optional-locks', '--literal-pathspecs'];
    fc.assert(
      fc.property(fc.stringMatching(/^-[-a-zA-Z=.]{1,14}$/), (option) => {
        fc.pre(option !== '--version' && option !== '-v');
        const result = judgeGit(plainWords(`${option} status`), context);
        expect(result.kind === 'ok').toBe(allowed.includes(option));
      }),
    );
  });
});

describe('long options: exact names only (git versions resolve prefixes differently)', () => {
  // `git cat-file --filter` is `--filters` (runs the filter driver) in git 2.39 and an object
  // filter of its own in later gits; `git grep --in` is ambiguous in both, `git for-each-ref
  // --in` unknown in 2.39 and `--include-root-refs` in 2.55. The oracle tests run real gits.
  const { blameSpec, diffSpec, logSpec, revListSpec, shortlogSpec, stashShowSpec } =
    gitHistorySpecs();
  const refs = gitRefSpecs();
  const tree = gitTreeSpecs();
  const { infoSpecs } = gitInfoSubcommands();
  const { remoteGetUrlSpec, remoteShowSpec } = gitCompoundJudges();
  const tables: [command: string[], spec: ProgramSpec][] = [
    [['log'], logSpec],
    [['diff'], diffSpec],
    [['rev-list'], revListSpec],
    [['shortlog'], shortlogSpec],
    [['blame'], blameSpec],
    [['stash', 'show'], stashShowSpec],
    [['branch'], refs.branchSpec],
    [['tag'], refs.tagSpec],
    [['for-each-ref'], refs.forEachRefSpec],
    [['show-ref'], refs.showRefSpec],
    [['describe'], refs.describeSpec],
    [['name-rev'], refs.nameRevSpec],
    [['merge-base'], refs.mergeBaseSpec],
    [['rev-parse'], refs.revParseSpec],
    [['status'], tree.statusSpec],
    [['ls-files'], tree.lsFilesSpec],
    [['ls-tree'], tree.lsTreeSpec],
    [['cat-file'], tree.catFileSpec],
    [['grep'], tree.grepSpec],
    [['version'], tree.versionSpec],
    [['worktree', 'list'], tree.worktreeListSpec],
    [['config'], gitConfigJudge().legacyConfigSpec],
    [['remote', 'get-url'], remoteGetUrlSpec],
    [['remote', 'show'], remoteShowSpec],
    [['count-objects'], infoSpecs.countObjectsSpec],
    [['check-ignore'], infoSpecs.checkIgnoreSpec],
    [['check-attr'], infoSpecs.checkAttrSpec],
    [['cherry'], infoSpecs.cherrySpec],
    [['show-branch'], infoSpecs.showBranchSpec],
    [['symbolic-ref'], infoSpecs.symbolicRefRead],
    [['range-diff'], infoSpecs.rangeDiffSpec],
    [['clean'], gitCleanSpec()],
  ];
  const longKeys = (spec: ProgramSpec) =>
    Object.keys(spec.options).filter((key) => key.startsWith('--'));

  it('every prefix of every long option in the tables is refused unless it is a name itself', () => {
    const passed: string[] = [];
    for (const [command, spec] of tables) {
      for (const key of longKeys(spec)) {
        for (let end = 3; end < key.length; end++) {
          const spelled = key.slice(0, end);
          if (Object.hasOwn(spec.options, spelled)) continue;
          for (const args of [[spelled], [`${spelled}=x`], [spelled, 'x']]) {
            const line = [...command, ...args];
            if (judgeGit(plainWords(line.join(' ')), context).kind !== 'block')
              passed.push(line.join(' '));
          }
        }
      }
    }
    expect(passed).toEqual([]);
  });

  it('names the options a refused prefix abbreviates', () => {
    expect(verdict('git grep --open-f=x needle')).toBe('unknown_option');
    expect(reason('git grep --open-f=x needle')).toContain('--open-files-in-pager');
    expect(reason('git cat-file --filter HEAD:f')).toContain('--filters');
    expect(reason('git status --porc')).toContain('spell the option out: --porcelain');
    expect(reason('git grep --zzz needle')).toContain('not an option known to be read-only');
  });

  it('property: a long option word passes only as an exact name of its table', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...tables),
        fc.nat(),
        fc.nat(40),
        fc.constantFrom('', '=x'),
        ([command, spec], pick, cut, value) => {
          const keys = longKeys(spec);
          fc.pre(keys.length > 0);
          const key = keys[pick % keys.length] as string;
          const spelled = key.slice(0, Math.max(3, key.length - cut));
          const result = judgeGit(
            plainWords([...command, `${spelled}${value}`].join(' ')),
            context,
          );
          if (!Object.hasOwn(spec.options, spelled)) expect(result.kind).toBe('block');
        },
      ),
    );
  });

  it('property: bySpec accepts a long option only by its exact name, whatever the table says', () => {
    const name = fc.stringMatching(/^--[a-c][a-c-]{0,4}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(true, false, undefined),
        name,
        (keys, abbreviations, spelled) => {
          const spec: ProgramSpec = {
            options: Object.fromEntries(keys.map((key) => [key, {}])),
            globs: 'anywhere',
            ...(abbreviations === undefined ? {} : { abbreviations }),
          };
          const result = bySpec('x', spec)([word(spelled)], context);
          expect(result.kind === 'ok').toBe(keys.includes(spelled));
        },
      ),
    );
  });
});
