import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type HookHost, planHookInstall, planHookUninstall } from '../../src/index.js';
import { runHookCli, tempProject } from './run-hook.js';

const command = 'node "/opt/tools/dist/hook.js"';

function context(
  host: HookHost,
  files: Record<string, string> = {},
  scope: 'project' | 'user' = 'project',
) {
  return {
    host,
    scope,
    projectDir: '/p',
    homeDir: '/h',
    command,
    read: (path: string) => files[path] ?? null,
  };
}

/** Applies a plan to an in-memory file map, as the installer does on disk. */
function apply(files: Record<string, string>, plan: ReturnType<typeof planHookInstall>) {
  const next = { ...files };
  for (const f of plan.files) {
    if (f.after === null) delete next[f.path];
    else next[f.path] = f.after;
  }
  return next;
}

const userSettings = JSON.stringify({
  permissions: { allow: ['Bash(npm test)'] },
  hooks: {
    PreToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: 'my-linter' }] }],
    Stop: [{ hooks: [{ type: 'command', command: 'notify-send done' }] }],
  },
});

describe('planHookInstall', () => {
  it('Claude Code: adds the four hooks and keeps the user settings and hooks', () => {
    const files = { '/p/.claude/settings.json': userSettings };
    const plan = planHookInstall(context('claude', files));
    const after = JSON.parse(plan.files[0]?.after ?? '');
    expect(after.permissions).toEqual({ allow: ['Bash(npm test)'] });
    expect(after.hooks.PreToolUse).toEqual([
      { matcher: 'Edit', hooks: [{ type: 'command', command: 'my-linter' }] },
      {
        matcher: '*',
        hooks: [{ type: 'command', command: `${command} claude PreToolUse`, timeout: 10 }],
      },
    ]);
    expect(after.hooks.PermissionRequest[0].matcher).toBe('*');
    expect(after.hooks.Stop).toHaveLength(2);
    expect(after.hooks.SessionStart[0].matcher).toBe('compact');
  });

  it.each(['claude', 'codex', 'gemini', 'cursor', 'copilot', 'cline'] as const)(
    '%s: installing twice changes nothing; uninstalling restores the user content',
    (host) => {
      const start = host === 'claude' ? { '/p/.claude/settings.json': userSettings } : {};
      const once = apply(start, planHookInstall(context(host, start)));
      const again = planHookInstall(context(host, once));
      expect(again.files.every((f) => f.after === f.before)).toBe(true);
      const removed = apply(once, planHookUninstall(context(host, once)));
      // Byte for byte, in the file's own (here compact) formatting.
      if (host === 'claude') expect(removed['/p/.claude/settings.json']).toBe(userSettings);
      else expect(removed).toEqual({});
    },
  );

  it('writes the documented file for each host and scope', () => {
    const path = (host: HookHost, scope: 'project' | 'user' = 'project') =>
      planHookInstall(context(host, {}, scope)).files[0]?.path;
    expect(path('claude', 'user')).toBe('/h/.claude/settings.json');
    expect(path('codex')).toBe('/p/.codex/hooks.json');
    expect(path('gemini')).toBe('/p/.gemini/settings.json');
    expect(path('cursor', 'user')).toBe('/h/.cursor/hooks.json');
    expect(path('copilot')).toBe('/p/.github/hooks/planfirst.json');
    expect(path('cline')).toBe('/p/.clinerules/hooks/PreToolUse');
    expect(path('cline', 'user')).toBe('/h/Documents/Cline/Hooks/PreToolUse');
  });

  it('refuses what it cannot merge safely, writing nothing', () => {
    expect(() =>
      planHookInstall(context('claude', { '/p/.claude/settings.json': '{ "hooks": ' })),
    ).toThrow(/not valid JSON/);
    expect(() =>
      planHookInstall(
        context('cline', { '/p/.clinerules/hooks/PreToolUse': '#!/bin/sh\necho mine\n' }),
      ),
    ).toThrow(/someone else's PreToolUse hook/);
    expect(() => planHookInstall(context('copilot', {}, 'user'))).toThrow(/--project/);
  });
});

describe('planfirst hook install / uninstall, built', () => {
  it('writes, verifies, is idempotent, and uninstalls; --dry-run writes nothing', async () => {
    const dir = tempProject();
    mkdirSync(join(dir, '.claude'));
    const settings = join(dir, '.claude', 'settings.json');
    writeFileSync(settings, userSettings);
    const dry = await runHookCli(['install', 'claude', '--project', '--dry-run'], '', { cwd: dir });
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain(`would write ${settings}`);
    expect(readFileSync(settings, 'utf8')).toBe(userSettings);
    const first = await runHookCli(['install', 'claude'], '', { cwd: dir });
    expect([first.status, first.stdout]).toEqual([0, `wrote ${settings}\n`]);
    expect(readFileSync(settings, 'utf8')).toMatch(/dist\/hook\.js\\" claude PreToolUse/);
    const second = await runHookCli(['install', 'claude'], '', { cwd: dir });
    expect(second.stdout).toBe(`unchanged ${settings}\n`);
    const gone = await runHookCli(['uninstall', 'claude'], '', { cwd: dir });
    expect(gone.status).toBe(0);
    expect(JSON.parse(readFileSync(settings, 'utf8'))).toEqual(JSON.parse(userSettings));
  });

  it('Cline: an executable hook file that runs the hook', async () => {
    const dir = tempProject();
    const run = await runHookCli(['install', 'cline'], '', { cwd: dir });
    expect(run.status).toBe(0);
    const file = join(dir, '.clinerules', 'hooks', 'PreToolUse');
    expect(statSync(file).mode & 0o111).not.toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^#!\/bin\/sh\n# planfirst-hook/);
    await runHookCli(['uninstall', 'cline'], '', { cwd: dir });
    expect(existsSync(file)).toBe(false);
  });

  it('a usage error exits 2', async () => {
    const run = await runHookCli(['install', 'vim'], '');
    expect(run.status).toBe(2);
  });
});
