import { describe, expect, it } from 'vitest';
import { judge } from './judge.js';

describe('git subcommands that only report', () => {
  it.each<[string, string]>([
    ['git count-objects -vH', 'ok'],
    ['git count-objects x', 'bad_operand'],
    ['git check-ignore -v node_modules', 'ok'],
    ['git check-ignore --stdin -z', 'ok'],
    ['git check-attr -a -- src/index.ts', 'ok'],
    ['git check-attr --source=HEAD diff -- a.txt', 'ok'],
    ['git var -l', 'ok'],
    ['git var GIT_EDITOR', 'ok'],
    ['git cherry -v origin/main', 'ok'],
    ['git show-branch --all --more=5', 'ok'],
    ['git show-branch --reflog=3 main', 'ok'],
    ['git symbolic-ref HEAD', 'ok'],
    ['git symbolic-ref --short -q HEAD', 'ok'],
    ['git symbolic-ref HEAD refs/heads/evil', 'operand_writes'],
    ['git symbolic-ref -d HEAD', 'unknown_option'],
    ['git symbolic-ref -m msg HEAD refs/heads/x', 'unknown_option'],
    ['git notes', 'ok'],
    ['git notes list', 'ok'],
    ['git notes list HEAD', 'ok'],
    ['git notes add -m x', 'git_subcommand'],
    ['git notes --ref=x list', 'git_subcommand'],
    ['git notes remove HEAD', 'git_subcommand'],
  ])('%s → %s', (command, expected) => {
    expect(judge(command)).toBe(expected);
  });
});
