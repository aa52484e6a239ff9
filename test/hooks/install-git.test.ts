import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { HookHost } from '../../src/index.js';
import * as f from './fixtures.js';
import { runHookCli } from './run-hook.js';

// `hook install` in a real git repository, as a team commits it: uninstall leaves no diff and
// no new file, and the installed command works from another clone. Needs `npm run build`.

const checkout = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const hosts: HookHost[] = ['claude', 'codex', 'copilot', 'gemini', 'cursor', 'cline'];
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' },
  });

/** A scratch repository with planfirst "installed" (node_modules/planfirst, not committed). */
function scratchRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'planfirst-repo-'));
  git(dir, 'init', '-q');
  git(dir, 'config', 'user.email', 't@example.com');
  git(dir, 'config', 'user.name', 't');
  writeFileSync(join(dir, '.gitignore'), 'node_modules/\n');
  // The user's own settings, formatted their way, must come back byte for byte.
  mkdirSync(join(dir, '.claude'));
  writeFileSync(
    join(dir, '.claude', 'settings.json'),
    '{\n    "permissions": {\n        "allow": ["Bash(npm test)"]\n    }\n}\n'.replace(
      '["Bash(npm test)"]',
      '[\n            "Bash(npm test)"\n        ]',
    ),
  );
  mkdirSync(join(dir, '.gemini'));
  writeFileSync(join(dir, '.gemini', 'settings.json'), '{"theme":"dark"}');
  mkdirSync(join(dir, '.planfirst'));
  writeFileSync(join(dir, '.planfirst', 'hook.json'), '{"planMode": true}\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'start');
  linkPlanfirst(dir);
  return dir;
}

/** What `npm i -D planfirst` gives a clone: node_modules/planfirst (here, this checkout). */
function linkPlanfirst(dir: string) {
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(checkout, join(dir, 'node_modules', 'planfirst'));
}

const env = { HOME: mkdtempSync(join(tmpdir(), 'planfirst-home-')) };

describe('hook install in a git repository', () => {
  it.each(hosts)('%s: install then uninstall leaves the repository as it was', async (host) => {
    const dir = scratchRepo();
    const install = await runHookCli(['install', host], '', { cwd: dir, env });
    expect(install.status, install.stderr).toBe(0);
    expect(git(dir, 'status', '--porcelain')).not.toBe('');
    const uninstall = await runHookCli(['uninstall', host], '', { cwd: dir, env });
    expect(uninstall.status, uninstall.stderr).toBe(0);
    expect(git(dir, 'status', '--porcelain', '--untracked-files=all')).toBe('');
    expect(git(dir, 'diff')).toBe('');
  });

  it('the committed commands work from another clone', async () => {
    const dir = scratchRepo();
    for (const host of hosts) {
      const run = await runHookCli(['install', host], '', { cwd: dir, env });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).not.toContain('absolute path');
    }
    const settings = readFileSync(join(dir, '.claude', 'settings.json'), 'utf8');
    expect(settings).toContain('\\"$CLAUDE_PROJECT_DIR/node_modules/planfirst/dist/hook.js\\"');
    expect(settings).not.toContain(checkout);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'planfirst hooks');
    const clone = mkdtempSync(join(tmpdir(), 'planfirst-clone-'));
    git(clone, 'clone', '-q', dir, 'c');
    const root = join(clone, 'c');
    linkPlanfirst(root);
    const deny = /"permissionDecision":"deny"|"decision":"deny"|"permission":"deny"|"cancel":true/;
    const commandOf = (host: HookHost): string => {
      const read = (p: string) => JSON.parse(readFileSync(join(root, p), 'utf8'));
      switch (host) {
        case 'claude':
          return read('.claude/settings.json').hooks.PreToolUse[0].hooks[0].command;
        case 'codex':
          return read('.codex/hooks.json').hooks.PreToolUse[0].hooks[0].command;
        case 'gemini':
          return read('.gemini/settings.json').hooks.BeforeTool[0].hooks[0].command;
        case 'copilot':
          return read('.github/hooks/planfirst.json').hooks.preToolUse[0].bash;
        case 'cursor':
          return read('.cursor/hooks.json').hooks.beforeShellExecution[0].command;
        case 'cline':
          return join(root, '.clinerules', 'hooks', 'PreToolUse');
      }
    };
    const inputs: Record<HookHost, unknown> = {
      claude: f.claudePreToolUse('echo pwned > MARKER'),
      codex: f.codexPreToolUse('echo pwned > MARKER'),
      gemini: f.geminiBeforeTool('echo pwned > MARKER'),
      copilot: f.copilotPreToolUse('echo pwned > MARKER'),
      cursor: { ...f.cursorBeforeShell('echo pwned > MARKER'), workspace_roots: [root] },
      cline: {
        ...f.clineToolCall('run_commands', { commands: ['echo pwned > MARKER'] }),
        workspaceRoots: [root],
      },
    };
    for (const host of hosts) {
      const command = commandOf(host);
      // As the hosts run them: through a shell, from the project, with their variables.
      const run = spawnSync('sh', ['-c', command], {
        cwd: root,
        input: JSON.stringify(inputs[host]),
        encoding: 'utf8',
        env: { ...process.env, CLAUDE_PROJECT_DIR: root, GEMINI_PROJECT_DIR: root },
      });
      expect([host, run.status, run.stdout, run.stderr]).toEqual([
        host,
        0,
        expect.stringMatching(deny),
        expect.anything(),
      ]);
    }
  });
});
