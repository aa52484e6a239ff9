import { describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../../src/index.js';
import { recordPlugin, SESSION } from './recorder.js';

const inPlanMode = () => recordPlugin({ startInPlanMode: true });
const gate = (
  r: ReturnType<typeof recordPlugin>,
  toolName: string,
  params: Record<string, unknown>,
  extra: object = {},
) => r.hook('before_tool_call')({ toolName, params, ...extra }, { ...SESSION, toolName, ...extra });

describe('before_tool_call gate', () => {
  it('registers the gate first in line (priority 1000)', () => {
    expect(inPlanMode().hooks.get('before_tool_call')?.priority).toBe(1000);
  });

  it('blocks exec rm -rf build in plan mode with the analyzer’s verdict in the message', async () => {
    const result = await gate(inPlanMode(), 'exec', { command: 'rm -rf build' });
    const verdict = analyzeShellCommand('rm -rf build');
    expect(result).toEqual({
      block: true,
      blockReason: expect.stringContaining(
        `not provably read-only (${verdict.code}): ${verdict.reason}`,
      ),
    });
  });

  it('lets a provably read-only exec run in plan mode', async () => {
    expect(await gate(inPlanMode(), 'exec', { command: 'ls -la' })).toBeUndefined();
    expect(
      await gate(inPlanMode(), 'bash', { command: 'git log --oneline | head -5' }),
    ).toBeUndefined();
  });

  it.each([
    ['write', { path: 'a.txt', content: 'x' }],
    ['edit', { path: 'a.txt', oldText: 'a', newText: 'b' }],
    ['apply_patch', { patch: '*** Begin Patch' }],
    ['message', { action: 'send', text: 'hi' }],
    ['sessions_spawn', { task: 'do it' }],
    ['some_mcp_tool', {}],
  ])('blocks %s in plan mode (default deny)', async (tool, params) => {
    const result = await gate(inPlanMode(), tool, params);
    expect(result?.block).toBe(true);
    expect(result?.blockReason).toContain(`\`${tool}\` is blocked`);
  });

  it('allows OpenClaw read-only tools and the plan tools in plan mode', async () => {
    const r = inPlanMode();
    for (const tool of [
      'read',
      'ls',
      'tool_search',
      'session_status',
      'progress_card',
      'update_plan',
      'plan_update',
      'plan_ask_user',
    ])
      expect(await gate(r, tool, {}), tool).toBeUndefined();
    expect(await gate(r, 'tool_call', { id: 'plan_ask_user', args: {} })).toBeUndefined();
  });

  it('blocks OpenClaw’s own ask_user while planning, naming the plugin’s plan_ask_user', async () => {
    const r = inPlanMode();
    for (const result of [
      await gate(r, 'ask_user', { questions: [] }),
      await gate(r, 'tool_call', { id: 'ask_user', args: { questions: [] } }),
    ]) {
      expect(result?.block).toBe(true);
      expect(result?.blockReason).toContain('`openclaw:core:ask_user` is blocked');
      expect(result?.blockReason).toContain('call plan_ask_user');
    }
    expect(await gate(recordPlugin(), 'ask_user', { questions: [] })).toBeUndefined();
  });

  it('judges a tool_call bridge call as the tool it runs', async () => {
    const r = inPlanMode();
    expect((await gate(r, 'tool_call', { id: 'write', args: { path: 'x' } }))?.block).toBe(true);
    expect(await gate(r, 'tool_call', { id: 'read', args: { path: 'x' } })).toBeUndefined();
    expect((await gate(r, 'tool_call', { args: {} }))?.block).toBe(true);
  });

  it('refuses Code Mode scripts while planning, whatever the tool is called', async () => {
    const result = await gate(
      inPlanMode(),
      'exec',
      { code: 'return 1' },
      { toolKind: 'code_mode_exec' },
    );
    expect(result?.block).toBe(true);
    expect(result?.blockReason).toContain('Code Mode scripts cannot be judged read-only');
  });

  it('lets everything through in normal mode', async () => {
    const r = recordPlugin();
    expect(await gate(r, 'exec', { command: 'rm -rf build' })).toBeUndefined();
    expect(await gate(r, 'write', { path: 'a' })).toBeUndefined();
    expect(await gate(r, 'exec', { code: 'x' }, { toolKind: 'code_mode_exec' })).toBeUndefined();
  });

  describe('fails closed when the plan state cannot be read', () => {
    it('blocks a mutation when the stored record is not a valid session, even though the session was in normal mode', async () => {
      const r = recordPlugin();
      await r.command('on');
      await r.command('off');
      expect(r.stored()?.planMode.mode).toBe('normal');
      const key = [...r.memory.records.keys()][0] ?? '';
      r.memory.records.set(key, '{"version":1,"planMode":{"mode":"Normal"}}');
      const result = await gate(r, 'exec', { command: 'rm -rf build' });
      expect(result?.block).toBe(true);
      expect(result?.blockReason).toMatch(
        /^planfirst could not read this session's plan state \(it is not a valid planfirst session\), so plan mode stays on\./,
      );
      expect(r.warnings.some((w) => w.includes('invalid'))).toBe(true);
    });

    it('blocks a mutation when reading the store fails', async () => {
      const r = recordPlugin();
      r.memory.failReads(true);
      const result = await gate(r, 'write', { path: 'a' });
      expect(result?.blockReason).toContain('reading it failed (EIO: read failed)');
    });

    it('blocks a mutation when the host gives no session identity', async () => {
      const r = recordPlugin();
      const result = await r.hook('before_tool_call')(
        { toolName: 'write', params: {} },
        { toolName: 'write' },
      );
      expect(result?.blockReason).toContain('the host did not say which session this is');
    });

    it('still lets provably read-only calls run on unreadable state (plan mode semantics)', async () => {
      const r = recordPlugin();
      r.memory.failReads(true);
      expect(await gate(r, 'exec', { command: 'ls' })).toBeUndefined();
    });

    it('treats text that is not JSON as unreadable', async () => {
      const r = recordPlugin();
      await r.command('on');
      await r.command('off');
      const key = [...r.memory.records.keys()][0] ?? '';
      expect(key).not.toBe('');
      r.memory.records.set(key, 'not json');
      expect((await gate(r, 'exec', { command: 'touch x' }))?.block).toBe(true);
    });
  });

  it('keeps sessions apart: plan mode in one session does not gate another', async () => {
    const r = recordPlugin();
    await r.command('on');
    const other = { ...SESSION, sessionKey: 'agent:main:discord:7' };
    expect((await gate(r, 'write', { path: 'a' }))?.block).toBe(true);
    expect(
      await r.hook('before_tool_call')(
        { toolName: 'write', params: {} },
        { ...other, toolName: 'write' },
      ),
    ).toBeUndefined();
  });
});

describe('before_tool_call gate judges every field of exec', () => {
  it('refuses exec whose env runs a file (BASH_ENV) although the command is read-only', async () => {
    const result = await gate(inPlanMode(), 'exec', {
      command: 'ls',
      env: { BASH_ENV: 'PLAN.md' },
    });
    expect(result?.block).toBe(true);
  });

  it('judges workdir like a cd before the command', async () => {
    expect(await gate(inPlanMode(), 'exec', { command: 'ls', workdir: 'src' })).toBeUndefined();
    expect(
      (await gate(inPlanMode(), 'exec', { command: 'git log -p', workdir: 'vendor/evil.git' }))
        ?.block,
    ).toBe(true);
  });

  it('lets OpenClaw’s output-collection fields through and refuses where-and-how-it-runs fields', async () => {
    const r = inPlanMode();
    expect(
      await gate(r, 'exec', {
        command: 'ls',
        yieldMs: 1000,
        timeoutSeconds: 30,
        background: false,
        pty: false,
      }),
    ).toBeUndefined();
    for (const field of ['elevated', 'host', 'node', 'ask', 'shell_override'])
      expect((await gate(r, 'exec', { command: 'ls', [field]: 'x' }))?.block, field).toBe(true);
  });

  it('refuses an input carrying a __proto__ key, whatever the command', async () => {
    const params = JSON.parse('{"command":"ls","__proto__":{"command":"rm -rf build"}}');
    expect((await gate(inPlanMode(), 'exec', params))?.block).toBe(true);
  });
});
