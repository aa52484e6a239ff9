import { fauxAssistantMessage, fauxText, fauxToolCall } from '@mariozechner/pi-ai';
import { describe, expect, it } from 'vitest';
import type { PiApprovalAnswer } from '../../../src/adapters/pi-agent-core/index.js';
import { checkToolCall, createSession } from '../../../src/index.js';
import { lastUserText, plan, scenario, toolResult } from './harness.js';

const planning = { planMode: { enabled: true } };

describe('pi adapter: the five behaviours, on a real Agent with the faux model', () => {
  it('lets a read tool and a read-only shell command run in plan mode', async () => {
    const s = scenario({
      options: planning,
      responses: [
        fauxAssistantMessage(
          [
            fauxText('Looking at the parser.'),
            fauxToolCall('read_file', { path: 'src/parse.ts' }, { id: 'read-1' }),
            fauxToolCall('bash', { command: 'grep -rn "parse(" src | head -20' }, { id: 'sh-1' }),
          ],
          { stopReason: 'toolUse' },
        ),
        fauxAssistantMessage('parse() reads tokens[0] without checking that the list is empty.'),
      ],
    });
    await s.agent.prompt('Why does parse() crash on empty input?');

    expect(s.reads).toEqual(['src/parse.ts']);
    expect(s.commands).toEqual(['grep -rn "parse(" src | head -20']);
    expect(toolResult(s.requests[1], 'read-1')).toEqual({
      isError: false,
      text: 'contents of src/parse.ts',
    });
    expect(toolResult(s.requests[1], 'sh-1')?.isError).toBe(false);
    expect(s.events.filter((e) => e.type === 'tool_blocked')).toEqual([]);
    expect(s.store.get().planMode.mode).toBe('plan');
    expect(s.planfirst.outcome()).toEqual({ status: 'completed' });
  });

  it('blocks a write in plan mode and shows the model the gate message', async () => {
    const s = scenario({
      options: planning,
      responses: [
        fauxAssistantMessage(
          fauxToolCall('write_file', { path: 'src/parse.ts', content: 'x' }, { id: 'w-1' }),
          { stopReason: 'toolUse' },
        ),
        fauxAssistantMessage(
          fauxToolCall('bash', { command: 'sed -i s/a/b/ src/parse.ts' }, { id: 'sh-1' }),
          { stopReason: 'toolUse' },
        ),
        fauxAssistantMessage('Writes wait for an approved plan; I will propose one.'),
      ],
    });
    await s.agent.prompt('Fix parse().');

    const gate = checkToolCall(
      createSession(planning),
      { name: 'write_file', input: { path: 'src/parse.ts', content: 'x' } },
      planning,
    );
    expect(gate.allowed).toBe(false);
    expect(s.writes).toEqual([]);
    expect(s.commands).toEqual([]);
    // The next model request carries the gate's message, verbatim, as an error tool result.
    expect(toolResult(s.requests[1], 'w-1')).toEqual({ isError: true, text: gate.message });
    const shell = toolResult(s.requests[2], 'sh-1');
    expect(shell?.isError).toBe(true);
    expect(shell?.text).toContain('not provably read-only');
    expect(s.events.filter((e) => e.type === 'tool_blocked').map((e) => e.code)).toEqual([
      'not_read_only',
      'shell_not_read_only',
    ]);
  });

  it('runs exit_plan_mode → approval → the write, with plan mode off', async () => {
    const asked: string[] = [];
    const s = scenario({
      options: planning,
      approvals: async (request) => {
        asked.push(request.plan.title);
        return { action: 'approve' };
      },
      responses: [
        fauxAssistantMessage(fauxToolCall('exit_plan_mode', plan, { id: 'exit-1' }), {
          stopReason: 'toolUse',
        }),
        fauxAssistantMessage(
          fauxToolCall('write_file', { path: 'src/parse.ts', content: 'guarded' }, { id: 'w-1' }),
          { stopReason: 'toolUse' },
        ),
        fauxAssistantMessage('Done: parse() returns early on empty input.'),
      ],
    });
    await s.agent.prompt('Fix the crash in parse().');

    expect(asked).toEqual([plan.title]);
    expect(s.writes).toEqual(['src/parse.ts']);
    expect(toolResult(s.requests[2], 'w-1')).toEqual({
      isError: false,
      text: 'wrote src/parse.ts',
    });
    // While planning the system prompt says so; the call after the approval it does not.
    expect(s.requests[0]?.systemPrompt).toContain('Plan mode is on.');
    expect(s.requests[1]?.systemPrompt).toBe('You are a coding agent.');
    expect(lastUserText(s.requests[1])).toContain('[PLAN_DECISION]: approved');
    expect(lastUserText(s.requests[1])).toContain('Return early in parse()');
    expect(s.store.get().planMode).toMatchObject({ mode: 'normal', approval: 'approved' });
    expect(s.planfirst.outcome()).toEqual({ status: 'completed' });
    // exit_plan_mode ended its tool batch: no model call between the plan and the decision.
    expect(s.requests).toHaveLength(3);
  });

  it('retries a planning-only turn with an escalating instruction that reaches the model', async () => {
    const s = scenario({
      responses: [
        fauxAssistantMessage("I'll fix the crash in parse.ts now."),
        fauxAssistantMessage('I will start by updating the guard in parse.ts.'),
        fauxAssistantMessage(
          fauxToolCall('write_file', { path: 'src/parse.ts', content: 'guarded' }),
          { stopReason: 'toolUse' },
        ),
        fauxAssistantMessage('Fixed: parse() now returns early on empty input.'),
      ],
    });
    await s.agent.prompt('Fix the crash in src/parse.ts.');

    const retries = s.events.flatMap((e) => (e.type === 'retry_injected' ? [e.instruction] : []));
    expect(retries.map((r) => [r.kind, r.tier, r.attempt, r.limit])).toEqual([
      ['planning-only', 'standard', 1, 3],
      ['planning-only', 'firm', 2, 3],
    ]);
    expect(retries[0]?.text).toContain('retry 1 of 3');
    expect(retries[1]?.text).toContain('retry 2 of 3');
    // Each instruction is the user message of the very next model call.
    expect(lastUserText(s.requests[1])).toBe(retries[0]?.text);
    expect(lastUserText(s.requests[2])).toBe(retries[1]?.text);
    expect(s.writes).toEqual(['src/parse.ts']);
    expect(s.planfirst.outcome()).toEqual({ status: 'completed' });
    // Acting reset the counters.
    expect(s.store.get().incompleteTurn.attempts).toEqual({});
  });

  it('keeps plan mode after a rejection: the feedback reaches the model and writes stay blocked', async () => {
    const answers: PiApprovalAnswer[] = [
      { action: 'reject', feedback: 'Add the regression test before touching parse().' },
      { action: 'approve' },
    ];
    const revised = { ...plan, title: 'Test first, then guard parse()' };
    const s = scenario({
      options: planning,
      approvals: async () => answers.shift() ?? { action: 'timeout' },
      responses: [
        fauxAssistantMessage(fauxToolCall('exit_plan_mode', plan), { stopReason: 'toolUse' }),
        fauxAssistantMessage(
          fauxToolCall('write_file', { path: 'test/parse.test.ts', content: 't' }, { id: 'w-1' }),
          { stopReason: 'toolUse' },
        ),
        fauxAssistantMessage(fauxToolCall('exit_plan_mode', revised), { stopReason: 'toolUse' }),
        fauxAssistantMessage(
          fauxToolCall('write_file', { path: 'test/parse.test.ts', content: 't' }),
          { stopReason: 'toolUse' },
        ),
        fauxAssistantMessage('Added the test and the guard.'),
      ],
    });
    await s.agent.prompt('Fix the crash in parse().');

    const rejection = lastUserText(s.requests[1]);
    expect(rejection).toContain('[PLAN_DECISION]: rejected');
    expect(rejection).toContain('"Add the regression test before touching parse()."');
    expect(s.requests[1]?.systemPrompt).toContain('Plan mode is on.');
    // The write right after the rejection was blocked, and the model saw why.
    expect(toolResult(s.requests[2], 'w-1')?.text).toContain('Plan mode is active');
    expect(s.events.filter((e) => e.type === 'tool_blocked')).toHaveLength(1);
    // Only the write after the approval of the revised plan ran.
    expect(s.writes).toEqual(['test/parse.test.ts']);
    expect(lastUserText(s.requests[3])).toContain('[PLAN_DECISION]: approved');
    expect(s.store.get().planMode).toMatchObject({ approval: 'approved', mode: 'normal' });
    expect(s.store.get().planMode.plan?.title).toBe(revised.title);
  });
});
