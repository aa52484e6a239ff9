import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerHook, type HookIo, projectDir, validAttempts } from '../../src/hooks/main.js';
import * as f from './fixtures.js';
import { tempProject } from './run-hook.js';

// The settings file is found from roots the model cannot move, never from the event's cwd.

const io = (cwd: string, env: Record<string, string> = {}, scriptPath?: string): HookIo => ({
  readStdin: async () => '',
  stdout: () => {},
  stderr: () => {},
  env: { PLANFIRST_HOOK_STATE_DIR: mkdtempSync(join(tmpdir(), 'pf-state-')), ...env },
  cwd,
  now: () => new Date(0),
  ...(scriptPath === undefined ? {} : { scriptPath }),
});

const withInput = (base: HookIo, input: unknown): HookIo => ({
  ...base,
  readStdin: async () => JSON.stringify(input),
});

describe('projectDir', () => {
  it('prefers the host-reported project, then workspace roots, then the install location', () => {
    expect(projectDir({ cwd: '/p/sub' }, io('/x', { CLAUDE_PROJECT_DIR: '/p' }))).toBe('/p');
    expect(projectDir({ cwd: '/p/sub', workspace_roots: ['/w'] }, io('/x'))).toBe('/w');
    expect(projectDir({ workspaceRoots: ['/c'] }, io('/x'))).toBe('/c');
    expect(
      projectDir({ cwd: '/p/sub' }, io('/x', {}, '/repo/node_modules/planfirst/dist/hook.js')),
    ).toBe('/repo');
    expect(projectDir({ cwd: '/p/sub' }, io('/x'))).toBe('/x');
  });
});

describe('a cd into a subdirectory does not switch plan mode off', () => {
  it.each([
    ['claude', (dir: string) => ({ CLAUDE_PROJECT_DIR: dir })],
    ['gemini', (dir: string) => ({ GEMINI_PROJECT_DIR: dir })],
  ] as const)('%s: the project directory variable wins over cwd', async (host, env) => {
    const dir = tempProject({ planMode: true });
    mkdirSync(join(dir, 'sub'));
    const input = {
      ...(host === 'claude'
        ? f.claudePreToolUse('rm -rf ../src')
        : f.geminiBeforeTool('rm -rf ../src')),
      cwd: join(dir, 'sub'),
    };
    const answer = await answerHook(
      host,
      undefined,
      withInput(io(join(dir, 'sub'), env(dir)), input),
    );
    expect(answer.judgement.verdict).toBe('deny');
  });

  it('cursor: the workspace root wins over cwd', async () => {
    const dir = tempProject({ planMode: true });
    const input = {
      ...f.cursorBeforeShell('rm -rf ../src'),
      workspace_roots: [dir],
      cwd: join(dir, 'sub'),
    };
    const answer = await answerHook('cursor', undefined, withInput(io(join(dir, 'sub')), input));
    expect(answer.judgement.verdict).toBe('deny');
  });

  it('copilot and codex: the directory the host started the hook in, not the payload cwd', async () => {
    const dir = tempProject({ planMode: true });
    const input = { ...f.copilotPreToolUse('rm -rf ../src'), cwd: join(dir, 'sub') };
    expect(
      (await answerHook('copilot', undefined, withInput(io(dir), input))).judgement.verdict,
    ).toBe('deny');
    const other = tempProject();
    const moved = { ...f.codexPreToolUse('rm -rf x'), cwd: dir };
    // The payload names a planning project, but the hook runs in another one: its settings apply.
    expect(
      (await answerHook('codex', undefined, withInput(io(other), moved))).judgement.verdict,
    ).toBe('neutral');
  });
});

describe('the Stop retry count read from disk', () => {
  it('is a whole number from 0 to 10, anything else unknown', () => {
    for (const ok of [0, 1, 3, 10]) expect(validAttempts(ok)).toBe(ok);
    for (const bad of [-1, -1_000_000, 11, 1.5, Number.NaN, '2', null, undefined, Infinity])
      expect(validAttempts(bad)).toBeUndefined();
  });

  it('an out-of-range count never blocks a continued stop', async () => {
    const dir = tempProject();
    const base = io(dir, { CLAUDE_PROJECT_DIR: dir });
    const narration = 'I will update the parser first and then run the tests.';
    const first = await answerHook('claude', undefined, withInput(base, f.claudeStop(narration)));
    expect(first.judgement.verdict).toBe('block-stop');
    const stateDir = base.env.PLANFIRST_HOOK_STATE_DIR as string;
    const { readdirSync } = await import('node:fs');
    const [file] = readdirSync(stateDir);
    writeFileSync(join(stateDir, file as string), JSON.stringify({ attempts: -1_000_000 }));
    const again = await answerHook(
      'claude',
      undefined,
      withInput(base, f.claudeStop(narration, true)),
    );
    expect(again.judgement.verdict).toBe('neutral');
  });
});
