import { describe, expect, it } from 'vitest';
import {
  type CodexHookList,
  type DoctorContext,
  formatDoctorReport,
  geminiFolderTrust,
  hookDoctor,
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
