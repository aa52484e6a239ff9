import type { ShellPolicyClass } from './policy-class-names.js';
import { buildGhRule } from './rules/gh.js';
import type { ProgramTable } from './spec.js';

// Opt-in policy classes: groups of programs that are not read-only in the analyzer's sense (they
// reach the network) but that a host may trust while planning. Off by default; each documents
// exactly what enabling it trusts.

export interface ShellPolicyClassInfo {
  /** What a host trusts by enabling the class (shown in the README and option docs). */
  trusts: string;
  /** The programs the class adds, judged by these rules instead of blocking. */
  programs: ProgramTable;
}

let networkRead: ProgramTable | undefined;

/** Every policy class by name (the names are listed in policy-class-names.ts). */
export const shellPolicyClasses: Readonly<Record<ShellPolicyClass, ShellPolicyClassInfo>> = {
  'network-read': {
    trusts:
      "read-only queries to GitHub through the host's gh login: pr/issue/repo/release/run/workflow view and list, pr diff/checks/status, search, and `gh api` GET requests to REST paths (no fields, --input, --cache, graphql or URLs; no --web or --watch), only on the configured GitHub hosts (githubHosts, default github.com: -R HOST/OWNER/REPO, URL operands and --hostname naming another host are refused). It trusts the host's gh configuration (hosts, aliases) and lets the queries reveal to GitHub what is being read; hardenedShellEnv turns off gh's update check and prompts.",
    // A getter: gh's rule is built when a policy first enables the class, not on load.
    get programs() {
      networkRead ??= { gh: buildGhRule() };
      return networkRead;
    },
  },
};
