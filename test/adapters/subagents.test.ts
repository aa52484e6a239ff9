import type { BeforeToolCallContext } from '@mariozechner/pi-agent-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createContext as aiSdkContext } from '../../src/adapters/ai-sdk/context.js';
import { adapterContext as agentsContext } from '../../src/adapters/openai-agents/context.js';
import { gateFunctionCall } from '../../src/adapters/openai-agents/gate.js';
import { createContext as piContext } from '../../src/adapters/pi-agent-core/context.js';
import { createBeforeToolCall } from '../../src/adapters/pi-agent-core/gate.js';
import {
  checkToolCall,
  createSession,
  memorySessionStore,
  runGatedSubagent,
  type SessionState,
  type SessionStore,
} from '../../src/index.js';
import { executingSession, planSession } from '../helpers.js';

// The adapters only translate: a host's spawn tool is marked as one, the gate lets it run
// while planning, and runGatedSubagent runs the subagent on a session in plan mode.

describe('runGatedSubagent', () => {
  it('tracks the subagent while it runs, on a plan-mode session, and releases it however it ends', async () => {
    const parent = memorySessionStore(planSession());
    const seen = await runGatedSubagent(
      parent,
      async (start) => {
        expect(parent.get().planMode.subagents).toEqual(['s1']);
        return start;
      },
      { subagentId: 's1', now: () => 5 },
    );
    expect(seen.gated).toBe(true);
    expect(seen.session?.planMode).toMatchObject({
      mode: 'plan',
      subagent: { id: 's1', depth: 1 },
    });
    expect(parent.get().planMode.subagents).toBeUndefined();
    await expect(
      runGatedSubagent(parent, async () => {
        throw new Error('crashed');
      }),
    ).rejects.toThrow('crashed');
    expect(parent.get().planMode.subagents).toBeUndefined();
  });

  it('an executing parent runs its subagent ungated; a corrupt one starts none', async () => {
    const parent = memorySessionStore(executingSession());
    const start = await runGatedSubagent(parent, async (s) => s);
    expect(start).toMatchObject({ gated: false });
    const corrupt = memorySessionStore({ ...planSession(), planMode: { mode: 'NORMAL' } } as never);
    let ran = false;
    await expect(
      runGatedSubagent(corrupt, async () => {
        ran = true;
      }),
    ).rejects.toMatchObject({ code: 'invalid_state' });
    expect(ran).toBe(false);
  });

  it('nested to any depth, every level plans and no blocked call reaches an executor (property)', async () => {
    const calls = fc.array(
      fc.constantFrom('write_file', 'read_file', 'explore', 'bash:ls', 'bash:rm -rf /'),
      { maxLength: 4 },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(calls, { minLength: 4, maxLength: 5 }), async (levels) => {
        const executed: { depth: number; name: string; allowedInPlan: boolean }[] = [];
        let deepest = 0;
        // A host loop per level: each call is gated on its own store; explore nests.
        const agent = async (store: SessionStore, depth: number): Promise<void> => {
          for (const raw of ['explore', ...(levels[depth] ?? [])]) {
            if (raw === 'explore' && depth >= levels.length - 1) continue;
            const [name, command] = raw.split(':') as [string, string | undefined];
            const input = command === undefined ? { path: 'a' } : { command };
            const call = {
              name,
              input,
              ...(name === 'read_file' ? { readOnly: true } : {}),
              ...(name === 'explore' ? { subagent: true } : {}),
            };
            if (!checkToolCall(store.get(), call).allowed) continue;
            executed.push({
              depth,
              name,
              allowedInPlan: checkToolCall(createSession({ planMode: { enabled: true } }), call)
                .allowed,
            });
            if (name === 'explore')
              await runGatedSubagent(store, async (start) => {
                expect(start.gated).toBe(true);
                deepest = Math.max(deepest, start.session?.planMode.subagent?.depth ?? 0);
                await agent(memorySessionStore(start.session as SessionState), depth + 1);
              });
          }
        };
        const top = memorySessionStore(planSession());
        await agent(top, 0);
        // Subagents of subagents of subagents ran.
        expect(deepest).toBeGreaterThanOrEqual(3);
        for (const e of executed) expect(e.allowedInPlan, `${e.name}@${e.depth}`).toBe(true);
        expect(top.get().planMode.subagents).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });
});

describe('each adapter lets a marked spawn tool through while planning', () => {
  const store = () => memorySessionStore(planSession());

  it('AI SDK: subagentTools or metadata.subagent', () => {
    const ctx = aiSdkContext({ store: store(), subagentTools: ['explore'] });
    expect(ctx.gate('explore', {})).toMatchObject({ allowed: true, code: 'subagent_tool' });
    expect(ctx.gate('delegate', {}).allowed).toBe(false);
    ctx.annotate('delegate', { metadata: { subagent: true } } as never);
    expect(ctx.gate('delegate', {}).allowed).toBe(true);
    expect(ctx.readOnly('explore', {})).toBe(false);
  });

  it('OpenAI Agents: subagentTools (agents as tools)', () => {
    const ctx = agentsContext({ store: store(), subagentTools: ['researcher'] });
    const call = { name: 'researcher', arguments: '{"input":"look"}' };
    expect(gateFunctionCall(ctx, call)).toMatchObject({ allowed: true, code: 'subagent_tool' });
    const plain = agentsContext({ store: store() });
    expect(gateFunctionCall(plain, call).allowed).toBe(false);
  });

  it('pi-agent-core: a tool object with subagent: true', async () => {
    const ctx = piContext({ store: store() });
    const before = createBeforeToolCall(ctx);
    const ask = (tool: object) =>
      before({
        toolCall: { id: 't1', name: 'spawn', type: 'toolCall', arguments: {} },
        args: {},
        context: { tools: [{ name: 'spawn', ...tool }] },
      } as unknown as BeforeToolCallContext);
    expect(await ask({ subagent: true })).toBeUndefined();
    expect(await ask({})).toMatchObject({ block: true });
  });
});
