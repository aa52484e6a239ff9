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

describe('network-read reaches only the configured GitHub hosts', () => {
  const ghes = { ...networkRead, githubHosts: ['github.com', 'ghe.example.com'] } as const;

  it.each([
    'gh pr list -R owner/repo',
    'gh pr list -R github.com/owner/repo',
    'gh pr list -R GitHub.com/owner/repo',
    'gh repo view owner/repo',
    'gh repo view repo',
    'gh repo view github.com/owner/repo',
    'gh repo view https://github.com/owner/repo',
    'gh pr view https://github.com/owner/repo/pull/12',
    'gh issue view https://github.com/owner/repo/issues/3',
    'gh pr view feature/login',
    'gh pr view owner:branch',
    'gh api --hostname github.com repos/o/r',
    'gh search issues x --repo owner/repo',
  ])('allows %s', (command) => {
    expect(analyzeShellCommand(command, networkRead).code).toBe('read_only');
  });

  const hostForms = (host: string) => [
    `gh pr list -R ${host}/owner/repo`,
    `gh pr list --repo=${host}/owner/repo`,
    `gh issue view 3 -R${host}/o/r`,
    `gh repo view ${host}/owner/repo`,
    `gh repo view https://${host}/owner/repo`,
    `gh repo view git@${host}:owner/repo`,
    `gh repo view ssh://git@${host}/owner/repo`,
    `gh pr view https://${host}/o/r/pull/1`,
    `gh pr diff http://${host}/o/r/pull/1`,
    `gh pr checks HTTPS://${host}/o/r/pull/1`,
    `gh issue view https://${host}/o/r/issues/1`,
    `gh run view https://${host}/o/r/actions/runs/1`,
    `gh api --hostname ${host} repos/o/r`,
    `gh api --hostname=${host} repos/o/r`,
    `gh search issues x -R ${host}/o/r`,
    `gh repo list ${host}/owner`,
    `gh pr list -R https://${host}/owner/repo`,
  ];

  it('property: every place gh takes a host refuses any other host', () => {
    const label = fc.stringMatching(/^[a-z0-9]{1,8}$/);
    const host = fc.oneof(
      fc.constantFrom(
        '127.0.0.1',
        'localhost',
        'evil.example',
        'github.com.evil.example',
        'ghe.example.com',
      ),
      fc.tuple(label, label).map(([a, b]) => `${a}.${b}`),
    );
    fc.assert(
      fc.property(host, fc.nat(16), (name, index) => {
        const command = hostForms(name)[index] as string;
        expect(analyzeShellCommand(command, networkRead).readOnly).toBe(false);
      }),
      { seed: 24, numRuns: 400 },
    );
  });

  it('a listed GitHub Enterprise Server host is allowed, other hosts still are not', () => {
    for (const command of hostForms('ghe.example.com')
      .slice(0, 5)
      .concat(hostForms('ghe.example.com').slice(7, 9)))
      if (!command.includes('git@') && !command.includes('ssh://'))
        expect(analyzeShellCommand(command, ghes).code, command).toBe('read_only');
    expect(analyzeShellCommand('gh api --hostname ghe.example.com repos/o/r', ghes).code).toBe(
      'read_only',
    );
    for (const command of hostForms('evil.example'))
      expect(analyzeShellCommand(command, ghes).readOnly, command).toBe(false);
    // Without github.com in the list, github.com is not reachable by name either.
    const only = { ...networkRead, githubHosts: ['ghe.example.com'] } as const;
    expect(analyzeShellCommand('gh pr list -R github.com/o/r', only).code).toBe('option_network');
  });

  it('GH_HOST and GH_REPO prefixes are refused', () => {
    for (const command of [
      'GH_HOST=evil.example gh api repos/o/r',
      'env GH_HOST=evil.example gh pr list',
      'GH_REPO=evil.example/o/r gh pr list',
    ])
      expect(analyzeShellCommand(command, networkRead).readOnly).toBe(false);
  });

  it('githubHosts is validated: a typed error with the path', () => {
    for (const bad of [
      [],
      ['GitHub.com'],
      ['github.com:8443'],
      ['https://ghe.example.com'],
      ['localhost'],
      [3],
    ]) {
      expect(() =>
        analyzeShellCommand('ls', { ...networkRead, githubHosts: bad as never }),
      ).toThrow(OptionsError);
    }
    try {
      analyzeShellCommand('ls', { githubHosts: ['github.com', 'evil/x'] });
    } catch (error) {
      expect((error as OptionsError).issues[0]?.path).toBe('githubHosts.1');
    }
    expect(() => resolveOptions({ shell: { githubHosts: ['Ghe.example.com'] } })).toThrow(
      OptionsError,
    );
    expect(
      resolveOptions({ shell: { githubHosts: ['ghe.example.com'] } }).shell.githubHosts,
    ).toEqual(['ghe.example.com']);
  });
});
