import { isLocaleVariable, isSafeLocaleValue } from './locale.js';

// What hardenedShellEnv removes, per program (or runtime) whose documented environment turns a
// read-only call into code execution, a write, a network call, or other option parsing than the
// analyzer assumed. Kept as data so each entry has its reason and its test.

/** Variables a program reads, removed from the environment; `*` at the end is a prefix. */
export const scrubbedVariables: Readonly<Record<string, readonly string[]>> = Object.freeze({
  // Startup files, exported functions, trace prompts that expand `$(…)`, word splitting.
  bash: [
    'BASH_ENV',
    'ENV',
    'SHELLOPTS',
    'BASHOPTS',
    'PROMPT_COMMAND',
    'PS4',
    'IFS',
    'CDPATH',
    'GLOBIGNORE',
    'BASH_XTRACEFD',
    'BASH_FUNC_*',
    'EXECIGNORE',
  ],
  // zsh sources $ZDOTDIR/.zshenv for every shell, `-c` included.
  zsh: ['ZDOTDIR'],
  // The dynamic loader: preloads and library paths run code in every program.
  loader: ['LD_*', 'DYLD_*', 'GLIBC_TUNABLES'],
  // glibc locale data and iconv modules: other byte semantics, or code (gconv modules).
  locale: ['LOCPATH', 'LOCALE_ARCHIVE', 'GCONV_PATH', 'NLSPATH', 'I18NPATH'],
  // GNU getopt stops permuting and coreutils/gawk/sed switch to other parsing.
  getopt: ['POSIXLY_CORRECT', '_POSIX2_VERSION'],
  // git: config, repository and program injection; replaced by the settings below.
  git: ['GIT_*'],
  less: ['LESSOPEN', 'LESSCLOSE', 'LESSKEY', 'LESS', 'LESSSECURE_ALLOW'],
  editors: ['EDITOR', 'VISUAL'],
  node: ['NODE_OPTIONS', 'NODE_PATH', 'NODE_REPL_EXTERNAL_MODULE'],
  python: ['PYTHON*'],
  perl: ['PERL5OPT', 'PERL5LIB', 'PERLLIB', 'PERL5DB'],
  ruby: ['RUBYOPT', 'RUBYLIB'],
  php: ['PHPRC', 'PHP_INI_SCAN_DIR'],
  lua: ['LUA_INIT', 'LUA_INIT_*', 'LUA_PATH', 'LUA_PATH_*', 'LUA_CPATH', 'LUA_CPATH_*'],
  java: ['JAVA_TOOL_OPTIONS', '_JAVA_OPTIONS', 'JDK_JAVA_OPTIONS', 'CLASSPATH'],
  erlang: ['ERL_AFLAGS', 'ERL_FLAGS', 'ERL_ZFLAGS', 'ERL_LIBS'],
  tcl: ['TCL_LIBRARY', 'TCLLIBPATH', 'TK_LIBRARY'],
  rg: ['RIPGREP_CONFIG_PATH'],
  // zgrep runs `eval "${GREP-grep} …"`: GREP is a command line.
  grep: ['GREP_OPTIONS', 'GREP'],
  // tar: default options (--to-command) and the default archive (host:file runs rsh).
  tar: ['TAR_OPTIONS', 'TAPE', 'RSH'],
  compressors: ['GZIP', 'BZIP', 'BZIP2', 'XZ_OPT', 'XZ_DEFAULTS', 'ZSTD_CLEVEL'],
  // Info-ZIP: default options for unzip and zipinfo (-o overwrites, -d extracts elsewhere).
  unzip: ['UNZIP', 'UNZIPOPT', 'UNZIP_OPTS', 'ZIPINFO', 'ZIPINFOOPT', 'ZIP', 'ZIPOPT'],
  awk: ['AWKPATH', 'AWKLIBPATH'],
});

/**
 * git settings every git process gets through GIT_CONFIG_COUNT (command-line precedence, and
 * inherited by the git processes git starts in submodules and nested repositories): no hooks
 * (an index refresh on `git diff` fires post-index-change), no fsmonitor program, no transport
 * (a partial clone would fetch missing objects), no automatic maintenance.
 */
export const gitSafetyConfig: readonly (readonly [string, string])[] = Object.freeze([
  ['core.hooksPath', '/dev/null'],
  ['core.fsmonitor', 'false'],
  ['core.pager', 'cat'],
  ['protocol.allow', 'never'],
  ['submodule.recurse', 'false'],
  ['maintenance.auto', 'false'],
  ['gc.auto', '0'],
]);

// Split into exact names and `PREFIX*` prefixes on the first call, not when the module loads.
let split: { exact: ReadonlySet<string>; prefixes: readonly string[] } | undefined;

function scrubbed(name: string): boolean {
  if (split === undefined) {
    const exact = new Set<string>();
    const prefixes: string[] = [];
    for (const names of Object.values(scrubbedVariables)) {
      for (const variable of names) {
        if (variable.endsWith('*')) prefixes.push(variable.slice(0, -1));
        else exact.add(variable);
      }
    }
    split = { exact, prefixes };
  }
  const { exact, prefixes } = split;
  return exact.has(name) || prefixes.some((prefix) => name.startsWith(prefix));
}

/**
 * A copy of `env` for running agent commands: every variable in `scrubbedVariables` removed,
 * locale variables other than C, POSIX or UTF-8 removed (and LC_CTYPE set to C.UTF-8 when no
 * such locale is left), pagers set to `cat`, and git told to take no optional locks, run no
 * hooks or fsmonitor, and use no transport. A second layer under the analyzer, which trusts the
 * environment the host runs commands with.
 */
export function hardenedShellEnv(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined || scrubbed(key)) continue;
    if (isLocaleVariable(key) && !isSafeLocaleValue(value)) continue;
    out[key] = value;
  }
  // The character type in effect (LC_ALL, then LC_CTYPE, then LANG) must be one we read alike.
  const ctype = out.LC_ALL ?? out.LC_CTYPE ?? out.LANG;
  if (ctype === undefined) out.LC_CTYPE = 'C.UTF-8';
  out.PAGER = 'cat';
  out.GIT_PAGER = 'cat';
  out.MANPAGER = 'cat';
  out.SYSTEMD_PAGER = 'cat';
  out.GIT_OPTIONAL_LOCKS = '0';
  out.GIT_NO_LAZY_FETCH = '1';
  out.GIT_TERMINAL_PROMPT = '0';
  // gh (the opt-in network-read class): no pager, no prompts, no update check (which writes
  // its state file).
  out.GH_PAGER = 'cat';
  out.GH_PROMPT_DISABLED = '1';
  out.GH_NO_UPDATE_NOTIFIER = '1';
  // npm (`npm ls`, `npm config list`; pnpm reads the same): no debug log file, no registry
  // check for a newer npm.
  out.npm_config_logs_max = '0';
  out.npm_config_update_notifier = 'false';
  out.GIT_CONFIG_COUNT = String(gitSafetyConfig.length);
  gitSafetyConfig.forEach(([key, value], index) => {
    out[`GIT_CONFIG_KEY_${index}`] = key;
    out[`GIT_CONFIG_VALUE_${index}`] = value;
  });
  return out;
}
