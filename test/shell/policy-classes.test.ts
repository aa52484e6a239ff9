import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OptionsError } from '../../src/errors.js';
import { resolveOptions } from '../../src/options.js';
import { analyzeShellCommand } from '../../src/shell/analyze.js';
import { shellPolicyClassNames } from '../../src/shell/policy-class-names.js';
import { shellPolicyClasses } from '../../src/shell/policy-classes.js';

// Opt-in policy classes: off by default, validated, and the network-read class admits only
// gh's view/list commands and GET requests. Each refusal is the flag that would make gh write,
// send a body, open a browser, loop, or reach a host other than GitHub's API.

const networkRead = { policyClasses: ['network-read'] } as const;

const allowed = [
  'gh pr view 12',
  'gh pr view 12 --comments --json title,body -q .title',
  'gh pr list -s open -L 20 --json number,title',
  'gh pr list --author @me -B main',
  'gh pr diff 12 --name-only',
  'gh pr diff --patch',
  'gh pr checks 12 --required',
  'gh pr status',
  'gh issue view 3 -c',
  'gh issue list -l bug --milestone v1',
  'gh issue status',
  'gh repo view owner/repo --json description',
  'gh repo list owner --limit 5 --archived',
  'gh release view v1.2.0',
  'gh release list -L 3 --exclude-drafts',
  'gh run view 123 --log-failed',
  'gh run list -w ci.yml -b main -s failure',
  'gh workflow view ci.yml --yaml',
  'gh workflow list --all',
  'gh search issues "flaky test" --repo owner/repo --state open',
  'gh search code parseShell --language typescript -L 5',
  'gh api repos/owner/repo/pulls',
  "gh api 'repos/owner/repo/issues?state=open' --paginate --jq '.[].title'",
  'gh api -X GET repos/owner/repo',
  'gh api --method GET repos/owner/repo',
  "gh api -H 'Accept: application/vnd.github.raw' repos/owner/repo/contents/README.md",
];

const refused: [string, string][] = [
  ['gh pr view 12 --web', 'option_executes'],
  ['gh pr view 12 -w', 'option_executes'],
  ['gh pr view 12 -cw', 'option_executes'],
  ['gh pr list --web', 'option_executes'],
  ['gh repo view --web', 'option_executes'],
  ['gh search repos x --web', 'option_executes'],
  ['gh workflow view ci.yml -w', 'option_executes'],
  ['gh pr checks 12 --watch', 'option_interactive'],
  ['gh pr checks 12 -i 5', 'option_interactive'],
  ['gh pr merge 12', 'network_program'],
  ['gh pr checkout 12', 'network_program'],
  ['gh pr create', 'network_program'],
  ['gh issue create', 'network_program'],
  ['gh issue comment 3 -b x', 'network_program'],
  ['gh repo clone owner/repo', 'network_program'],
  ['gh release download v1', 'network_program'],
  ['gh run rerun 123', 'network_program'],
  ['gh run watch 123', 'network_program'],
  ['gh workflow run ci.yml', 'network_program'],
  ['gh auth token', 'network_program'],
  ['gh extension exec x', 'network_program'],
  ['gh my-alias', 'network_program'],
  ['gh', 'network_program'],
  ['gh search', 'network_program'],
  ['gh api -X POST repos/o/r/issues', 'option_writes'],
  ['gh api -XPOST repos/o/r/issues', 'option_writes'],
  ['gh api --method=DELETE repos/o/r', 'option_writes'],
  ['gh api -X get repos/o/r', 'option_writes'],
  ['gh api -f title=x repos/o/r/issues', 'option_writes'],
  ['gh api -X GET -f q=x search/issues', 'option_writes'],
  ['gh api -F title=@/etc/passwd repos/o/r/issues', 'option_writes'],
  ['gh api --field title=x repos/o/r/issues', 'option_writes'],
  ['gh api --raw-field title=x repos/o/r/issues', 'option_writes'],
  ['gh api --input body.json repos/o/r/issues', 'option_writes'],
  ['gh api --cache 1h repos/o/r', 'option_writes'],
  ['gh api graphql', 'option_writes'],
  ['gh api GraphQL', 'option_writes'],
  ['gh api https://evil.example/x', 'option_writes'],
  ['gh api //evil.example/x', 'option_writes'],
  ["gh api -H 'X-HTTP-Method-Override: DELETE' repos/o/r", 'option_unsupported'],
  ['gh api', 'bad_operand'],
  ['gh api repos/o/r extra', 'bad_operand'],
  ['gh pr view --we', 'unknown_option'],
  ['gh pr list --frobnicate', 'unknown_option'],
  ['gh pr view 1 2', 'bad_operand'],
  ['gh -R owner/repo pr list', 'network_program'],
  ['gh api repos/o/r/issues?state=open', 'unsafe_glob'],
];

describe('policy classes are off by default', () => {
  it.each(allowed)('%s blocks by default and names the class that would allow it', (command) => {
    const verdict = analyzeShellCommand(command);
    expect(verdict.code).toBe('network_program');
    expect(verdict.reason).toContain("shell.policyClasses: ['network-read']");
  });

  it('a gh command the class would refuse gets no class hint', () => {
    const verdict = analyzeShellCommand('gh pr merge 12');
    expect(verdict.reason).toBe(
      '`gh` reaches the network or a remote service; read what is already local instead (git log, git show, cat of cached files) and plan the call',
    );
  });

  it('resolveOptions defaults to no classes', () => {
    expect(resolveOptions({}).shell.policyClasses).toEqual([]);
  });
});

describe('network-read', () => {
  it.each(allowed)('allows %s', (command) => {
    expect(analyzeShellCommand(command, networkRead)).toMatchObject({
      readOnly: true,
      code: 'read_only',
    });
  });

  it.each(refused)('refuses %s (%s)', (command, code) => {
    const verdict = analyzeShellCommand(command, networkRead);
    expect(verdict.readOnly).toBe(false);
    expect(verdict.code).toBe(code);
  });

  it('documents what it trusts', () => {
    expect(shellPolicyClassNames).toEqual(['network-read']);
    expect(shellPolicyClasses['network-read'].trusts).toContain('gh api');
    expect(Object.keys(shellPolicyClasses['network-read'].programs)).toEqual(['gh']);
  });

  it('removePrograms and programs still win over a class', () => {
    expect(analyzeShellCommand('gh pr list', { ...networkRead, removePrograms: ['gh'] }).code).toBe(
      'removed_by_policy',
    );
  });

  it('property: any word after a read command that spells a body, method or browser flag refuses', () => {
    const hazards = ['--web', '-w', '--watch', '-f', '-F', '--input', '--cache', '-XPOST'];
    fc.assert(
      fc.property(
        fc.constantFrom('gh pr view 1', 'gh issue list', 'gh repo view', 'gh api repos/o/r'),
        fc.constantFrom(...hazards),
        fc.constantFrom('', ' x=1', ' 1h', ' body.json'),
        (base, flag, value) => {
          const verdict = analyzeShellCommand(`${base} ${flag}${value}`, networkRead);
          // Either the hazard's own block, an unknown option, or a surplus operand: never ok.
          expect(verdict.readOnly).toBe(false);
        },
      ),
      { seed: 11, numRuns: 300 },
    );
  });
});

describe('validation', () => {
  it('an unknown class name is a typed error naming it', () => {
    expect(() => analyzeShellCommand('ls', { policyClasses: ['network-write' as never] })).toThrow(
      OptionsError,
    );
    try {
      analyzeShellCommand('ls', { policyClasses: ['network-read', 'nope' as never] });
    } catch (error) {
      expect((error as OptionsError).issues).toEqual([
        { path: 'policyClasses.1', message: 'unknown policy class "nope"; known: network-read' },
      ]);
    }
    expect.assertions(2);
  });

  it('resolveOptions rejects an unknown class with the option path', () => {
    expect(() => resolveOptions({ shell: { policyClasses: ['nope' as never] } })).toThrow(
      OptionsError,
    );
    expect(
      resolveOptions({ shell: { policyClasses: ['network-read'] } }).shell.policyClasses,
    ).toEqual(['network-read']);
  });
});
