import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type HookHost, isHookHost } from './hosts.js';
import {
  HookInstallError,
  type HookInstallPlan,
  type HookScope,
  type InstallContext,
  planHookInstall,
  planHookUninstall,
} from './install.js';
import type { HookIo } from './main.js';

// `planfirst hook install|uninstall <host> [--project|--user] [--dry-run]`: applies the pure
// plan, then reads every file back and checks that planning again changes nothing.

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The built dist/hook.js next to this code (absolute, symlinks resolved). */
function builtHook(): string {
  const here = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
  // Built, this code sits in dist/hook-main.js next to dist/hook.js; from src/ (tests), the
  // built file is ../../dist/hook.js.
  return join(dirname(here), here.endsWith('.ts') ? '../../dist/hook.js' : 'hook.js');
}

/** The nearest directory at or above `dir` with a `.git`, if any. */
function gitTop(dir: string): string | undefined {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return d;
    if (dirname(d) === d) return undefined;
  }
}

/**
 * The command hosts run: `node <dist/hook.js>` with no package lookup per call. For a project
 * install it names the hook relative to a root every clone has — the host's project-directory
 * variable (Claude Code, Gemini CLI), the git top level (Codex, Copilot, Cursor), the hook
 * script's own directory (Cline) — so a committed settings file works for teammates and CI.
 * Only a hook outside the project (a global install) is named by absolute path.
 */
export function hookCommand(
  io: HookIo,
  host: HookHost,
  scope: HookScope,
  projectDir: string,
): { command: string; portable: boolean } {
  const override = io.env.PLANFIRST_HOOK_COMMAND;
  if (override) return { command: override, portable: true };
  const local = join(projectDir, 'node_modules', 'planfirst', 'dist', 'hook.js');
  let script = existsSync(local) ? local : builtHook();
  if (!existsSync(local)) {
    try {
      script = realpathSync(script);
    } catch {
      // Not built: keep the path; the installer's read-back still checks the files.
    }
  }
  const absolute = { command: `node "${script}"`, portable: false };
  if (scope === 'user') return { ...absolute, portable: true };
  let root: string;
  try {
    root = realpathSync(projectDir);
  } catch {
    return absolute;
  }
  const inside = (base: string) => {
    const rel = relative(base, script === local ? join(root, relative(projectDir, local)) : script);
    return rel === '' || rel.startsWith('..') || isAbsolute(rel)
      ? undefined
      : rel.split(sep).join('/');
  };
  const fromProject = inside(root);
  if (fromProject === undefined) return absolute;
  switch (host) {
    case 'claude':
      return { command: `node "$CLAUDE_PROJECT_DIR/${fromProject}"`, portable: true };
    case 'gemini':
      return { command: `node "$GEMINI_PROJECT_DIR/${fromProject}"`, portable: true };
    case 'cline':
      // The hook file is .clinerules/hooks/PreToolUse; Cline runs it with its path as $0.
      return { command: `node "$(dirname "$0")/../../${fromProject}"`, portable: true };
    default: {
      const top = gitTop(root);
      const fromTop = top === undefined ? undefined : inside(top);
      if (fromTop === undefined) return { command: `node "$PWD/${fromProject}"`, portable: true };
      return { command: `node "$(git rev-parse --show-toplevel)/${fromTop}"`, portable: true };
    }
  }
}

/** Removes the directories a removed file leaves empty, up to (not including) `stop`. */
function pruneEmpty(dir: string, stop: string): void {
  for (let d = dir; d.startsWith(`${stop}${sep}`) && d !== stop; d = dirname(d)) {
    try {
      if (readdirSync(d).length > 0) return;
      rmdirSync(d);
    } catch {
      return;
    }
  }
}

function write(plan: HookInstallPlan, base: string): void {
  for (const file of plan.files) {
    if (file.after === file.before) continue;
    if (file.after === null) {
      rmSync(file.path, { force: true });
      // Uninstall leaves no empty .codex/ or .clinerules/hooks/ behind.
      pruneEmpty(dirname(file.path), base);
      continue;
    }
    mkdirSync(dirname(file.path), { recursive: true });
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.after);
    if (file.mode !== undefined) chmodSync(temp, file.mode);
    renameSync(temp, file.path);
  }
}

export async function runInstallCommand(
  verb: 'install' | 'uninstall',
  args: readonly string[],
  io: HookIo,
): Promise<number> {
  const host = args.find((a) => !a.startsWith('--'));
  const unknown = args.filter(
    (a) => a.startsWith('--') && !['--project', '--user', '--dry-run'].includes(a),
  );
  if (host === undefined || !isHookHost(host) || unknown.length > 0) {
    io.stderr(
      `planfirst hook ${verb}: expected a host (claude, codex, copilot, gemini, cursor, cline)${unknown.length > 0 ? `; unknown option ${unknown[0]}` : ''}\n`,
    );
    return 2;
  }
  if (args.includes('--project') && args.includes('--user')) {
    io.stderr(`planfirst hook ${verb}: choose one of --project and --user\n`);
    return 2;
  }
  const scope: HookScope = args.includes('--user') ? 'user' : 'project';
  const homeDir = io.env.HOME ?? homedir();
  const { command, portable } = hookCommand(io, host, scope, io.cwd);
  const ctx: InstallContext = { host, scope, projectDir: io.cwd, homeDir, command, read };
  const planFor = verb === 'install' ? planHookInstall : planHookUninstall;
  try {
    const plan = planFor(ctx);
    const changed = plan.files.filter((f) => f.after !== f.before);
    if (args.includes('--dry-run')) {
      for (const f of plan.files)
        io.stdout(
          f.after === f.before
            ? `unchanged ${f.path}\n`
            : `${f.after === null ? 'would remove' : 'would write'} ${f.path}\n${f.after ?? ''}`,
        );
      return 0;
    }
    write(plan, scope === 'user' ? homeDir : io.cwd);
    // Verify: what is on disk now is exactly the plan, and planning again is a no-op.
    const again = planFor(ctx);
    const ok =
      plan.files.every((f) => read(f.path) === f.after) &&
      again.files.every((f) => f.after === f.before);
    if (!ok) {
      io.stderr(`planfirst hook ${verb}: the written config did not read back as planned\n`);
      return 1;
    }
    for (const f of plan.files)
      io.stdout(
        `${changed.includes(f) ? (f.after === null ? 'removed' : 'wrote') : 'unchanged'} ${f.path}\n`,
      );
    if (verb === 'install' && !portable)
      io.stderr(
        `planfirst hook install: the hook is outside this project, so the command names it by absolute path and works only on this machine; install planfirst in the project (npm i -D planfirst) for a command teammates can use\n`,
      );
    if (verb === 'install') {
      // Installed is not yet running: say whether this host will run the hooks here.
      const { formatDoctorReport, hookDoctor, nodeDoctorContext } = await import('./doctor.js');
      io.stderr(formatDoctorReport(await hookDoctor(host, nodeDoctorContext(io, []))));
    }
    return 0;
  } catch (error) {
    if (error instanceof HookInstallError) {
      io.stderr(`planfirst hook ${verb}: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
