import { Agent, type AgentTool, agentLoop } from '@mariozechner/pi-agent-core';
import { fauxAssistantMessage, fauxToolCall, Type } from '@mariozechner/pi-ai';
import { describe, expect, it } from 'vitest';
import {
  createPlanfirstPi,
  type ReadOnlyHinted,
} from '../../../src/adapters/pi-agent-core/index.js';
import { createSession, memorySessionStore } from '../../../src/index.js';
import { hostTools, type Request, scenario, script, toolResult } from './harness.js';

const planning = { planMode: { enabled: true } };
const tool = (name: string, ran: string[], extra: ReadOnlyHinted = {}): AgentTool => ({
  name,
  label: name,
  description: name,
  parameters: Type.Object({}),
  execute: async () => {
    ran.push(name);
    return { content: [{ type: 'text', text: 'ok' }], details: {} };
  },
  ...extra,
});
const calls = (...names: string[]) =>
  fauxAssistantMessage(
    names.map((n) => fauxToolCall(n, {}, { id: n })),
    { stopReason: 'toolUse' },
  );

describe('pi adapter: the gate as beforeToolCall', () => {
  it('passes host tools marked read-only by name or by a readOnly property, and blocks others', async () => {
    const ran: string[] = [];
    const s = scenario({
      options: planning,
      readOnlyTools: ['lookup_symbol'],
      extraTools: [
        tool('lookup_symbol', ran),
        tool('inspect_config', ran, { readOnly: true }),
        tool('send_email', ran),
      ],
      responses: [
        calls('lookup_symbol', 'inspect_config', 'send_email'),
        fauxAssistantMessage('The config enables strict mode.'),
      ],
    });
    await s.agent.prompt('What does the config enable?');

    expect(ran).toEqual(['lookup_symbol', 'inspect_config']);
    expect(toolResult(s.requests[1], 'send_email')?.text).toContain(
      'Plan mode is active, so `send_email` is blocked',
    );
  });

  it('offers enter_plan_mode only when the model may enter plan mode, and then gates writes', async () => {
    const off = scenario({ responses: [fauxAssistantMessage('Hello.')] });
    await off.agent.prompt('Hi');
    expect(off.requests[0]?.tools).toEqual([
      'read_file',
      'write_file',
      'bash',
      'exit_plan_mode',
      'update_plan',
      'ask_user',
    ]);

    const s = scenario({
      options: { planMode: { allowModelEnter: true } },
      responses: [
        fauxAssistantMessage(fauxToolCall('enter_plan_mode', { reason: 'A risky refactor.' }), {
          stopReason: 'toolUse',
        }),
        fauxAssistantMessage(
          fauxToolCall('write_file', { path: 'a.ts', content: 'x' }, { id: 'w-1' }),
          { stopReason: 'toolUse' },
        ),
        fauxAssistantMessage('I will investigate first and propose a plan.'),
      ],
    });
    await s.agent.prompt('Refactor the parser.');

    expect(s.requests[0]?.tools).toContain('enter_plan_mode');
    expect(s.store.get().planMode.mode).toBe('plan');
    expect(s.requests[1]?.systemPrompt).toContain('Plan mode is on.');
    expect(toolResult(s.requests[2], 'w-1')?.isError).toBe(true);
    expect(s.writes).toEqual([]);
  });

  it('tracks mutations in normal mode from the gate’s read-only verdicts', async () => {
    const s = scenario({
      responses: [
        fauxAssistantMessage(fauxToolCall('bash', { command: 'ls src' }), {
          stopReason: 'toolUse',
        }),
        fauxAssistantMessage('src holds parse.ts and lexer.ts.'),
      ],
    });
    await s.agent.prompt('What is in src?');
    expect(s.commands).toEqual(['ls src']);
    expect(s.store.get().autoContinue.mutated).toBe(false);

    const w = scenario({
      responses: [
        fauxAssistantMessage(fauxToolCall('bash', { command: 'rm -rf build' }), {
          stopReason: 'toolUse',
        }),
        fauxAssistantMessage('Removed the build directory.'),
      ],
    });
    await w.agent.prompt('Clean the build.');
    expect(w.commands).toEqual(['rm -rf build']);
    expect(w.store.get().autoContinue.mutated).toBe(true);
  });

  it('does not count a blocked call as a mutation', async () => {
    const s = scenario({
      options: planning,
      responses: [
        fauxAssistantMessage(fauxToolCall('write_file', { path: 'a.ts', content: 'x' }), {
          stopReason: 'toolUse',
        }),
        fauxAssistantMessage('Writes are blocked; I will plan first.'),
      ],
    });
    await s.agent.prompt('Fix it.');
    expect(s.store.get().autoContinue.mutated).toBe(false);
  });

  it('chains a beforeToolCall the host installed, and detach restores the agent', async () => {
    const ran: string[] = [];
    const s = scenario({
      responses: [calls('publish'), fauxAssistantMessage('The policy refused it.')],
    });
    const agent = new Agent({
      initialState: { model: s.faux.getModel(), tools: [tool('publish', ran)] },
      beforeToolCall: async ({ toolCall }) =>
        toolCall.name === 'publish' ? { block: true, reason: 'host policy' } : undefined,
    });
    const hostHook = agent.beforeToolCall;
    const hostStream = agent.streamFn;
    const planfirst = createPlanfirstPi({ store: memorySessionStore(createSession()) });
    const detach = planfirst.attach(agent);
    expect(() => planfirst.attach(agent)).toThrow(/already attached/);
    await agent.prompt('Publish it.');

    expect(ran).toEqual([]);
    expect(toolResult(s.requests[1], 'publish')?.text).toBe('host policy');
    detach();
    expect(agent.beforeToolCall).toBe(hostHook);
    expect(agent.streamFn).toBe(hostStream);
    expect(agent.state.tools.map((t) => t.name)).toEqual(['publish']);
  });

  it('gives pi’s low-level agentLoop the gate, the plan tools and the system prompt', async () => {
    const s = scenario();
    const requests: Request[] = [];
    script({ faux: s.faux, requests }, [
      fauxAssistantMessage(
        fauxToolCall('write_file', { path: 'a.ts', content: 'x' }, { id: 'w-1' }),
        { stopReason: 'toolUse' },
      ),
      fauxAssistantMessage('Writes wait for the plan.'),
    ]);
    const log = { reads: [] as string[], writes: [] as string[], commands: [] as string[] };
    const planfirst = createPlanfirstPi({
      store: memorySessionStore(createSession(planning)),
      options: planning,
    });
    const stream = agentLoop(
      [{ role: 'user', content: 'Fix it.', timestamp: 1 }],
      { systemPrompt: 'Base.', messages: [], tools: [...hostTools(log), ...planfirst.planTools] },
      {
        model: s.faux.getModel(),
        convertToLlm: (messages) => messages.filter((m) => 'role' in m),
        beforeToolCall: planfirst.beforeToolCall,
      },
      undefined,
      planfirst.streamFn(),
    );
    await stream.result();

    expect(requests[0]?.systemPrompt).toMatch(/^Base\.\n\nPlan mode is on\./);
    expect(requests[0]?.tools).toContain('exit_plan_mode');
    expect(toolResult(requests[1], 'w-1')?.text).toContain('Plan mode is active');
    expect(log.writes).toEqual([]);
  });
});
