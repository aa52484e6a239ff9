import { describe, expect, it } from 'vitest';
import {
  type CodexHookList,
  type DoctorContext,
  formatDoctorReport,
  geminiFolderTrust,
  hookDoctor,
  hookScriptOf,
} from '../../src/hooks/doctor.js';

// The doctor's reading of each host's configuration. Whether the real hosts agree (an untrusted
// setup really skips the hooks, a trusted one really runs them) is checked by
// `npm run test:hosts` against the real programs.

const project = '/home/u/project';
const home = '/home/u';
const hookCommand = (host: string, event: string) =>
  `node "/home/u/project/node_modules/planfirst/dist/hook.js" ${host} ${event}`;
const grouped = (host: string, event: string) =>
  JSON.stringify({
    hooks: {
      [event]: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: hookCommand(host, event) }] },
      ],
    },
  });

function context(
  files: Record<string, string>,
  options: { env?: Record<string, string>; codex?: CodexHookList; flags?: string[] } = {},
): DoctorContext {
  return {
    cwd: project,
    home,
    env: options.env ?? {},
    read: (path) => files[path] ?? null,
    exists: (path) =>
      path in files || path === `${project}/.git` || path.endsWith('/planfirst/dist/hook.js'),
    codexHooks: async () => options.codex ?? { ok: false, reason: 'codex not found' },
    flags: options.flags ?? [],
  };
}

describe('hook doctor: Claude Code', () => {
  const settings = { [`${project}/.claude/settings.json`]: grouped('claude', 'PreToolUse') };

  it('passes when planfirst is installed and nothing switches hooks off', async () => {
    const report = await hookDoctor('claude', context(settings));
    expect(report.ok).toBe(true);
  });

  it('fails on disableAllHooks, naming the file that sets it', async () => {
    const user = `${home}/.claude/settings.json`;
    const report = await hookDoctor(
      'claude',
      context({ ...settings, [user]: '{"disableAllHooks": true}' }),
    );
    expect(report.ok).toBe(false);
    expect(formatDoctorReport(report)).toContain(`remove "disableAllHooks" from ${user}`);
  });

  it('fails when nothing is installed, naming the install command', async () => {
    const report = await hookDoctor('claude', context({}));
    expect(report.ok).toBe(false);
    expect(formatDoctorReport(report)).toContain('npx planfirst hook install claude');
  });

  it('fails when the installed command runs a hook script that is gone', async () => {
    const moved = {
      [`${project}/.claude/settings.json`]: grouped('claude', 'PreToolUse').replace(
        'planfirst/dist',
        'gone/dist',
      ),
    };
    expect((await hookDoctor('claude', context(moved))).ok).toBe(false);
  });

  it('fails on an unreadable settings file', async () => {
    const report = await hookDoctor(
      'claude',
      context({ [`${project}/.claude/settings.json`]: '{oops' }),
    );
    expect(report.ok).toBe(false);
  });
});

describe('hook doctor: Codex', () => {
  const hooksFile = `${project}/.codex/hooks.json`;
  const files = { [hooksFile]: grouped('codex', 'PreToolUse') };
  const listed = (trustStatus: string): CodexHookList => ({
    ok: true,
    hooks: [
      {
        key: `${hooksFile}:pre_tool_use:0:0`,
        command: hookCommand('codex', 'PreToolUse'),
        enabled: true,
        trustStatus,
        currentHash: 'sha256:abc',
      },
    ],
  });

  it('asks Codex and passes when it trusts every planfirst hook', async () => {
    expect((await hookDoctor('codex', context(files, { codex: listed('trusted') }))).ok).toBe(true);
  });

  it('names the exact hooks.state entry when a hook is not approved', async () => {
    const report = await hookDoctor('codex', context(files, { codex: listed('untrusted') }));
    expect(report.ok).toBe(false);
    expect(formatDoctorReport(report)).toContain(`[hooks.state."${hooksFile}:pre_tool_use:0:0"]`);
    expect(formatDoctorReport(report)).toContain('trusted_hash = "sha256:abc"');
  });

  it('accepts unapproved hooks for runs that pass --dangerously-bypass-hook-trust', async () => {
    const ctx = context(files, { codex: listed('untrusted'), flags: ['--bypass-hook-trust'] });
    expect((await hookDoctor('codex', ctx)).ok).toBe(true);
  });

  it('names the project trust entry when Codex does not load the project hooks', async () => {
    const report = await hookDoctor('codex', context(files, { codex: { ok: true, hooks: [] } }));
    expect(report.ok).toBe(false);
    expect(formatDoctorReport(report)).toContain(`[projects."${project}"]`);
  });

  it('fails when Codex cannot be asked', async () => {
    expect((await hookDoctor('codex', context(files))).ok).toBe(false);
  });
});

describe('hook doctor: Gemini CLI', () => {
  const files = { [`${project}/.gemini/settings.json`]: grouped('gemini', 'BeforeTool') };
  const trusted = `${home}/.gemini/trustedFolders.json`;

  it('fails in a folder its trusted folders do not list', async () => {
    const report = await hookDoctor('gemini', context(files));
    expect(report.ok).toBe(false);
    expect(formatDoctorReport(report)).toContain(`"${project}": "TRUST_FOLDER"`);
  });

  it('passes when the folder or a parent is trusted, or the environment trusts it', async () => {
    const folder = { ...files, [trusted]: JSON.stringify({ [project]: 'TRUST_FOLDER' }) };
    expect((await hookDoctor('gemini', context(folder))).ok).toBe(true);
    const parent = { ...files, [trusted]: JSON.stringify({ [`${project}/x`]: 'TRUST_PARENT' }) };
    expect((await hookDoctor('gemini', context(parent))).ok).toBe(true);
    const env = { GEMINI_CLI_TRUST_WORKSPACE: 'true' };
    expect((await hookDoctor('gemini', context(files, { env }))).ok).toBe(true);
  });

  it("fails when a settings layer switches hooks off or disables planfirst's command", async () => {
    const env = { GEMINI_CLI_TRUST_WORKSPACE: 'true' };
    const user = `${home}/.gemini/settings.json`;
    const off = { ...files, [user]: '{"hooksConfig": {"enabled": false}}' };
    const report = await hookDoctor('gemini', context(off, { env }));
    expect(report.ok).toBe(false);
    expect(formatDoctorReport(report)).toContain(`remove "hooksConfig.enabled" from ${user}`);
    // A higher layer (the trusted workspace) switches them back on.
    const workspace = JSON.stringify({
      ...JSON.parse(grouped('gemini', 'BeforeTool')),
      hooksConfig: { enabled: true },
    });
    const back = { ...off, [`${project}/.gemini/settings.json`]: workspace };
    expect((await hookDoctor('gemini', context(back, { env }))).ok).toBe(true);
    const system = '/etc/gemini-cli/settings.json';
    const disabled = {
      ...files,
      [system]: JSON.stringify({
        hooksConfig: { disabled: [hookCommand('gemini', 'BeforeTool')] },
      }),
    };
    const named = await hookDoctor('gemini', context(disabled, { env }));
    expect(named.ok).toBe(false);
    expect(formatDoctorReport(named)).toContain(`"hooksConfig.disabled" in ${system}`);
  });

  it('reads folder trust from the system settings too', async () => {
    const system = '/etc/gemini-cli/settings.json';
    const off = { ...files, [system]: '{"security": {"folderTrust": {"enabled": false}}}' };
    expect((await hookDoctor('gemini', context(off))).ok).toBe(true);
  });

  it('the longest matching rule decides, as in Gemini CLI', () => {
    const rules = { '/home/u': 'TRUST_FOLDER', '/home/u/project': 'DO_NOT_TRUST' };
    expect(geminiFolderTrust(rules, '/home/u/project/src')).toBe(false);
    expect(geminiFolderTrust(rules, '/home/u/other')).toBe(true);
    expect(geminiFolderTrust(rules, '/srv')).toBeUndefined();
    expect(geminiFolderTrust({ '/home/u/pro': 'TRUST_FOLDER' }, '/home/u/project')).toBeUndefined();
  });
});

describe('hook doctor: Copilot, Cursor, Cline', () => {
  it('Copilot needs the folder in trusted_folders', async () => {
    const hooks = {
      [`${project}/.github/hooks/planfirst.json`]: JSON.stringify({
        version: 1,
        hooks: { preToolUse: [{ type: 'command', bash: hookCommand('copilot', 'preToolUse') }] },
      }),
    };
    expect((await hookDoctor('copilot', context(hooks))).ok).toBe(false);
    const config = {
      [`${home}/.copilot/config.json`]: JSON.stringify({ trusted_folders: [project] }),
    };
    expect((await hookDoctor('copilot', context({ ...hooks, ...config }))).ok).toBe(true);
    const settings = `${home}/.copilot/settings.json`;
    // The settings' trustedFolders counts in interactive sessions only, not for `copilot -p`.
    const interactive = { ...hooks, [settings]: JSON.stringify({ trustedFolders: [project] }) };
    const report0 = await hookDoctor('copilot', context(interactive));
    expect(report0.ok).toBe(false);
    expect(formatDoctorReport(report0)).toContain('for interactive sessions only');
    const parent = {
      ...hooks,
      [`${home}/.copilot/config.json`]: JSON.stringify({ trusted_folders: [home] }),
    };
    expect((await hookDoctor('copilot', context(parent))).ok).toBe(true);
    const trusted = { ...hooks, ...config };
    expect((await hookDoctor('copilot', context(hooks, { flags: ['--trust-folder'] }))).ok).toBe(
      true,
    );
    // As Copilot rewrites it: comment lines, the camel-case key.
    const rewritten = {
      ...hooks,
      [`${home}/.copilot/config.json`]: `// This file is managed automatically.\n${JSON.stringify({ trustedFolders: [project] })}`,
    };
    expect((await hookDoctor('copilot', context(rewritten))).ok).toBe(true);
    const optIn = { GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS: 'true' };
    expect((await hookDoctor('copilot', context(hooks, { env: optIn }))).ok).toBe(true);
    const env = { COPILOT_ALLOW_ALL: 'true' };
    expect((await hookDoctor('copilot', context(hooks, { env }))).ok).toBe(true);
    const off = {
      ...trusted,
      [settings]: '{"trustedFolders": ["/home/u/project"], "disableAllHooks": true}',
    };
    const report = await hookDoctor('copilot', context(off));
    expect(report.ok).toBe(false);
    expect(formatDoctorReport(report)).toContain(`remove "disableAllHooks" from ${settings}`);
  });

  it('Cursor and Cline need only the installed hook', async () => {
    const cursor = {
      [`${project}/.cursor/hooks.json`]: JSON.stringify({
        version: 1,
        hooks: {
          beforeShellExecution: [{ command: hookCommand('cursor', 'beforeShellExecution') }],
        },
      }),
    };
    expect((await hookDoctor('cursor', context(cursor))).ok).toBe(true);
    const cline = { [`${project}/.clinerules/hooks/PreToolUse`]: '#!/bin/sh\n# planfirst-hook\n' };
    expect((await hookDoctor('cline', context(cline))).ok).toBe(true);
    expect((await hookDoctor('cline', context({}))).ok).toBe(false);
  });
});

describe('hook doctor: the installed script', () => {
  const exists = (path: string) =>
    path === `${project}/.git` || path === `${project}/node_modules/planfirst/dist/hook.js`;
  const ctx = { cwd: project, exists };

  it('expands the roots the installer writes, as the hosts expand them', () => {
    const local = `${project}/node_modules/planfirst/dist/hook.js`;
    for (const root of [
      '$CLAUDE_PROJECT_DIR',
      `\${CLAUDE_PROJECT_DIR}`,
      '$GEMINI_PROJECT_DIR',
      '$(git rev-parse --show-toplevel)',
      '$PWD',
    ])
      expect(
        hookScriptOf(ctx, `node "${root}/node_modules/planfirst/dist/hook.js" claude Stop`),
      ).toEqual({ path: local });
    expect(
      hookScriptOf(
        { cwd: `${project}/src`, exists },
        `node "$(git rev-parse --show-toplevel)/x/hook.js" codex Stop`,
      ),
    ).toEqual({ path: `${project}/x/hook.js` });
    expect(hookScriptOf(ctx, 'node "$HOME/hook.js" claude Stop')).toEqual({
      unresolved: '$HOME/hook.js',
    });
  });

  it('passes a portable project install and fails one whose package is gone', async () => {
    const portable = JSON.stringify({
      hooks: {
        PreToolUse: [
          {
            hooks: [
              {
                type: 'command',
                command:
                  'node "$CLAUDE_PROJECT_DIR/node_modules/planfirst/dist/hook.js" claude PreToolUse',
              },
            ],
          },
        ],
      },
    });
    const files = { [`${project}/.claude/settings.json`]: portable };
    const base = context(files);
    expect((await hookDoctor('claude', { ...base, exists })).ok).toBe(true);
    const gone = await hookDoctor('claude', { ...base, exists: (p) => p === `${project}/.git` });
    expect(gone.ok).toBe(false);
    expect(formatDoctorReport(gone)).toContain('which does not exist');
  });
});
