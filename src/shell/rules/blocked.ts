import { type ShellCode, ShellCodes } from '../codes.js';
import type { ProgramRule, ProgramTable } from '../spec.js';
import type { ShellWord } from '../types.js';
import { judgePackageQuery } from './package-queries.js';
import { blocked, ok } from './results.js';

// Programs that always block while planning, by category. Each category has its own code and
// a reason the model can act on. Programs in no table at all are `unknown_program` (the
// analyzer says so); these are the ones we know and reject on purpose.

/** A category's programs, written as one space-separated list to keep the tables short. */
function list(names: string): readonly string[] {
  return names.split(' ');
}

interface Category {
  code: ShellCode;
  /** Completes "`PROGRAM` …". */
  reason: string;
  programs: readonly string[];
}

const interpreters: Category = {
  code: ShellCodes.interpreter,
  reason:
    'runs code in another language, which cannot be proven read-only; use read-only shell tools (cat, grep, rg, jq …) instead',
  programs: list(
    'python python2 python3 pypy pypy3 node nodejs deno bun ts-node tsx perl ruby irb php ' +
      'lua luajit tclsh wish Rscript R julia ghci runghc elixir iex erl escript java jshell ' +
      'groovy scala kotlin swift pwsh osascript guile racket ocaml expect dc sqlite3',
  ),
};

const buildTools: Category = {
  code: ShellCodes.buildTool,
  reason:
    'runs project scripts, hooks or config code and may write caches or install files; read its configuration instead (cat package.json, Makefile, pyproject.toml, Cargo.toml …) and say in the plan what to run',
  programs: list(
    'npm npx pnpm pnpx yarn corepack pip pip3 pipx poetry pdm uv uvx conda mamba gem ' +
      'bundle bundler rake composer cargo rustc rustup go gofmt make gmake cmake ninja ' +
      'meson bazel buck gradle gradlew mvn ant sbt dotnet msbuild tsc esbuild vite webpack ' +
      'rollup babel prettier eslint biome jest vitest mocha pytest tox nox ruff black mypy ' +
      'turbo nx lerna gcc g++ cc c++ clang clang++ ld javac kotlinc swiftc zig brew apt ' +
      'apt-get dpkg yum dnf rpm pacman apk snap flatpak nix port',
  ),
};

const network: Category = {
  code: ShellCodes.networkProgram,
  reason:
    'reaches the network or a remote service; read what is already local instead (git log, git show, cat of cached files) and plan the call',
  programs: list(
    'curl wget ssh scp sftp rsync nc ncat netcat socat telnet ftp ping traceroute dig ' +
      'nslookup host whois nmap http https aria2c openssl gh aws gcloud az docker podman ' +
      'kubectl helm terraform',
  ),
};

// top stays here even as `top -bn1`: procps-ng 4 creates $XDG_CONFIG_HOME/procps (or
// ~/.config/procps) on every start, batch mode and --help included, before it reads its options.
const interactive: Category = {
  code: ShellCodes.interactiveProgram,
  reason:
    'is a pager, editor or terminal program that waits for the terminal (and can run commands); use cat, head, sed -n or grep to read files, and ps, uptime or free for processes, load and memory',
  programs: list(
    'less more most pager man info vi vim nvim view vimdiff ex ed nano pico emacs ' +
      'emacsclient micro joe code top htop btop tmux screen fzf',
  ),
};

const wrappers: Category = {
  code: ShellCodes.privilegeWrapper,
  reason:
    'runs another command with other privileges, in the background or repeatedly; run the command itself',
  programs: list(
    'sudo doas su pkexec runuser nohup setsid watch chroot unshare nsenter ionice chrt ' +
      'taskset stdbuf flock script parallel strace ltrace gdb',
  ),
};

const builtins: Category = {
  code: ShellCodes.shellBuiltin,
  reason:
    'evaluates code or changes the shell itself; to read variables use printenv or env, to see what a name runs use `type` or `command -v`',
  programs: list(
    'eval exec source . alias unalias export set unset trap declare typeset local ' +
      'readonly shopt enable builtin hash history fc umask ulimit let bind complete compgen ' +
      'compopt pushd popd dirs read mapfile readarray getopts shift wait fg bg jobs disown ' +
      'suspend logout exit return break continue',
  ),
};

const mutators: Category = {
  code: ShellCodes.mutatingProgram,
  reason:
    'changes files, processes or the system; inspect the current state instead (ls -l, stat, cat, ps) and plan the change',
  programs: list(
    'rm mv cp tee dd touch mkdir rmdir chmod chown chgrp ln link unlink install truncate ' +
      'patch kill killall pkill mkfifo mknod mktemp shred split csplit sponge fallocate ' +
      'rename chattr setfacl crontab mount umount systemctl service shutdown reboot halt ' +
      'poweroff useradd userdel usermod passwd',
  ),
};

/**
 * The categories, in the order the table is built (no program is in two).
 * Exported so tests and docs can list what blocks and why.
 */
export const blockedCategories: readonly Category[] = [
  interpreters,
  buildTools,
  network,
  interactive,
  wrappers,
  builtins,
  mutators,
];

/**
 * Interpreters whose version flags are known to print the version and exit before reading a
 * program from stdin, a file or the environment (checked against each program's documented
 * option handling, and by running the ones on the test machine). Keys are own properties only.
 * Deliberately absent: tclsh, wish and erl (`--version` is not an option: they start a shell
 * that reads code from stdin), expect (runs a script file named `--version`), java and jshell
 * (start a JVM that writes under the home and temp directories), lua and luajit (run LUA_INIT
 * code before printing), and every other interpreter nobody checked.
 */
export const versionProbes: Readonly<Record<string, readonly string[]>> = Object.freeze({
  python: ['--version', '-V'],
  python2: ['--version', '-V'],
  python3: ['--version', '-V'],
  pypy: ['--version', '-V'],
  pypy3: ['--version', '-V'],
  node: ['--version', '-v'],
  nodejs: ['--version', '-v'],
  deno: ['--version', '-V'],
  bun: ['--version', '-v'],
  perl: ['--version', '-v'],
  ruby: ['--version', '-v'],
  php: ['--version', '-v'],
});

/**
 * True for `PROGRAM FLAG` alone where FLAG is one of the program's verified version flags:
 * the interpreter prints its version and exits before loading any code.
 */
export function isVersionProbe(program: string, args: readonly ShellWord[]): boolean {
  if (args.length !== 1 || !Object.hasOwn(versionProbes, program)) return false;
  return (versionProbes[program] ?? []).includes((args[0] as ShellWord).value);
}

function categoryRule(program: string, category: Category): ProgramRule {
  const verdict = blocked(category.code, `\`${program}\` ${category.reason}`);
  const allowsVersion = category === interpreters;
  const queries = program === 'npm' || program === 'pnpm';
  return {
    kind: 'custom',
    globs: 'never',
    judge: (args, context) => {
      if (allowsVersion && isVersionProbe(program, args)) return ok;
      return (queries ? judgePackageQuery(program, args, context) : undefined) ?? verdict;
    },
  };
}

/**
 * Builds the table of every blocked program, each judged by its category's rule (called once, on
 * the first lookup of one of them).
 * Interpreters in `versionProbes` still answer a bare version probe (`node --version`).
 */
export function buildBlockedPrograms(): ProgramTable {
  return Object.fromEntries(
    blockedCategories.flatMap((category) =>
      category.programs.map((program) => [program, categoryRule(program, category)] as const),
    ),
  );
}
