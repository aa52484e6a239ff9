import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import type { HookHost } from './hosts.js';
import { isHookHost } from './hosts.js';
import type { HookIo } from './main.js';

// `planfirst hook doctor <host>`: will the host, as configured on this machine, run planfirst's
// installed hooks in this project? Each host has its own switch that silently turns project hooks
// off (Codex's project and hook trust, Gemini CLI's trusted folders, Claude Code's
// disableAllHooks); the doctor names the exact entry, variable or flag that is missing. Where the
// host can answer itself (Codex's app server lists the hooks it will run), the host is asked.

export interface DoctorStep {
  ok: boolean;
  /** What was checked, as the user would look for it. */
  what: string;
  /** The exact step that makes it pass. */
  fix?: string;
}

export interface DoctorReport {
  host: HookHost;
  ok: boolean;
  steps: DoctorStep[];
}

/** What the doctor reads; tests pass their own. */
export interface DoctorContext {
  cwd: string;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  read: (path: string) => string | null;
  exists: (path: string) => boolean;
  /** Codex's own list of the hooks it will run in `cwd` (its app server's `hooks/list`). */
  codexHooks: (cwd: string) => Promise<CodexHookList>;
  /** The options after the host. */
  flags: readonly string[];
}

export type CodexHookList = { ok: true; hooks: CodexListedHook[] } | { ok: false; reason: string };

export interface CodexListedHook {
  key: string;
  command: string;
  enabled: boolean;
  trustStatus: string;
  /** What `/hooks` stores as `trusted_hash` when the user approves the hook. */
  currentHash?: string;
}

/** A command that runs planfirst's hook (by its script, wherever the package is). */
function isPlanfirstHookCommand(command: unknown): command is string {
  return (
    typeof command === 'string' &&
    /(hook\.js"?|planfirst hook) (claude|codex|copilot|gemini|cursor|cline|auto)\b/.test(command)
  );
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function readJson(
  ctx: DoctorContext,
  path: string,
): { doc?: Record<string, unknown>; error?: string } {
  const text = ctx.read(path);
  if (text === null) return {};
  try {
    const doc: unknown = JSON.parse(text);
    return isObject(doc) ? { doc } : { error: `${path} is not a JSON object` };
  } catch {
    return { error: `${path} is not valid JSON` };
  }
}

/** Every hook command in a hooks document shaped `{hooks: {Event: [{hooks: [{command}]}]}}`. */
function groupedCommands(doc: Record<string, unknown> | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const hooks = doc?.hooks;
  if (!isObject(hooks)) return out;
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    for (const group of groups) {
      if (!isObject(group) || !Array.isArray(group.hooks)) continue;
      for (const hook of group.hooks)
        if (isObject(hook) && isPlanfirstHookCommand(hook.command))
          out.set(event, [...(out.get(event) ?? []), hook.command as string]);
    }
  }
  return out;
}

/**
 * The script a hook command runs, with the roots the installer writes expanded as the host
 * expands them: the project-directory variable (Claude Code, Gemini CLI), the git top level
 * (Codex, Copilot, Cursor), `$PWD`. Undefined when the command names no script; `unresolved`
 * when it names one through a variable the doctor cannot expand.
 */
export function hookScriptOf(
  ctx: Pick<DoctorContext, 'cwd' | 'exists'>,
  command: string,
): { path: string } | { unresolved: string } | undefined {
  const script = /"([^"]+hook\.js)"/.exec(command)?.[1];
  if (script === undefined) return undefined;
  const path = script
    .replace(/^\$\{?(CLAUDE_PROJECT_DIR|GEMINI_PROJECT_DIR|PWD)\}?(?=\/)/, () => ctx.cwd)
    .replace(/^\$\(git rev-parse --show-toplevel\)(?=\/)/, () => projectRoot(ctx, ctx.cwd));
  return path.includes('$') ? { unresolved: script } : { path };
}

/** The hook script a command runs must exist (a moved or removed package silently fails). */
function scriptStep(ctx: DoctorContext, commands: string[]): DoctorStep | undefined {
  for (const command of commands) {
    const script = hookScriptOf(ctx, command);
    if (script === undefined) continue;
    if ('unresolved' in script)
      return {
        ok: false,
        what: `the installed command runs ${script.unresolved}, a path the doctor cannot resolve`,
        fix: 'reinstall: `npx planfirst hook install <host>` from the project',
      };
    if (!ctx.exists(script.path))
      return {
        ok: false,
        what: `the installed command runs ${script.path}, which does not exist`,
        fix: 'reinstall: `npx planfirst hook install <host>` from the project',
      };
  }
  return undefined;
}

function installedStep(
  ctx: DoctorContext,
  host: HookHost,
  files: string[],
  event: string,
): { step: DoctorStep; file?: string; commands: string[] } {
  for (const file of files) {
    const { doc, error } = readJson(ctx, file);
    if (error !== undefined)
      return { step: { ok: false, what: error, fix: `fix ${file}` }, commands: [] };
    const commands = groupedCommands(doc);
    const found = commands.get(event);
    if (found !== undefined)
      return {
        step: { ok: true, what: `planfirst's ${event} hook is in ${file}` },
        file,
        commands: [...commands.values()].flat(),
      };
  }
  return {
    step: {
      ok: false,
      what: `no planfirst ${event} hook in ${files.join(' or ')}`,
      fix: `npx planfirst hook install ${host}`,
    },
    commands: [],
  };
}

// --- Claude Code ------------------------------------------------------------------------------

function claudeSteps(ctx: DoctorContext): DoctorStep[] {
  const userDir = ctx.env.CLAUDE_CONFIG_DIR ?? join(ctx.home, '.claude');
  const managed = '/etc/claude-code/managed-settings.json';
  const project = join(ctx.cwd, '.claude', 'settings.json');
  const local = join(ctx.cwd, '.claude', 'settings.local.json');
  const user = join(userDir, 'settings.json');
  const installed = installedStep(ctx, 'claude', [project, local, user], 'PreToolUse');
  const steps = [installed.step];
  const script = scriptStep(ctx, installed.commands);
  if (script) steps.push(script);
  for (const file of [managed, user, project, local]) {
    const { doc } = readJson(ctx, file);
    if (doc?.disableAllHooks === true)
      steps.push({
        ok: false,
        what: `${file} sets "disableAllHooks": true, so Claude Code runs no hooks`,
        fix: `remove "disableAllHooks" from ${file}`,
      });
  }
  const { doc: managedDoc } = readJson(ctx, managed);
  if (managedDoc?.allowManagedHooksOnly === true && installed.file !== undefined)
    steps.push({
      ok: false,
      what: `${managed} sets "allowManagedHooksOnly": true, so hooks in ${installed.file} do not run`,
      fix: `ask the administrator to add planfirst's hooks to ${managed}`,
    });
  return steps;
}

// --- Codex CLI --------------------------------------------------------------------------------

async function codexSteps(ctx: DoctorContext): Promise<DoctorStep[]> {
  const codexHome = ctx.env.CODEX_HOME ?? join(ctx.home, '.codex');
  const project = join(ctx.cwd, '.codex', 'hooks.json');
  const user = join(codexHome, 'hooks.json');
  const installed = installedStep(ctx, 'codex', [project, user], 'PreToolUse');
  const steps = [installed.step];
  const script = scriptStep(ctx, installed.commands);
  if (script) steps.push(script);
  if (installed.file === undefined) return steps;
  const listed = await ctx.codexHooks(ctx.cwd);
  if (!listed.ok) {
    steps.push({
      ok: false,
      what: `cannot ask Codex which hooks it runs here: ${listed.reason}`,
      fix: 'put `codex` on PATH (or set PLANFIRST_CODEX_BIN to it) and run the doctor again',
    });
    return steps;
  }
  const ours = listed.hooks.filter(
    (h) => isPlanfirstHookCommand(h.command) && h.key.startsWith(`${installed.file}:`),
  );
  if (ours.length === 0) {
    const root = projectRoot(ctx, ctx.cwd);
    steps.push({
      ok: false,
      what: `Codex does not load ${installed.file}: the project ${root} is not trusted`,
      fix: `add to ${join(codexHome, 'config.toml')}:\n[projects."${root}"]\ntrust_level = "trusted"\n(or answer the trust prompt in interactive codex here, or run \`codex exec --trust\` once)`,
    });
    return steps;
  }
  const bypass = ctx.flags.includes('--bypass-hook-trust');
  for (const hook of ours) {
    if (!hook.enabled)
      steps.push({
        ok: false,
        what: `Codex lists ${hook.key} as disabled`,
        fix: `enable it in codex's /hooks, or remove enabled = false under [hooks.state."${hook.key}"] in ${join(codexHome, 'config.toml')}`,
      });
    else if (hook.trustStatus === 'trusted' || hook.trustStatus === 'managed')
      steps.push({ ok: true, what: `Codex trusts ${hook.key}` });
    else if (bypass)
      steps.push({
        ok: true,
        what: `${hook.key} is ${hook.trustStatus}; runs only with \`codex exec --dangerously-bypass-hook-trust\``,
      });
    else
      steps.push({
        ok: false,
        what: `Codex will not run ${hook.key}: its hook trust is "${hook.trustStatus}"`,
        fix:
          hook.currentHash === undefined
            ? "approve planfirst's hooks in interactive codex with `/hooks`"
            : `approve it in interactive codex with \`/hooks\`, which adds to ${join(codexHome, 'config.toml')}:\n[hooks.state."${hook.key}"]\ntrusted_hash = "${hook.currentHash}"\n(scripted runs may instead pass \`codex exec --dangerously-bypass-hook-trust\`; check that setup with \`planfirst hook doctor codex --bypass-hook-trust\`)`,
      });
  }
  return steps;
}

/** Codex's project root: the nearest directory with `.git`, else the directory itself. */
function projectRoot(ctx: Pick<DoctorContext, 'exists'>, dir: string): string {
  let at = resolve(dir);
  for (;;) {
    if (ctx.exists(join(at, '.git'))) return at;
    const up = dirname(at);
    if (up === at) return resolve(dir);
    at = up;
  }
}

/** Asks `codex app-server` for `hooks/list` over its JSON-lines protocol. */
export function codexHooksFromAppServer(
  bin: string,
  env: Readonly<Record<string, string | undefined>>,
  timeoutMs = 20_000,
): (cwd: string) => Promise<CodexHookList> {
  return (cwd) =>
    new Promise((done) => {
      let settled = false;
      const finish = (result: CodexHookList) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        child.kill();
        done(result);
      };
      const child = spawn(bin, ['app-server'], {
        cwd,
        env: env as NodeJS.ProcessEnv,
        stdio: ['pipe', 'pipe', 'ignore'],
      });
      const timer = setTimeout(
        () => finish({ ok: false, reason: 'codex app-server did not answer' }),
        timeoutMs,
      );
      child.on('error', (error) => finish({ ok: false, reason: error.message }));
      child.on('exit', () => finish({ ok: false, reason: 'codex app-server exited' }));
      let buffer = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('utf8');
        let nl = buffer.indexOf('\n');
        while (nl >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          nl = buffer.indexOf('\n');
          let message: unknown;
          try {
            message = JSON.parse(line);
          } catch {
            continue;
          }
          if (!isObject(message) || message.id !== 2) continue;
          finish(parseHooksList(message));
        }
      });
      const send = (doc: unknown) => child.stdin.write(`${JSON.stringify(doc)}\n`);
      send({
        id: 1,
        method: 'initialize',
        params: { clientInfo: { name: 'planfirst-doctor', version: '1' } },
      });
      send({ method: 'initialized' });
      send({ id: 2, method: 'hooks/list', params: { cwds: [cwd] } });
    });
}

function parseHooksList(message: Record<string, unknown>): CodexHookList {
  if (isObject(message.error))
    return { ok: false, reason: `hooks/list failed: ${String(message.error.message)}` };
  const data = isObject(message.result) ? message.result.data : undefined;
  if (!Array.isArray(data)) return { ok: false, reason: 'hooks/list gave no data' };
  const hooks: CodexListedHook[] = [];
  for (const entry of data)
    if (isObject(entry) && Array.isArray(entry.hooks))
      for (const h of entry.hooks)
        if (isObject(h) && typeof h.key === 'string' && typeof h.command === 'string')
          hooks.push({
            key: h.key,
            command: h.command,
            enabled: h.enabled !== false,
            trustStatus: typeof h.trustStatus === 'string' ? h.trustStatus : 'unknown',
            ...(typeof h.currentHash === 'string' ? { currentHash: h.currentHash } : {}),
          });
  return { ok: true, hooks };
}

// --- Gemini CLI -------------------------------------------------------------------------------

type Trust = 'TRUST_FOLDER' | 'TRUST_PARENT' | 'DO_NOT_TRUST';

/** Gemini CLI's rule: the longest matching entry decides; TRUST_PARENT trusts the parent. */
export function geminiFolderTrust(
  rules: Record<string, unknown>,
  dir: string,
): boolean | undefined {
  let best = -1;
  let trust: Trust | undefined;
  const target = resolve(dir);
  for (const [path, level] of Object.entries(rules)) {
    if (level !== 'TRUST_FOLDER' && level !== 'TRUST_PARENT' && level !== 'DO_NOT_TRUST') continue;
    const effective = resolve(level === 'TRUST_PARENT' ? dirname(path) : path);
    const inside =
      target === effective ||
      target.startsWith(effective.endsWith(sep) ? effective : effective + sep);
    if (inside && path.length > best) {
      best = path.length;
      trust = level;
    }
  }
  if (trust === undefined) return undefined;
  return trust !== 'DO_NOT_TRUST';
}

/**
 * Gemini CLI's settings layers, lowest precedence first: system defaults, user, the workspace
 * (read only in a trusted folder), system settings.
 */
function geminiLayers(ctx: DoctorContext, geminiHome: string) {
  const system = ctx.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH ?? '/etc/gemini-cli/settings.json';
  const defaults =
    ctx.env.GEMINI_CLI_SYSTEM_DEFAULTS_PATH ?? join(dirname(system), 'system-defaults.json');
  return {
    defaults,
    user: join(geminiHome, '.gemini', 'settings.json'),
    workspace: join(ctx.cwd, '.gemini', 'settings.json'),
    system,
  };
}

/** A settings value by its path, from the layer that decides it (the highest that sets it). */
function geminiSetting(
  ctx: DoctorContext,
  files: readonly string[],
  path: readonly string[],
): { value: unknown; file: string } | undefined {
  for (const file of [...files].reverse()) {
    let node: unknown = readJson(ctx, file).doc;
    for (const key of path) node = isObject(node) ? node[key] : undefined;
    if (node !== undefined) return { value: node, file };
  }
  return undefined;
}

function geminiSteps(ctx: DoctorContext): DoctorStep[] {
  const geminiHome = ctx.env.GEMINI_CLI_HOME ?? ctx.home;
  const layers = geminiLayers(ctx, geminiHome);
  const { user: userSettings, workspace: project } = layers;
  const installed = installedStep(ctx, 'gemini', [project, userSettings], 'BeforeTool');
  const steps = [installed.step];
  const script = scriptStep(ctx, installed.commands);
  if (script) steps.push(script);
  if (installed.file === undefined) return steps;
  const trust = geminiTrustStep(ctx, geminiHome, layers);
  // Project settings (and so the project's hooks) load only in a trusted folder.
  if (installed.file === project) {
    steps.push(trust.step);
    if (!trust.step.ok) return steps;
  }
  // Settings that switch hooks off, in any layer Gemini CLI reads here.
  const files = [
    layers.defaults,
    layers.user,
    ...(trust.trusted ? [layers.workspace] : []),
    layers.system,
  ];
  const enabled = geminiSetting(ctx, files, ['hooksConfig', 'enabled']);
  if (enabled?.value === false)
    steps.push({
      ok: false,
      what: `${enabled.file} sets "hooksConfig": {"enabled": false}, so Gemini CLI runs no hooks`,
      fix: `remove "hooksConfig.enabled" from ${enabled.file} (or set it to true)`,
    });
  for (const file of files) {
    const disabled = geminiSetting(ctx, [file], ['hooksConfig', 'disabled'])?.value;
    if (!Array.isArray(disabled)) continue;
    for (const command of installed.commands)
      if (disabled.includes(command))
        steps.push({
          ok: false,
          what: `${file} lists planfirst's hook in "hooksConfig.disabled": ${command}`,
          fix: `remove that entry from "hooksConfig.disabled" in ${file}`,
        });
  }
  return steps;
}

/** Whether Gemini CLI trusts the folder, by its own order of checks. */
function geminiTrustStep(
  ctx: DoctorContext,
  geminiHome: string,
  layers: ReturnType<typeof geminiLayers>,
): { step: DoctorStep; trusted: boolean } {
  const env = ctx.env;
  const project = layers.workspace;
  if (env.GEMINI_RESTRICTED_MODE === 'true' || env.GEMINI_CLI_TRUST_WORKSPACE === 'false')
    return {
      trusted: false,
      step: {
        ok: false,
        what: 'GEMINI_RESTRICTED_MODE=true or GEMINI_CLI_TRUST_WORKSPACE=false: the folder is untrusted',
        fix: 'unset that variable',
      },
    };
  if (env.GEMINI_CLI_TRUST_WORKSPACE === 'true')
    return {
      trusted: true,
      step: { ok: true, what: 'GEMINI_CLI_TRUST_WORKSPACE=true trusts this folder' },
    };
  // Folder trust is read from the layers outside the workspace.
  const folderTrust = geminiSetting(
    ctx,
    [layers.defaults, layers.user, layers.system],
    ['security', 'folderTrust', 'enabled'],
  );
  if (folderTrust?.value === false)
    return {
      trusted: true,
      step: { ok: true, what: `${folderTrust.file} turns folder trust off` },
    };
  const file =
    env.GEMINI_CLI_TRUSTED_FOLDERS_PATH ?? join(geminiHome, '.gemini', 'trustedFolders.json');
  const { doc: rules, error } = readJson(ctx, file);
  if (error !== undefined)
    return {
      trusted: false,
      step: { ok: false, what: error, fix: `fix ${file} (Gemini CLI refuses to start)` },
    };
  const trusted = geminiFolderTrust(rules ?? {}, ctx.cwd);
  return {
    trusted: trusted === true,
    step:
      trusted === true
        ? { ok: true, what: `${file} trusts ${ctx.cwd}` }
        : {
            ok: false,
            what: `${ctx.cwd} is ${trusted === false ? 'marked DO_NOT_TRUST' : 'not listed'} in ${file}, so Gemini CLI ignores ${project} (and \`gemini -p\` refuses to start)`,
            fix: `add "${ctx.cwd}": "TRUST_FOLDER" to ${file} (or trust the folder when interactive gemini asks; for scripted runs GEMINI_CLI_TRUST_WORKSPACE=true or \`gemini --skip-trust\`)`,
          },
  };
}

// --- The others -------------------------------------------------------------------------------

function flatSteps(ctx: DoctorContext, host: HookHost): DoctorStep[] {
  const files: Partial<Record<HookHost, [string, string, string][]>> = {
    copilot: [[join(ctx.cwd, '.github', 'hooks', 'planfirst.json'), 'preToolUse', 'bash']],
    cursor: [
      [join(ctx.cwd, '.cursor', 'hooks.json'), 'beforeShellExecution', 'command'],
      [join(ctx.home, '.cursor', 'hooks.json'), 'beforeShellExecution', 'command'],
    ],
  };
  if (host === 'cline') {
    const paths = [
      join(ctx.cwd, '.clinerules', 'hooks', 'PreToolUse'),
      join(ctx.home, 'Documents', 'Cline', 'Hooks', 'PreToolUse'),
    ];
    const found = paths.find((p) => ctx.read(p)?.includes('# planfirst-hook') === true);
    return [
      found === undefined
        ? {
            ok: false,
            what: `no planfirst hook in ${paths.join(' or ')}`,
            fix: 'npx planfirst hook install cline',
          }
        : { ok: true, what: `planfirst's PreToolUse hook is ${found}` },
    ];
  }
  for (const [file, event, field] of files[host] ?? []) {
    const { doc } = readJson(ctx, file);
    const list = isObject(doc?.hooks) ? doc.hooks[event] : undefined;
    const commands = Array.isArray(list)
      ? list
          .filter((h) => isObject(h) && isPlanfirstHookCommand(h[field]))
          .map((h) => String((h as Record<string, unknown>)[field]))
      : [];
    if (commands.length === 0) continue;
    const steps: DoctorStep[] = [{ ok: true, what: `planfirst's ${event} hook is in ${file}` }];
    const script = scriptStep(ctx, commands);
    if (script) steps.push(script);
    if (host === 'copilot') steps.push(...copilotTrust(ctx));
    return steps;
  }
  return [
    {
      ok: false,
      what: `no planfirst hook for ${host} in ${(files[host] ?? []).map((f) => f[0]).join(' or ')}`,
      fix: `npx planfirst hook install ${host}`,
    },
  ];
}

/**
 * Copilot CLI 1.0 loads repository hooks in a prompt-mode run (`copilot -p`) only when the
 * folder is trusted: `trustedFolders` in its config.json (the folder or a parent; what
 * answering its trust prompt stores; it rewrites an older `trusted_folders` to that name), `COPILOT_ALLOW_ALL=true`,
 * `GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true`, or `--trust-folder` for one run. Its settings'
 * `trustedFolders` counts only in interactive sessions. `disableAllHooks` in any settings file
 * switches hooks off.
 */
function copilotTrust(ctx: DoctorContext): DoctorStep[] {
  const dir = ctx.env.COPILOT_HOME ?? join(ctx.home, '.copilot');
  const config = join(dir, 'config.json');
  const settings = join(dir, 'settings.json');
  const here = resolve(ctx.cwd);
  const steps: DoctorStep[] = [];
  for (const file of [
    settings,
    join(ctx.cwd, '.github', 'copilot', 'settings.json'),
    join(ctx.cwd, '.github', 'copilot', 'settings.local.json'),
  ])
    if (readJson(ctx, file).doc?.disableAllHooks === true)
      steps.push({
        ok: false,
        what: `${file} sets "disableAllHooks": true, so Copilot CLI runs no hooks`,
        fix: `remove "disableAllHooks" from ${file}`,
      });
  const folders = (file: string, ...keys: string[]) => {
    // Copilot writes its config.json with `//` comment lines.
    const text = ctx.read(file);
    let doc: unknown;
    try {
      doc = text === null ? undefined : JSON.parse(text.replace(/^\s*\/\/.*$/gm, ''));
    } catch {
      doc = undefined;
    }
    return keys.flatMap((key) => {
      const list = isObject(doc) ? doc[key] : undefined;
      return Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string') : [];
    });
  };
  const inside = (f: string) => here === resolve(f) || here.startsWith(resolve(f) + sep);
  if (ctx.env.COPILOT_ALLOW_ALL === 'true')
    steps.push({ ok: true, what: 'COPILOT_ALLOW_ALL=true trusts the working directory' });
  else if (ctx.env.GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS === 'true')
    steps.push({ ok: true, what: 'GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true loads them' });
  else if (folders(config, 'trusted_folders', 'trustedFolders').some(inside))
    steps.push({ ok: true, what: `${config} trusts ${here}` });
  else if (ctx.flags.includes('--trust-folder'))
    steps.push({
      ok: true,
      what: `${here} is not trusted; the hooks run only with \`copilot --trust-folder -p …\``,
    });
  else
    steps.push({
      ok: false,
      what: `${here} is not in "trustedFolders" in ${config}, so Copilot CLI skips the repository's hooks${folders(settings, 'trustedFolders').some((f) => resolve(f) === here) ? ` (${settings} trusts it for interactive sessions only)` : ''}`,
      fix: `trust the folder when interactive copilot asks, or add "${here}" to "trustedFolders" in ${config}; for scripted runs pass \`copilot --trust-folder -p …\` (check that setup with \`planfirst hook doctor copilot --trust-folder\`)`,
    });
  return steps;
}

/** The doctor's verdict for one host. */
export async function hookDoctor(host: HookHost, ctx: DoctorContext): Promise<DoctorReport> {
  const steps =
    host === 'claude'
      ? claudeSteps(ctx)
      : host === 'codex'
        ? await codexSteps(ctx)
        : host === 'gemini'
          ? geminiSteps(ctx)
          : flatSteps(ctx, host);
  return { host, ok: steps.every((s) => s.ok), steps };
}

export function formatDoctorReport(report: DoctorReport): string {
  const lines = report.steps.map(
    (s) =>
      `${s.ok ? 'ok  ' : 'FAIL'} ${s.what}${s.fix === undefined ? '' : `\n     fix: ${s.fix.replaceAll('\n', '\n          ')}`}`,
  );
  const verdict = report.ok
    ? `${report.host} will run planfirst's hooks in this project`
    : `${report.host} will NOT run planfirst's hooks in this project`;
  return `planfirst hook doctor ${report.host}: ${verdict}\n${lines.map((l) => `  ${l}`).join('\n')}\n`;
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The machine's files and programs. */
export function nodeDoctorContext(io: HookIo, flags: readonly string[]): DoctorContext {
  const codexBin = io.env.PLANFIRST_CODEX_BIN ?? 'codex';
  return {
    cwd: io.cwd,
    home: io.env.HOME ?? homedir(),
    env: io.env,
    read: readOrNull,
    exists: existsSync,
    codexHooks: codexHooksFromAppServer(codexBin, io.env),
    flags,
  };
}

/**
 * `planfirst hook doctor <host> [--bypass-hook-trust | --trust-folder]`: exit 0 only when the
 * hooks will run (the flags say the host is run with its per-invocation trust flag).
 */
export async function runDoctorCommand(args: readonly string[], io: HookIo): Promise<number> {
  const host = args.find((a) => !a.startsWith('--'));
  const unknown = args.filter(
    (a) => a.startsWith('--') && a !== '--bypass-hook-trust' && a !== '--trust-folder',
  );
  if (host === undefined || !isHookHost(host) || unknown.length > 0) {
    io.stderr(
      `planfirst hook doctor: expected a host (claude, codex, copilot, gemini, cursor, cline)${unknown.length > 0 ? `; unknown option ${unknown[0]}` : ''}\n`,
    );
    return 2;
  }
  const report = await hookDoctor(host, nodeDoctorContext(io, args));
  io.stdout(formatDoctorReport(report));
  return report.ok ? 0 : 1;
}
