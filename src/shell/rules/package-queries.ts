import { judgeWithSpec } from '../option-engine.js';
import type { ProgramSpec, RuleContext, RuleResult } from '../spec.js';
import type { ShellWord } from '../types.js';
import { options } from './options.js';

// The read-only queries of the package managers that otherwise block as build tools:
// `npm ls|list|ll|la`, `npm config list|ls|get`, `pnpm list|ls|ll`. They read package.json,
// the lockfile, node_modules and the npm configuration and print; they run no lifecycle script.
// npm writes a debug log and checks the registry for a newer npm on every command unless told
// not to: hardenedShellEnv sets npm_config_logs_max=0 and npm_config_update_notifier=false.
// Options are an allowlist without abbreviations (npm's parser expands any prefix of any
// config key, e.g. to --script-shell or --userconfig, which we never list).

const npmLs: ProgramSpec = {
  options: options({
    '-a --all': 'flag',
    '--json': 'flag',
    '-l --long': 'flag',
    '-p --parseable': 'flag',
    '--depth': 'required',
    '--omit': 'required',
    '--include': 'required',
    '--link': 'flag',
    '--package-lock-only': 'flag',
    '-g --global': 'flag',
    '-w --workspace': 'required',
    '--workspaces': 'flag',
    '--include-workspace-root': 'flag',
    '--unicode': 'flag',
    '--no-unicode': 'flag',
  }),
  abbreviations: false,
  globs: 'never',
};

const npmConfig: ProgramSpec = {
  options: options({ '--json': 'flag', '-l --long': 'flag', '-g --global': 'flag' }),
  abbreviations: false,
  globs: 'never',
};

const pnpmList: ProgramSpec = {
  options: options({
    '--depth': 'required',
    '--json': 'flag',
    '--long': 'flag',
    '--parseable': 'flag',
    '-P --prod': 'flag',
    '-D --dev': 'flag',
    '--no-optional': 'flag',
    '-r --recursive': 'flag',
    '-g --global': 'flag',
    '--only-projects': 'flag',
    '--exclude-peers': 'flag',
    '--filter': 'required',
  }),
  abbreviations: false,
  globs: 'never',
};

/**
 * The verdict on a package-manager query, or undefined when the words are not one (the
 * program then blocks as a build tool).
 */
export function judgePackageQuery(
  program: string,
  args: readonly ShellWord[],
  context: RuleContext,
): RuleResult | undefined {
  const [sub, action, ...rest] = args;
  if (sub === undefined || sub.glob) return undefined;
  if (program === 'npm') {
    if (['ls', 'list', 'll', 'la'].includes(sub.value))
      return judgeWithSpec(`npm ${sub.value}`, args.slice(1), npmLs, context);
    if (sub.value === 'config' && action !== undefined && !action.glob) {
      if (action.value === 'list' || action.value === 'ls')
        return judgeWithSpec(
          `npm config ${action.value}`,
          rest,
          { ...npmConfig, operands: { max: 0 } },
          context,
        );
      if (action.value === 'get')
        return judgeWithSpec(
          'npm config get',
          rest,
          { ...npmConfig, operands: { min: 1 } },
          context,
        );
    }
    return undefined;
  }
  if (program === 'pnpm' && ['list', 'ls', 'll'].includes(sub.value))
    return judgeWithSpec(`pnpm ${sub.value}`, args.slice(1), pnpmList, context);
  return undefined;
}
