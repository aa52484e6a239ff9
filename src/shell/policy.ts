import { OptionsError } from '../errors-base.js';
import {
  isShellPolicyClass,
  type ShellPolicyClass,
  shellPolicyClassNames,
} from './policy-class-names.js';
import { shellPolicyClasses } from './policy-classes.js';
import { checkProgramSpec } from './program-spec-check.js';
import { buildGhRule } from './rules/gh.js';
import type { Hazard, ProgramRule } from './spec.js';

// A host's changes to the program table. The parser and its limits are not configurable: a
// policy can only say which programs (with which option rules) count as read-only.

/** A program rule as plain data (JSON-friendly): what `checkProgramSpec` accepts. */
export interface ProgramSpecInput {
  options?:
    | Readonly<
        Record<
          string,
          {
            value?: 'required' | 'optional' | undefined;
            extraValues?: number | undefined;
            hazard?: Hazard | undefined;
            reason?: string | undefined;
            alias?: string | undefined;
          }
        >
      >
    | undefined;
  permute?: boolean | undefined;
  endOfOptions?: boolean | undefined;
  abbreviations?: boolean | undefined;
  numericOption?: boolean | undefined;
  dashIsOperand?: boolean | undefined;
  globs?: 'anywhere' | 'after-end-of-options' | 'never' | undefined;
  operands?: { min?: number | undefined; max?: number | undefined } | undefined;
}

/** What `analyzeShellCommand` accepts as its policy argument. */
export interface ShellPolicy {
  /** Programs to add (or whose default rule to replace): data specs or code rules. */
  programs?: Readonly<Record<string, ProgramRule | ProgramSpecInput>>;
  /** Default programs to treat as unknown. */
  removePrograms?: readonly string[];
  /**
   * Opt-in classes of programs that are not read-only but that the host trusts while planning
   * (e.g. `'network-read'`: gh view/list and `gh api` GET). Off by default; `programs` and
   * `removePrograms` still win over a class.
   */
  policyClasses?: readonly ShellPolicyClass[];
  /**
   * The GitHub hosts the `network-read` class lets gh reach (`-R HOST/OWNER/REPO`, URLs,
   * `gh api --hostname`): lower-case host names. Default `['github.com']`; list a GitHub
   * Enterprise Server host here (with github.com if that is used too).
   */
  githubHosts?: readonly string[] | undefined;
  /**
   * The shell the host runs commands with. Verdicts cover POSIX shells (bash, zsh, dash,
   * busybox sh; the default `'posix'`). Under `'cmd'` (cmd.exe) or `'powershell'` quoting,
   * `&`, `%VAR%`/`$var` and the programs themselves differ (Windows `sort /O` writes), so every
   * command is refused with `unsupported_shell`.
   */
  hostShell?: HostShell | undefined;
}

/** The shells a host may declare; only `'posix'` gets verdicts. */
export const hostShells = ['posix', 'cmd', 'powershell'] as const;
export type HostShell = (typeof hostShells)[number];

/** The policy with every program as a ProgramRule. */
export interface ResolvedShellPolicy {
  programs: ReadonlyMap<string, ProgramRule>;
  removed: ReadonlySet<string>;
  /** The enabled policy classes (their programs are already in `programs`). */
  classes: ReadonlySet<ShellPolicyClass>;
  hostShell: HostShell;
}

function isRule(value: unknown): value is ProgramRule {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return kind === 'spec' || kind === 'custom';
}

/** A DNS host name: lower-case labels of letters, digits and inner hyphens, at least one dot. */
export function isHostName(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= 253 &&
    /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/.test(value)
  );
}

const cache = new WeakMap<object, ResolvedShellPolicy>();
const empty: ResolvedShellPolicy = {
  programs: new Map(),
  removed: new Set(),
  classes: new Set(),
  hostShell: 'posix',
};

/**
 * Validates a host policy once (cached per object). A bad data spec is a programmer error:
 * OptionsError with the paths, like resolveOptions.
 */
export function resolveShellPolicy(policy: ShellPolicy | undefined): ResolvedShellPolicy {
  if (policy === undefined) return empty;
  const hit = cache.get(policy);
  if (hit) return hit;
  const programs = new Map<string, ProgramRule>();
  const classes = policy.policyClasses ?? [];
  const unknown = Array.isArray(classes)
    ? classes.flatMap((name, i) =>
        isShellPolicyClass(name)
          ? []
          : [
              {
                path: `policyClasses.${i}`,
                message: `unknown policy class ${JSON.stringify(name)}; known: ${shellPolicyClassNames.join(', ')}`,
              },
            ],
      )
    : [{ path: 'policyClasses', message: 'expected an array of policy class names' }];
  const hosts = policy.githubHosts;
  const badHosts =
    hosts === undefined
      ? []
      : Array.isArray(hosts) && hosts.length > 0
        ? hosts.flatMap((host, i) =>
            isHostName(host)
              ? []
              : [
                  {
                    path: `githubHosts.${i}`,
                    message: `expected a lower-case host name like github.example.com, got ${JSON.stringify(host)}`,
                  },
                ],
          )
        : [{ path: 'githubHosts', message: 'expected a non-empty array of host names' }];
  const hostShell = policy.hostShell ?? 'posix';
  const badShell = (hostShells as readonly unknown[]).includes(hostShell)
    ? []
    : [
        {
          path: 'hostShell',
          message: `unknown host shell ${JSON.stringify(hostShell)}; known: ${hostShells.join(', ')}`,
        },
      ];
  const issues = [...unknown, ...badHosts, ...badShell];
  if (issues.length > 0) throw new OptionsError(issues);
  for (const name of classes)
    for (const [program, rule] of Object.entries(shellPolicyClasses[name].programs))
      programs.set(program, rule);
  // gh's rule confines it to the configured hosts; the shared rule is github.com's.
  if (hosts !== undefined && classes.includes('network-read'))
    programs.set('gh', buildGhRule([...hosts]));
  for (const [name, value] of Object.entries(policy.programs ?? {})) {
    if (isRule(value)) programs.set(name, value);
    else {
      const checked = checkProgramSpec(value);
      if (!checked.ok)
        throw new OptionsError(
          checked.issues.map((i) => ({ path: `programs.${name}.${i.path}`, message: i.message })),
        );
      programs.set(name, { kind: 'spec', spec: checked.spec });
    }
  }
  const resolved = {
    programs,
    removed: new Set(policy.removePrograms ?? []),
    classes: new Set<ShellPolicyClass>(classes),
    hostShell,
  };
  cache.set(policy, resolved);
  return resolved;
}
