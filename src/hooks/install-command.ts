import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isHookHost } from './hosts.js';
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

/** The command hosts run: dist/hook.js by absolute path, so no package lookup per call. */
function hookCommand(io: HookIo): string {
  const override = io.env.PLANFIRST_HOOK_COMMAND;
  if (override) return override;
  const here = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
  // Built, this code sits in dist/hook-main.js next to dist/hook.js; from src/ (tests), the
  // built file is ../../dist/hook.js.
  const script = join(dirname(here), here.endsWith('.ts') ? '../../dist/hook.js' : 'hook.js');
  return `node "${script}"`;
}

function write(plan: HookInstallPlan): void {
  for (const file of plan.files) {
    if (file.after === file.before) continue;
    if (file.after === null) {
      rmSync(file.path, { force: true });
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
  const ctx: InstallContext = {
    host,
    scope,
    projectDir: io.cwd,
    homeDir: io.env.HOME ?? homedir(),
    command: hookCommand(io),
    read,
  };
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
    write(plan);
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
