import type { HookHost } from './hosts.js';

// What `planfirst hook install|uninstall` writes, as a pure plan: for each file its content
// before and after. Merges keep everything the user has and replace only planfirst's own
// entries, so installing twice changes nothing and uninstalling leaves the user's hooks.

export type HookScope = 'project' | 'user';

export interface HookInstallFile {
  path: string;
  /** null: the file does not exist yet / is removed. */
  before: string | null;
  after: string | null;
  /** File mode for scripts (Cline runs hook files directly). */
  mode?: number;
}

export interface HookInstallPlan {
  host: HookHost;
  scope: HookScope;
  files: HookInstallFile[];
}

export interface InstallContext {
  host: HookHost;
  scope: HookScope;
  projectDir: string;
  homeDir: string;
  /** The command that runs the hook, without the host argument (`node "/…/dist/hook.js"`). */
  command: string;
  /** Reads a file, null when it does not exist. */
  read: (path: string) => string | null;
}

/** Thrown for a config file planfirst cannot merge into safely (nothing is written). */
export class HookInstallError extends Error {
  override name = 'HookInstallError';
  readonly code = 'hook_install_refused';
}

type Group = { matcher?: string; hooks: Record<string, unknown>[] };
interface EventSpec {
  event: string;
  matcher?: string;
  hookEvent: string;
}

const jsonLayouts: Record<
  'claude' | 'codex' | 'gemini',
  { dir: string; file: string; events: EventSpec[]; timeout: number }
> = {
  claude: {
    dir: '.claude',
    file: 'settings.json',
    timeout: 10,
    events: [
      // Every tool: in planfirst's plan mode each one is judged.
      { event: 'PreToolUse', matcher: '*', hookEvent: 'PreToolUse' },
      { event: 'PermissionRequest', matcher: '*', hookEvent: 'PermissionRequest' },
      { event: 'Stop', hookEvent: 'Stop' },
      { event: 'SessionStart', matcher: 'compact', hookEvent: 'SessionStart' },
    ],
  },
  codex: {
    dir: '.codex',
    file: 'hooks.json',
    timeout: 10,
    events: [
      // No matcher: every tool.
      { event: 'PreToolUse', hookEvent: 'PreToolUse' },
      { event: 'PermissionRequest', hookEvent: 'PermissionRequest' },
      { event: 'Stop', hookEvent: 'Stop' },
      { event: 'SessionStart', hookEvent: 'SessionStart' },
    ],
  },
  gemini: {
    dir: '.gemini',
    file: 'settings.json',
    // Gemini CLI counts hook timeouts in milliseconds.
    timeout: 10_000,
    events: [
      // No matcher: every tool.
      { event: 'BeforeTool', hookEvent: 'BeforeTool' },
      { event: 'AfterAgent', hookEvent: 'AfterAgent' },
    ],
  },
};

/** planfirst's own entries: their command runs the planfirst hook. */
export function isPlanfirstHookCommand(command: unknown): boolean {
  return (
    typeof command === 'string' &&
    command.includes('planfirst') &&
    /(hook\.js"?|planfirst hook) (claude|codex|copilot|gemini|cursor|cline|auto)\b/.test(command)
  );
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function parseJsonFile(path: string, text: string | null): Record<string, unknown> {
  if (text === null || text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HookInstallError(`${path} is not valid JSON; fix it first, nothing was written`);
  }
  if (!isObject(parsed))
    throw new HookInstallError(`${path} is not a JSON object; nothing was written`);
  return parsed;
}

/**
 * Writes JSON the way the file was written (its indentation, its final newline), so that
 * uninstalling after installing gives the file back byte for byte when it was formatted as
 * JSON.stringify formats; a new file gets two spaces and a newline.
 */
function stringify(value: unknown, before: string | null): string {
  const indent =
    before === null
      ? '  '
      : (before.match(/\n([ \t]+)\S/)?.[1] ?? (before.trim().includes('\n') ? '  ' : ''));
  const end = before === null || before.endsWith('\n') ? '\n' : '';
  return `${JSON.stringify(value, null, indent)}${end}`;
}

/** planfirst's entry: this install's command, or any command that runs the planfirst hook. */
function isOurs(ctx: InstallContext, command: unknown): boolean {
  return (
    (typeof command === 'string' && command.startsWith(`${ctx.command} `)) ||
    isPlanfirstHookCommand(command)
  );
}

/** Removes planfirst's entries from one event's groups, keeping the user's. */
function withoutOurs(ctx: InstallContext, groups: unknown, path: string): Group[] {
  if (groups === undefined) return [];
  if (!Array.isArray(groups)) throw new HookInstallError(`${path}: expected a list of hook groups`);
  const kept: Group[] = [];
  for (const group of groups) {
    if (!isObject(group) || !Array.isArray(group.hooks)) {
      kept.push(group as Group);
      continue;
    }
    const hooks = (group.hooks as unknown[]).filter(
      (h) => !(isObject(h) && isOurs(ctx, h.command)),
    ) as Record<string, unknown>[];
    if (hooks.length > 0) kept.push({ ...group, hooks } as Group);
  }
  return kept;
}

function planJsonHooks(ctx: InstallContext, install: boolean): HookInstallFile[] {
  const layout = jsonLayouts[ctx.host as 'claude' | 'codex' | 'gemini'];
  const base = ctx.scope === 'project' ? ctx.projectDir : ctx.homeDir;
  const path = `${base}/${layout.dir}/${layout.file}`;
  const before = ctx.read(path);
  const doc = parseJsonFile(path, before);
  const hooks = doc.hooks === undefined ? {} : doc.hooks;
  if (!isObject(hooks)) throw new HookInstallError(`${path}: "hooks" is not an object`);
  const next: Record<string, unknown> = { ...hooks };
  for (const spec of layout.events) {
    const groups = withoutOurs(ctx, hooks[spec.event], `${path}: hooks.${spec.event}`);
    if (install)
      groups.push({
        ...(spec.matcher === undefined ? {} : { matcher: spec.matcher }),
        hooks: [
          {
            type: 'command',
            command: `${ctx.command} ${ctx.host} ${spec.hookEvent}`,
            timeout: layout.timeout,
          },
        ],
      });
    if (groups.length > 0) next[spec.event] = groups;
    else delete next[spec.event];
  }
  const out: Record<string, unknown> = { ...doc };
  if (Object.keys(next).length > 0) out.hooks = next;
  else delete out.hooks;
  // Nothing left (the file held only planfirst's hooks): remove it rather than leave `{}`.
  const after = Object.keys(out).length === 0 ? null : stringify(out, before);
  return [{ path, before, after: after !== null && sameJson(after, before) ? before : after }];
}

/** Unchanged content keeps the file's own bytes (formatting the user chose included). */
function sameJson(after: string, before: string | null): boolean {
  if (before === null) return false;
  try {
    return JSON.stringify(JSON.parse(before)) === JSON.stringify(JSON.parse(after));
  } catch {
    return false;
  }
}

function planFlatHooks(
  ctx: InstallContext,
  install: boolean,
  path: string,
  entries: readonly (readonly [event: string, entry: Record<string, unknown>])[],
): HookInstallFile[] {
  const before = ctx.read(path);
  const doc = parseJsonFile(path, before);
  const hooks = doc.hooks === undefined ? {} : doc.hooks;
  if (!isObject(hooks)) throw new HookInstallError(`${path}: "hooks" is not an object`);
  const nextHooks: Record<string, unknown> = { ...hooks };
  for (const [event, entry] of entries) {
    const list = hooks[event] === undefined ? [] : hooks[event];
    if (!Array.isArray(list)) throw new HookInstallError(`${path}: hooks.${event} is not a list`);
    const kept = list.filter(
      (h) => !(isObject(h) && (isOurs(ctx, h.command) || isOurs(ctx, h.bash))),
    );
    if (install) kept.push(entry);
    if (kept.length > 0) nextHooks[event] = kept;
    else delete nextHooks[event];
  }
  // Keep the file's own key order; a new file starts with the envelope.
  const out: Record<string, unknown> =
    'version' in doc ? { ...doc, hooks: nextHooks } : { version: 1, ...doc, hooks: nextHooks };
  const rest = Object.keys(out).filter((k) => k !== 'version' && k !== 'hooks');
  // Nothing left but the envelope: remove the file rather than leave an empty one.
  const empty = Object.keys(nextHooks).length === 0 && rest.length === 0;
  const after = empty ? null : stringify(out, before);
  return [{ path, before, after: after !== null && sameJson(after, before) ? before : after }];
}

const clineMarker = '# planfirst-hook';

function planCline(ctx: InstallContext, install: boolean): HookInstallFile[] {
  const path =
    ctx.scope === 'project'
      ? `${ctx.projectDir}/.clinerules/hooks/PreToolUse`
      : `${ctx.homeDir}/Documents/Cline/Hooks/PreToolUse`;
  const before = ctx.read(path);
  if (before !== null && !before.includes(clineMarker))
    throw new HookInstallError(
      `${path} is someone else's PreToolUse hook; Cline runs one file per event, so planfirst will not replace it`,
    );
  const after = install
    ? `#!/bin/sh\n${clineMarker}: judges every tool call (planfirst's plan mode) and shell command\nexec ${ctx.command} cline PreToolUse\n`
    : null;
  return [{ path, before, after, mode: 0o755 }];
}

function plan(ctx: InstallContext, install: boolean): HookInstallPlan {
  const files = ((): HookInstallFile[] => {
    switch (ctx.host) {
      case 'claude':
      case 'codex':
      case 'gemini':
        return planJsonHooks(ctx, install);
      case 'cursor':
        return planFlatHooks(
          ctx,
          install,
          `${ctx.scope === 'project' ? ctx.projectDir : ctx.homeDir}/.cursor/hooks.json`,
          ['beforeShellExecution', 'beforeMCPExecution', 'preToolUse'].map(
            (event) => [event, { command: `${ctx.command} cursor ${event}` }] as const,
          ),
        );
      case 'copilot':
        if (ctx.scope === 'user')
          throw new HookInstallError(
            'Copilot reads hooks from the repository (.github/hooks/); use --project',
          );
        return planFlatHooks(ctx, install, `${ctx.projectDir}/.github/hooks/planfirst.json`, [
          [
            'preToolUse',
            { type: 'command', bash: `${ctx.command} copilot preToolUse`, timeoutSec: 10 },
          ],
        ]);
      case 'cline':
        return planCline(ctx, install);
    }
  })();
  return { host: ctx.host, scope: ctx.scope, files };
}

/** The files `planfirst hook install` writes for a host. Throws HookInstallError to refuse. */
export function planHookInstall(ctx: InstallContext): HookInstallPlan {
  return plan(ctx, true);
}

/** The files `planfirst hook uninstall` writes: planfirst's entries removed, the rest kept. */
export function planHookUninstall(ctx: InstallContext): HookInstallPlan {
  return plan(ctx, false);
}
