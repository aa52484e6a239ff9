import { describe, expect, it } from 'vitest';
import { ACK_INSTRUCTION, planModeSystemPrompt, retryInstruction } from '../../../src/internal.js';
import { callTools, conversation, lastUserText, say, silence, systemText } from './scripted.js';

const normalMode = { options: {} };

describe('planfirst/ai-sdk turns: prepareStep, onStepFinish, stopWhen', () => {
  it('retries a planning-only turn: the escalating instruction is the next call’s last user message', async () => {
    const c = conversation(
      [
        say("I'll fix the crash in the parser now."),
        say('Let me start by fixing the parser.'),
        callTools(['write_file', { path: 'src/parser.ts', content: 'fixed' }]),
        say('Done: parse() no longer crashes.'),
      ],
      normalMode,
    );
    await c.generate();
    const first = retryInstruction('planning-only', 1, 3);
    expect(c.pf.status()).toEqual({ kind: 'retry', instruction: first });

    await c.generate();
    expect(lastUserText(c.prompt(1))).toBe(first.text);
    const second = retryInstruction('planning-only', 2, 3);
    expect(second.tier).toBe('firm');
    expect(c.pf.status()).toEqual({ kind: 'retry', instruction: second });

    await c.generate();
    expect(lastUserText(c.prompt(2))).toBe(second.text);
    expect(c.ran).toEqual(['write_file src/parser.ts']);
    expect(c.pf.status()).toEqual({ kind: 'done' });
    // The instruction went to the model for one call; the host's history stays its own.
    expect(c.messages.filter((m) => m.role === 'user')).toHaveLength(1);
    expect(lastUserText(c.prompt(3))).toBeUndefined();
  });

  it('never retries a step that called a tool: the SDK loop answers its results next', async () => {
    const c = conversation(
      [
        say('Next, I will update the parser.', ['read_file', { path: 'src/parser.ts' }]),
        say('Let me check the caller too.', ['read_file', { path: 'src/cli.ts' }]),
        callTools(['write_file', { path: 'src/parser.ts', content: 'fixed' }]),
        say('Done: parse() is fixed.'),
      ],
      normalMode,
    );
    await c.generate();

    expect(c.model.doGenerateCalls).toHaveLength(4);
    for (const step of [1, 2, 3]) expect(lastUserText(c.prompt(step))).toBeUndefined();
    expect(c.ran).toEqual([
      'read_file src/parser.ts',
      'read_file src/cli.ts',
      'write_file src/parser.ts',
    ]);
    expect(c.pf.status()).toEqual({ kind: 'done' });
  });

  it('does not retry the narration that follows a tool that really failed', async () => {
    const c = conversation(
      [
        say('Let me run it.', ['bash', { command: 'crash' }]),
        say("It crashed; I'll try again next."),
      ],
      normalMode,
    );
    await c.generate();
    expect(c.ran).toEqual(['bash crash']);
    expect(c.pf.status()).toEqual({ kind: 'done' });
  });

  it('retries inside one generateText when the step after the reads only narrates', async () => {
    const c = conversation(
      [
        say('Let me read the parser.', ['read_file', { path: 'src/parser.ts' }]),
        say("Next I'll patch the parser."),
      ],
      normalMode,
    );
    await c.generate();
    expect(c.pf.status()).toEqual({
      kind: 'retry',
      instruction: retryInstruction('planning-only', 1, 3),
    });
  });

  it('ends the run blocked once the retries are used up, and a new user message starts afresh', async () => {
    const c = conversation(
      [say("I'll fix it now."), say("I'll get to it now."), say("I'll fix it right away.")],
      { options: { incompleteTurn: { retryLimits: { planningOnly: 1 } } } },
    );
    await c.generate();
    await c.generate();
    const status = c.pf.status();
    expect(status.kind).toBe('blocked');
    expect(status.kind === 'blocked' && status.message).toMatch(
      /^The agent stopped: it kept describing/,
    );

    c.messages.push({ role: 'user', content: 'Please fix src/parser.ts now.' });
    await c.generate();
    expect(c.pf.status()).toEqual({
      kind: 'retry',
      instruction: retryInstruction('planning-only', 1, 1),
    });
  });

  it('stopWhen ends the SDK loop at run.maxModelCalls, across the generateText calls of a run', async () => {
    const reads = Array.from({ length: 5 }, (_, i) => callTools(['read_file', { path: `f${i}` }]));
    const c = conversation(reads, { options: { run: { maxModelCalls: 3 } } });
    await c.generate();

    expect(c.model.doGenerateCalls).toHaveLength(3);
    expect(c.pf.status()).toEqual({ kind: 'budget_exhausted', modelCalls: 3 });
  });

  it('sends your system prompt with the plan-mode text while planning, and yours alone after', async () => {
    const c = conversation(
      [
        callTools(['exit_plan_mode', { title: 'Fix', steps: [{ text: 'Guard parse()' }] }]),
        say('Done.'),
      ],
      { config: { system: 'You are a careful engineer.' } },
    );
    const planning = planModeSystemPrompt(c.store.get());
    const result = await c.generate();
    expect(systemText(c.prompt(0))).toBe(`You are a careful engineer.\n\n${planning}`);

    const request = result.content.find((p) => p.type === 'tool-approval-request');
    if (request?.type !== 'tool-approval-request') throw new Error('no request');
    c.messages.push({
      role: 'tool',
      content: [{ type: 'tool-approval-response', approvalId: request.approvalId, approved: true }],
    });
    c.messages.splice(0, c.messages.length, ...c.pf.applyApprovalResponses(c.messages).messages);
    await c.generate();
    expect(systemText(c.prompt(1))).toBe('You are a careful engineer.');
  });

  it('in plan mode, retries an empty reply and a status line that neither investigates nor plans', async () => {
    const c = conversation([
      silence(),
      say("Understood. I'll look into it."),
      callTools(['read_file', { path: 'src/parser.ts' }]),
      say('parse() reads past the last token when the input ends in a comma.'),
    ]);
    await c.generate();
    expect(c.pf.status()).toEqual({ kind: 'retry', instruction: retryInstruction('empty', 1, 1) });
    await c.generate();
    expect(lastUserText(c.prompt(1))).toBe(retryInstruction('empty', 1, 1).text);
    const ack = retryInstruction('plan-ack-only', 1, 2);
    expect(c.pf.status()).toEqual({ kind: 'retry', instruction: ack });
    expect(ack.text).toContain('exit_plan_mode');
    await c.generate();
    expect(lastUserText(c.prompt(2))).toBe(ack.text);
    expect(c.pf.status()).toEqual({ kind: 'done' });
  });

  it('adds the go-ahead instruction to the first call of a run started by a short go-ahead', async () => {
    const c = conversation(
      [callTools(['write_file', { path: 'a.ts', content: 'x' }]), say('Done.')],
      {
        ...normalMode,
        prompt: 'go ahead',
      },
    );
    c.messages.unshift(
      { role: 'user', content: 'Can you fix a.ts?' },
      { role: 'assistant', content: 'I can patch a.ts to guard the null case. Shall I proceed?' },
    );
    await c.generate();
    expect(systemText(c.prompt(0))).toBe(ACK_INSTRUCTION);
    expect(systemText(c.prompt(1))).toBe('');
  });
});
