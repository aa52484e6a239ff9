import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createPlanfirstPlugin,
  fileStateStore,
  type HostCommand,
  type HostPluginApi,
  sessionStoreKey,
} from '../../../src/adapters/openclaw/index.js';
import { createSession, parseSession } from '../../../src/index.js';
import { samplePlan } from '../../helpers.js';
import { recordPlugin, SESSION } from './recorder.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function stateDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'planfirst-openclaw-state-'));
  dirs.push(d);
  return d;
}

/** A plugin process over a real state directory, as one gateway run would be. */
function gateway(dir: string, config: Record<string, unknown> = {}) {
  const handlers = new Map<string, unknown>();
  const commands: HostCommand[] = [];
  const api = {
    pluginConfig: config,
    logger: { warn: () => undefined },
    runtime: { state: { resolveStateDir: () => dir } },
    registerTool: () => undefined,
    registerCommand: (c) => {
      commands.push(c);
    },
    on: ((name: string, handler: unknown) => handlers.set(name, handler)) as HostPluginApi['on'],
  } satisfies HostPluginApi;
  createPlanfirstPlugin({ now: () => 5_000, newId: () => 'approval-x' }).register(api);
  const gate = handlers.get('before_tool_call') as (
    e: unknown,
    c: unknown,
  ) => { block?: boolean } | undefined;
  return {
    gate: (command: string) =>
      gate({ toolName: 'exec', params: { command } }, { ...SESSION, toolName: 'exec' }),
    command: (args: string) =>
      commands[0]?.handler({
        ...SESSION,
        channel: 'telegram',
        isAuthorizedSender: true,
        args,
      }),
    hook: (name: string) => handlers.get(name) as (e: unknown, c: unknown) => unknown,
  };
}

describe('plan state per OpenClaw session', () => {
  it('survives a gateway restart: a new plugin instance over the same state directory still gates', () => {
    const dir = stateDir();
    gateway(dir).command('on');
    const restarted = gateway(dir);
    expect(restarted.gate('rm -rf build')?.block).toBe(true);
    expect(restarted.gate('ls')).toBeUndefined();
  });

  it('lives in its own file, untouched when the host replaces its whole session entry', () => {
    const dir = stateDir();
    const first = gateway(dir);
    first.command('on');
    // The host rewrites session rows in its own database; the plan record is a separate file.
    const files = readdirSync(join(dir, 'plugins', 'planfirst', 'sessions'));
    expect(files).toHaveLength(1);
    const text = readFileSync(
      join(dir, 'plugins', 'planfirst', 'sessions', files[0] ?? ''),
      'utf8',
    );
    expect(parseSession(text).planMode.mode).toBe('plan');
  });

  it('writes a whole record atomically: no temporary file is left behind', () => {
    const dir = stateDir();
    const store = fileStateStore(dir);
    store.write('k', createSession());
    store.write('k', createSession({ planMode: { enabled: true } }));
    expect(readdirSync(dir)).toHaveLength(1);
    const read = store.read('k');
    expect(read.found && parseSession(read.text).planMode.mode).toBe('plan');
  });

  it('a record that was replaced by garbage keeps plan mode on until the user resets it', () => {
    const dir = stateDir();
    const gw = gateway(dir);
    gw.command('on');
    gw.command('off');
    const folder = join(dir, 'plugins', 'planfirst', 'sessions');
    const file = join(folder, readdirSync(folder)[0] ?? '');
    writeFileSync(file, '{"version":1,"planMode":{"mode":"normal","approval":"none"}');
    expect(gateway(dir).gate('touch x')?.block).toBe(true);
    gateway(dir).command('off');
    expect(gateway(dir).gate('touch x')).toBeUndefined();
  });

  it('is dropped when the conversation starts over (/new, /reset) and kept across shutdown', () => {
    const dir = stateDir();
    const gw = gateway(dir);
    gw.command('on');
    gw.hook('session_end')({ sessionId: 's-1', reason: 'shutdown' }, SESSION);
    expect(gateway(dir).gate('touch x')?.block).toBe(true);
    gw.hook('session_end')({ sessionId: 's-1', reason: 'new' }, SESSION);
    expect(gateway(dir).gate('touch x')).toBeUndefined();
    gw.command('on');
    gw.hook('before_reset')({ reason: 'reset' }, SESSION);
    expect(gateway(dir).gate('touch x')).toBeUndefined();
  });

  it('starts a new conversation in plan mode when startInPlanMode is set', () => {
    expect(gateway(stateDir(), { startInPlanMode: true }).gate('touch x')?.block).toBe(true);
  });

  it('keys records by agent and session key, falling back to the session id', () => {
    expect(sessionStoreKey({ agentId: 'a', sessionKey: 'k', sessionId: 'i' })).toBe('a\u0000key:k');
    expect(sessionStoreKey({ sessionId: 'i' })).toBe('\u0000id:i');
    expect(sessionStoreKey({})).toBeUndefined();
    expect(sessionStoreKey({ agentId: 'a', sessionKey: 'k' })).not.toBe(
      sessionStoreKey({ agentId: 'b', sessionKey: 'k' }),
    );
  });
});

describe('fail-closed property', () => {
  it('whatever a stored record holds, the gate lets a mutation through only for a valid normal-mode session', async () => {
    const records = fc.oneof(
      fc.string(),
      fc.json(),
      fc
        .constantFrom('normal', 'plan', 'Normal', 'PLAN', '', null)
        .map((mode) =>
          JSON.stringify({ ...createSession(), planMode: { ...createSession().planMode, mode } }),
        ),
      fc.constant(JSON.stringify(createSession())),
    );
    await fc.assert(
      fc.asyncProperty(records, async (text) => {
        const r = recordPlugin();
        await r.command('on');
        const key = [...r.memory.records.keys()][0] ?? '';
        r.memory.records.set(key, text);
        let validNormal = false;
        try {
          validNormal = parseSession(text).planMode.mode === 'normal';
        } catch {
          validNormal = false;
        }
        const result = await r.hook('before_tool_call')(
          { toolName: 'exec', params: { command: 'rm -rf build' } },
          { ...SESSION, toolName: 'exec' },
        );
        expect(result === undefined).toBe(validNormal);
      }),
      { seed: 16, numRuns: 300 },
    );
  });

  it('across any sequence of decisions and host answers, a pending or rejected plan never lets a mutation through', async () => {
    const steps = fc.array(
      fc.oneof(
        fc.constant({ kind: 'submit' as const }),
        fc
          .constantFrom('allow-once', 'deny', 'timeout', 'cancelled')
          .map((answer) => ({ kind: 'host' as const, answer })),
        fc
          .constantFrom(
            'approve',
            'approve approval-1',
            'approve approval-2',
            'reject no',
            'on',
            'off',
            'status',
          )
          .map((args) => ({ kind: 'command' as const, args })),
      ),
      { maxLength: 12 },
    );
    await fc.assert(
      fc.asyncProperty(steps, async (script) => {
        const r = recordPlugin({ startInPlanMode: true });
        const answers: Array<(a: never) => unknown> = [];
        for (const step of script) {
          if (step.kind === 'submit') {
            // In normal mode the tool refuses: an error result for the model.
            const out = await r.callTool('exit_plan_mode', samplePlan).catch(() => ({}));
            if ('approval' in out && out.approval.onResolution)
              answers.push(out.approval.onResolution as never);
          } else if (step.kind === 'host') await answers.at(-1)?.(step.answer as never);
          else await r.command(step.args);
          const pm = r.stored()?.planMode;
          const gate = await r.hook('before_tool_call')(
            { toolName: 'write', params: { path: 'x' } },
            { ...SESSION, toolName: 'write' },
          );
          const mayMutate = pm?.mode === 'normal';
          expect(gate === undefined).toBe(mayMutate);
          if (
            pm &&
            (pm.approval === 'pending' || pm.approval === 'rejected' || pm.approval === 'timed_out')
          )
            expect(gate?.block).toBe(true);
        }
      }),
      { seed: 1616, numRuns: 200 },
    );
  });
});
