import type { AgentTool } from '@mariozechner/pi-agent-core';
import { fauxAssistantMessage, fauxText, fauxToolCall, Type } from '@mariozechner/pi-ai';
import { describe, expect, it } from 'vitest';
import { ACK_INSTRUCTION } from '../../../src/internal.js';
import { lastUserText, plan, scenario, script } from './harness.js';

const narrate = (text = "I'll update parse.ts to guard the empty case.") =>
  fauxAssistantMessage(text);
const retries = (events: { type: string }[]) => events.filter((e) => e.type === 'retry_injected');

describe('pi adapter: the incomplete-turn resolver on turn_end', () => {
  it('stops the agent with a user-facing message when the retries are exhausted', async () => {
    const s = scenario({
      options: { incompleteTurn: { retryLimits: { planningOnly: 1 } } },
      responses: [narrate(), narrate('I will now start editing parse.ts.'), narrate('unused')],
    });
    await s.agent.prompt('Fix the crash in src/parse.ts.');

    expect(s.requests).toHaveLength(2);
    expect(s.faux.getPendingResponseCount()).toBe(1);
    const outcome = s.planfirst.outcome();
    expect(outcome.status).toBe('blocked');
    expect(outcome.status === 'blocked' && outcome.message.length).toBeGreaterThan(10);
    expect(s.events.at(-1)).toMatchObject({ type: 'blocked', kind: 'planning-only' });
  });

  it('resets the budgets when the user sends a new prompt', async () => {
    const s = scenario({
      options: { incompleteTurn: { retryLimits: { planningOnly: 1 } } },
      responses: [narrate(), narrate('I will now start editing parse.ts.')],
    });
    await s.agent.prompt('Fix the crash in src/parse.ts.');
    expect(s.planfirst.outcome().status).toBe('blocked');

    script(s, [narrate('I will fix it right away.'), narrate('Going to edit parse.ts next.')]);
    await s.agent.prompt('Please fix it now.');

    // The fresh run got its own retry before being blocked again.
    expect(retries(s.events)).toHaveLength(2);
    expect(lastUserText(s.requests[1])).toContain('retry 1 of 1');
    expect(s.planfirst.outcome().status).toBe('blocked');
  });

  it('judges the turn pi stops after: one read, then narration, draws the planning-only retry', async () => {
    const s = scenario({
      responses: [
        fauxAssistantMessage(fauxToolCall('read_file', { path: 'src/parse.ts' }), {
          stopReason: 'toolUse',
        }),
        narrate("I see the bug. Next I'll add the guard in parse()."),
        fauxAssistantMessage(fauxToolCall('write_file', { path: 'src/parse.ts', content: 'x' }), {
          stopReason: 'toolUse',
        }),
        fauxAssistantMessage('Fixed.'),
      ],
    });
    await s.agent.prompt('Fix the crash in src/parse.ts.');

    expect(retries(s.events)).toEqual([expect.objectContaining({ kind: 'planning-only' })]);
    expect(s.writes).toEqual(['src/parse.ts']);
  });

  it('never retries a turn pi carries on from, however it is worded', async () => {
    const s = scenario({
      responses: [
        fauxAssistantMessage(
          [
            fauxText("Let me look at the parser; next I'll check the caller."),
            fauxToolCall('read_file', { path: 'src/parse.ts' }),
          ],
          { stopReason: 'toolUse' },
        ),
        fauxAssistantMessage(
          [
            fauxText('Let me check the caller too.'),
            fauxToolCall('read_file', { path: 'src/cli.ts' }),
          ],
          { stopReason: 'toolUse' },
        ),
        fauxAssistantMessage('Fixed: parse() guards the empty list.'),
      ],
    });
    await s.agent.prompt('Fix the crash in src/parse.ts.');
    expect(retries(s.events)).toEqual([]);
    expect(s.planfirst.outcome()).toEqual({ status: 'completed' });
  });

  it('retries a status line in plan mode with an instruction naming exit_plan_mode', async () => {
    const s = scenario({
      options: { planMode: { enabled: true } },
      responses: [
        narrate("Understood. I'll look into it."),
        fauxAssistantMessage('The crash comes from tokens[0] on an empty list.'),
      ],
    });
    await s.agent.prompt('Plan a fix for the parse() crash.');

    expect(retries(s.events)).toEqual([expect.objectContaining({ kind: 'plan-ack-only' })]);
    expect(lastUserText(s.requests[1])).toContain('exit_plan_mode');
  });

  it('never retries after a tool really failed', async () => {
    const failing: AgentTool = {
      name: 'deploy',
      label: 'Deploy',
      description: 'Deploy.',
      parameters: Type.Object({}),
      execute: async () => {
        throw new Error('deploy failed: no credentials');
      },
    };
    const s = scenario({
      extraTools: [failing],
      responses: [
        fauxAssistantMessage(fauxToolCall('deploy', {}), { stopReason: 'toolUse' }),
        narrate("I'll try the deployment again with other credentials."),
      ],
    });
    await s.agent.prompt('Deploy the fix.');

    expect(retries(s.events)).toEqual([]);
    expect(s.planfirst.outcome()).toEqual({ status: 'completed' });
  });

  it('leaves the next turn to a message the user queued meanwhile', async () => {
    const s = scenario({
      responses: [
        (_context) => {
          s.agent.followUp({
            role: 'user',
            content: 'Actually, fix lexer.ts first.',
            timestamp: 1,
          });
          return narrate();
        },
        fauxAssistantMessage(fauxToolCall('write_file', { path: 'src/lexer.ts', content: 'x' }), {
          stopReason: 'toolUse',
        }),
        fauxAssistantMessage('Fixed lexer.ts.'),
      ],
    });
    await s.agent.prompt('Fix the crash in src/parse.ts.');

    expect(retries(s.events)).toEqual([]);
    expect(lastUserText(s.requests[1])).toBe('Actually, fix lexer.ts first.');
    expect(s.writes).toEqual(['src/lexer.ts']);
  });

  it('adds the ACK fast-path note to the first model call of a go-ahead prompt', async () => {
    const s = scenario({
      responses: [
        fauxAssistantMessage('I can add a guard to parse(). Shall I proceed?'),
        fauxAssistantMessage(
          [fauxText('Adding it.'), fauxToolCall('write_file', { path: 'a.ts', content: 'x' })],
          { stopReason: 'toolUse' },
        ),
        fauxAssistantMessage('Done.'),
      ],
    });
    await s.agent.prompt('Can parse() be made safe on empty input?');
    await s.agent.prompt('go ahead');

    expect(s.requests[0]?.systemPrompt).not.toContain(ACK_INSTRUCTION);
    expect(s.requests[1]?.systemPrompt).toContain(ACK_INSTRUCTION);
    expect(s.requests[2]?.systemPrompt).not.toContain(ACK_INSTRUCTION);
  });

  it('treats an approval as the user’s go: narrating the plan instead of acting is retried', async () => {
    const s = scenario({
      options: { planMode: { enabled: true } },
      approvals: async () => ({ action: 'approve' }),
      responses: [
        fauxAssistantMessage(fauxToolCall('exit_plan_mode', plan), { stopReason: 'toolUse' }),
        narrate("I'll start with step 1: adding the failing test."),
        fauxAssistantMessage(fauxToolCall('write_file', { path: 'test/a.ts', content: 'x' }), {
          stopReason: 'toolUse',
        }),
        fauxAssistantMessage('Both steps are done.'),
      ],
    });
    await s.agent.prompt('Fix the crash in parse().');

    expect(retries(s.events)).toEqual([expect.objectContaining({ kind: 'planning-only' })]);
    expect(lastUserText(s.requests[2])).toContain('retry 1 of 3');
    expect(s.writes).toEqual(['test/a.ts']);
  });

  it('reports an aborted run and a failed model call as such, without retrying', async () => {
    const aborted = scenario({
      responses: [
        () => {
          aborted.agent.abort();
          return narrate();
        },
      ],
    });
    await aborted.agent.prompt('Fix the crash in src/parse.ts.');
    expect(aborted.planfirst.outcome()).toEqual({ status: 'aborted' });

    const failed = scenario({ responses: [] });
    await failed.agent.prompt('Fix the crash in src/parse.ts.');
    expect(failed.planfirst.outcome()).toEqual({
      status: 'error',
      message: 'No more faux responses queued',
    });
    expect(retries([...aborted.events, ...failed.events])).toEqual([]);
  });
});
