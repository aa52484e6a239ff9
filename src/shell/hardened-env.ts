// Variables that make a shell or a "read-only" program run code or take options from outside
// the command line: startup files, exported functions, preloads, config injection.
const dropExact = new Set([
  'BASH_ENV',
  'ENV',
  'SHELLOPTS',
  'BASHOPTS',
  'PROMPT_COMMAND',
  'PS4',
  'IFS',
  'CDPATH',
  'GLOBIGNORE',
  'LESSOPEN',
  'LESSCLOSE',
  'LESSKEY',
  'NODE_OPTIONS',
  'PYTHONSTARTUP',
  'PYTHONPATH',
  'PERL5OPT',
  'PERL5LIB',
  'RUBYOPT',
  'RIPGREP_CONFIG_PATH',
  'TAR_OPTIONS',
  'GZIP',
  'XZ_OPT',
  'ZSTD_CLEVEL',
  'BZIP2',
  'GREP_OPTIONS',
  'AWKPATH',
  'AWKLIBPATH',
  'EDITOR',
  'VISUAL',
]);
const dropPrefixes = ['BASH_FUNC_', 'LD_', 'DYLD_', 'GIT_'];

/**
 * A copy of `env` for running agent commands: startup-file, preload, exported-function and
 * config-injection variables removed, and pagers set to `cat`. A second layer under the
 * analyzer, which trusts the environment the host runs commands with.
 */
export function hardenedShellEnv(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined || dropExact.has(key)) continue;
    if (dropPrefixes.some((p) => key.startsWith(p))) continue;
    out[key] = value;
  }
  out.PAGER = 'cat';
  out.GIT_PAGER = 'cat';
  out.MANPAGER = 'cat';
  return out;
}
