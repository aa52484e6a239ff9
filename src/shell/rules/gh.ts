import { ShellCodes } from '../codes.js';
import { judgeRule } from '../option-engine.js';
import type { Block, OptionSpec, ProgramRule, ProgramSpec, RuleResult } from '../spec.js';
import type { ShellWord } from '../types.js';
import { options } from './options.js';
import { blocked } from './results.js';

// The GitHub CLI, for the opt-in `network-read` policy class only (by default gh blocks as a
// network program). Only view/list subcommands that print, and `gh api` as a GET request.
// Flag tables follow each command's manual (gh 2.x); pflag matches long flags exactly and
// accepts bundled short flags, so abbreviations are off. A flag whose arity we might get wrong
// is listed as a flag: the engine then judges the next word itself (stricter, never looser).
// Refused everywhere: --web (starts a browser), --watch and --interval (loop until stopped).
// Every host gh could be pointed at (`-R HOST/OWNER/REPO`, a URL operand, `gh repo view
// HOST/OWNER/REPO`, `gh api --hostname`) must be one of the configured GitHub hosts: a host
// name or path can carry data out, and a listener there gets the token's TLS connection.

/** The GitHub hosts gh may reach when a policy names none. */
export const defaultGithubHosts: readonly string[] = Object.freeze(['github.com']);

/**
 * Builds the gh rule (used only by the network-read policy class).
 * Called once, on the first lookup of one of its programs, so loading the module builds nothing.
 */
export function buildGhRule(hosts: readonly string[] = defaultGithubHosts): ProgramRule {
  const hostList = hosts.join(', ');
  const segment = /^[A-Za-z0-9_.-]+$/;
  const allowedHost = (host: string) => hosts.includes(host.toLowerCase());

  function offHost(what: string): Block {
    return {
      code: ShellCodes.optionNetwork,
      reason: `${what} can reach a host other than the configured GitHub host (${hostList}); name the repository as OWNER/REPO`,
    };
  }

  /** `OWNER/REPO` or `HOST/OWNER/REPO` on an allowed host (no URL, no `git@host:` form). */
  function repoName(value: string): boolean {
    const parts = value.split('/');
    if (!parts.every((part) => segment.test(part))) return false;
    return parts.length === 2 || (parts.length === 3 && allowedHost(parts[0] as string));
  }

  /** An `http(s)://HOST/…` URL names its host; anything else scheme-like is refused. */
  function urlOnAllowedHost(value: string): boolean {
    const match = /^https?:\/\/([A-Za-z0-9.-]+)(?:\/[A-Za-z0-9_./#-]*)?$/i.exec(value);
    return match !== null && allowedHost(match[1] as string);
  }

  const looksLikeUrl = (value: string) => value.includes('://') || /^https?:/i.test(value);

  function checkRepoOption(value: ShellWord): Block | undefined {
    return repoName(value.value) ? undefined : offHost(`\`-R ${value.value}\``);
  }

  /** Operands of view/diff/checks: numbers, branches, names, or a URL on an allowed host. */
  function checkOperands(parsed: { operands: readonly ShellWord[] }): RuleResult {
    for (const operand of parsed.operands)
      if (looksLikeUrl(operand.value) && !urlOnAllowedHost(operand.value))
        return { kind: 'block', ...offHost(`\`${operand.value}\``) };
    return { kind: 'ok' };
  }

  /** `gh repo view [NAME|OWNER/REPO|HOST/OWNER/REPO|URL]`. */
  function checkRepoOperand(parsed: { operands: readonly ShellWord[] }): RuleResult {
    const operand = parsed.operands[0]?.value;
    if (operand === undefined || segment.test(operand)) return { kind: 'ok' };
    if (repoName(operand) || urlOnAllowedHost(operand)) return { kind: 'ok' };
    return { kind: 'block', ...offHost(`\`gh repo view ${operand}\``) };
  }

  /** `gh repo list [OWNER]`: an owner name only. */
  function checkOwnerOperand(parsed: { operands: readonly ShellWord[] }): RuleResult {
    const operand = parsed.operands[0]?.value;
    if (operand === undefined || segment.test(operand)) return { kind: 'ok' };
    return { kind: 'block', ...offHost(`\`gh repo list ${operand}\``) };
  }

  /** `-R/--repo`, inherited by every repository command. */
  const repo = { '-R --repo': { value: 'required', check: checkRepoOption } } as const;
  /** The JSON output flags of view/list commands (`--jq` runs gojq in process, not a program). */
  const json = {
    '--json': 'required',
    '-q --jq': 'required',
    '-t --template': 'required',
  } as const;
  const web: OptionSpec = {
    hazard: 'executes',
    reason: 'opens a web browser; print the result instead (drop --web)',
  };
  const watch: OptionSpec = {
    hazard: 'interactive',
    reason: 'keeps running until the checks finish; run it once without --watch',
  };

  function spec(
    table: Parameters<typeof options>[0],
    maxOperands: number,
    check: (parsed: { operands: readonly ShellWord[] }) => RuleResult = checkOperands,
  ): ProgramSpec {
    return {
      options: options({ ...repo, ...table, '-h --help': 'flag' }),
      abbreviations: false,
      globs: 'never',
      operands: { max: maxOperands },
      check,
    };
  }

  const listFilters = {
    '--app': 'required',
    '-a --assignee': 'required',
    '-A --author': 'required',
    '-l --label': 'required',
    '-L --limit': 'required',
    '-S --search': 'required',
    '-s --state': 'required',
  } as const;

  /** `gh GROUP COMMAND` → the command's spec. */
  const commands: Readonly<Record<string, Readonly<Record<string, ProgramSpec>>>> = {
    pr: {
      view: spec({ ...json, '-c --comments': 'flag', '-w --web': web }, 1),
      list: spec(
        {
          ...json,
          ...listFilters,
          '-B --base': 'required',
          '-H --head': 'required',
          '-d --draft': 'flag',
          '-w --web': web,
        },
        0,
      ),
      diff: spec(
        { '--color': 'required', '--name-only': 'flag', '--patch': 'flag', '-w --web': web },
        1,
      ),
      checks: spec(
        {
          ...json,
          '--required': 'flag',
          '--fail-fast': 'flag',
          '--watch': watch,
          '-i --interval': watch,
          '-w --web': web,
        },
        1,
      ),
      status: spec({ ...json, '-c --conflict-status': 'flag' }, 0),
    },
    issue: {
      view: spec({ ...json, '-c --comments': 'flag', '-w --web': web }, 1),
      list: spec(
        {
          ...json,
          ...listFilters,
          '--mention': 'required',
          '-m --milestone': 'required',
          '-w --web': web,
        },
        0,
      ),
      status: spec(json, 0),
    },
    repo: {
      view: spec({ ...json, '-b --branch': 'required', '-w --web': web }, 1, checkRepoOperand),
      list: spec(
        {
          ...json,
          '-L --limit': 'required',
          '-l --language': 'required',
          '--topic': 'required',
          '--visibility': 'required',
          '--archived': 'flag',
          '--no-archived': 'flag',
          '--fork': 'flag',
          '--source': 'flag',
        },
        1,
        checkOwnerOperand,
      ),
    },
    release: {
      view: spec({ ...json, '-w --web': web }, 1),
      list: spec(
        {
          ...json,
          '-L --limit': 'required',
          '-O --order': 'required',
          '--exclude-drafts': 'flag',
          '--exclude-pre-releases': 'flag',
        },
        0,
      ),
    },
    run: {
      view: spec(
        {
          ...json,
          '-a --attempt': 'required',
          '-j --job': 'required',
          '--exit-status': 'flag',
          '--log': 'flag',
          '--log-failed': 'flag',
          '-v --verbose': 'flag',
          '-w --web': web,
        },
        1,
      ),
      list: spec(
        {
          ...json,
          '-L --limit': 'required',
          '-a --all': 'flag',
          '-b --branch': 'required',
          '-c --commit': 'required',
          '--created': 'required',
          '-e --event': 'required',
          '-s --status': 'required',
          '-u --user': 'required',
          '-w --workflow': 'required',
        },
        0,
      ),
    },
    workflow: {
      view: spec({ '-r --ref': 'required', '-y --yaml': 'flag', '-w --web': web }, 1),
      list: spec({ ...json, '-L --limit': 'required', '-a --all': 'flag' }, 0),
    },
  };

  /** `gh search KIND QUERY…`: filters only; every query word is an operand. */
  const searchSpec: ProgramSpec = {
    options: options({
      ...json,
      ...repo,
      '-L --limit': 'required',
      '--sort': 'required',
      '--order': 'required',
      '--owner': 'required',
      '--language': 'required',
      '--state': 'required',
      '--author': 'required',
      '--label': 'required',
      '--match': 'required',
      '--filename': 'required',
      '--extension': 'required',
      '--visibility': 'required',
      '--created': 'required',
      '--updated': 'required',
      '-w --web': web,
      '-h --help': 'flag',
    }),
    abbreviations: false,
    globs: 'never',
  };
  const searchKinds = new Set(['repos', 'issues', 'prs', 'commits', 'code']);

  const bodyReason =
    'sends a request body, which makes the request a POST; put query parameters in the endpoint (`gh api repos/OWNER/REPO/issues?state=open`)';

  /**
   * `gh api ENDPOINT`: GET only. Fields and --input make gh send a body (and switch to POST), so
   * they are refused even with `-X GET`; --cache writes response files; graphql can mutate.
   */
  const apiSpec: ProgramSpec = {
    options: options({
      '-X --method': { value: 'required', check: onlyGet },
      '-H --header': { value: 'required', check: onlyAccept },
      '-i --include': 'flag',
      '--paginate': 'flag',
      '--slurp': 'flag',
      '--silent': 'flag',
      '--verbose': 'flag',
      '-q --jq': 'required',
      '-t --template': 'required',
      '-p --preview': 'required',
      '--hostname': { value: 'required', check: checkHostname },
      '-F --field': { value: 'required', hazard: 'writes', reason: bodyReason },
      '-f --raw-field': { value: 'required', hazard: 'writes', reason: bodyReason },
      '--input': { value: 'required', hazard: 'writes', reason: bodyReason },
      '--cache': {
        value: 'required',
        hazard: 'writes',
        reason: 'stores responses in a cache directory; drop it',
      },
      '-h --help': 'flag',
    }),
    abbreviations: false,
    globs: 'never',
    operands: { min: 1, max: 1 },
    check: (parsed) => {
      const endpoint = parsed.operands[0]?.value ?? '';
      if (!/^(graphql$|[a-z]+:|\/\/)/i.test(endpoint)) return { kind: 'ok' };
      return blocked(
        ShellCodes.optionWrites,
        `\`gh api ${endpoint}\`: only REST paths are allowed (graphql can mutate, a URL can reach another host); use a path like repos/OWNER/REPO`,
      );
    },
  };

  function checkHostname(value: ShellWord): Block | undefined {
    return allowedHost(value.value) && !value.glob
      ? undefined
      : offHost(`\`gh api --hostname ${value.value}\``);
  }

  function onlyGet(value: ShellWord) {
    if (value.value === 'GET' && !value.glob) return undefined;
    return {
      code: ShellCodes.optionWrites,
      reason: `\`gh api -X ${value.value}\` is not a read; only GET is allowed`,
    };
  }

  function onlyAccept(value: ShellWord) {
    if (/^accept:/i.test(value.value) && !value.glob) return undefined;
    return {
      code: ShellCodes.optionUnsupported,
      reason: `\`gh api -H ${value.value}\`: only Accept headers are allowed (a header can override the method); drop it`,
    };
  }

  function notRead(words: string): RuleResult {
    return blocked(
      ShellCodes.networkProgram,
      `\`gh ${words}\` is not a read-only gh command; with the network-read class gh may run: pr view/list/diff/checks/status, issue view/list/status, repo view/list, release view/list, run view/list, workflow view/list, search, and api (GET)`,
    );
  }

  return {
    kind: 'custom',
    globs: 'never',
    judge: (args, context) => {
      const [group, command, ...rest] = args;
      if (group === undefined) return notRead('');
      if (group.value === 'api')
        return judgeRule('gh api', { kind: 'spec', spec: apiSpec }, args.slice(1), context);
      if (group.value === 'search') {
        if (command === undefined || !searchKinds.has(command.value))
          return notRead(`search ${command?.value ?? ''}`);
        return judgeRule(
          `gh search ${command.value}`,
          { kind: 'spec', spec: searchSpec },
          rest,
          context,
        );
      }
      const table = Object.hasOwn(commands, group.value) ? commands[group.value] : undefined;
      const found =
        table !== undefined && command !== undefined && Object.hasOwn(table, command.value)
          ? table[command.value]
          : undefined;
      if (found === undefined || command === undefined)
        return notRead(`${group.value} ${command?.value ?? ''}`.trim());
      return judgeRule(
        `gh ${group.value} ${command.value}`,
        { kind: 'spec', spec: found },
        rest,
        context,
      );
    },
  };
}
