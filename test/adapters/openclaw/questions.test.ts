import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAnswerCommand } from '../../../src/adapters/openclaw/questions.js';
import { ANSWER_TAG, type CurrentQuestion, questionsOf } from '../../../src/internal.js';
import { recordPlugin, SESSION } from './recorder.js';

// ask_user in the OpenClaw plugin, registered as plan_ask_user (OpenClaw has its own ask_user):
// the questions are posted with one `/plan answer` command per option (what a chat button sends), the answer comes back through /plan, the core decides it,
// and the quoted answer reaches the model once, at its next prompt.

const ask = {
  questions: [
    {
      question: 'Which store?',
      options: [{ label: 'Postgres' }, { label: 'Redis', description: 'in memory' }],
    },
  ],
};

async function asked() {
  const r = recordPlugin({ startInPlanMode: true });
  const call = await r.callTool('plan_ask_user', ask);
  return { r, call };
}
const nextPrompt = (r: ReturnType<typeof recordPlugin>, runId: string) =>
  r.hook('before_prompt_build')({ prompt: 'go', messages: [] }, { ...SESSION, runId });

describe('OpenClaw plugin: plan_ask_user (the core’s ask_user)', () => {
  it('tells the model the name it can call: plan_ask_user, never the host’s ask_user', async () => {
    const r = recordPlugin({ startInPlanMode: true });
    const hostAskUser = /(?<![\w:])ask_user/;
    expect(r.tool('plan_ask_user').description).not.toMatch(hostAskUser);
    const refused = r.callTool('plan_ask_user', { questions: [] });
    await expect(refused).rejects.toThrow(/call plan_ask_user again/);
    await expect(refused).rejects.not.toThrow(hostAskUser);
  });

  it('posts the questions with a command per option; the answer reaches the model once, quoted', async () => {
    const { r, call } = await asked();
    expect(call).toMatchObject({ details: { code: 'question_asked' } });
    const questionId = questionsOf(r.stored() as never).current?.questionId ?? '';
    expect(questionId).toBe('approval-2');
    const posted = r.sent.join('\n');
    expect(posted).toContain('"Which store?"');
    expect(posted).toContain(`/plan answer id=${questionId} 1`);
    expect(posted).toContain(`/plan answer id=${questionId} 2`);
    expect((await r.command('status')).text).toContain('The agent asks:');

    expect(await r.command(`answer id=${questionId} 2`)).toEqual({
      text: 'Answer sent; the agent goes on.',
      continueAgent: true,
    });
    const told = nextPrompt(r, 'run-2')?.prependContext ?? '';
    expect(told).toContain(`<${ANSWER_TAG} status="answered"`);
    expect(told).toContain('selected: "Redis"');
    expect(nextPrompt(r, 'run-3')?.prependContext).toBeUndefined();
  });

  it('a double tap is duplicate_decision; another option after it already_decided; a stale id stale', async () => {
    const { r } = await asked();
    expect((await r.command('answer id=approval-2 1')).continueAgent).toBe(true);
    const stored = r.stored();
    expect((await r.command('answer id=approval-2 1')).text).toMatch(
      /^Already done \(duplicate_decision\)/,
    );
    expect((await r.command('answer id=approval-2 Redis')).text).toMatch(
      /^Not applied \(already_decided\)/,
    );
    expect(r.stored()).toEqual(stored);
  });

  it('a stale id or an invalid reply changes nothing while the question waits', async () => {
    const { r } = await asked();
    const before = r.stored();
    expect((await r.command('answer id=approval-9 1')).text).toMatch(/^Not applied \(stale_id\)/);
    expect((await r.command('answer 7')).text).toMatch(/^Not applied \(invalid_answer\)/);
    expect((await r.command('answer free words')).text).toMatch(/^Not applied \(invalid_answer\)/);
    expect(r.stored()).toEqual(before);
  });

  it('a late answer is refused and the timeout applied; the model is told nobody answered', async () => {
    const { r } = await asked();
    r.tick(30 * 60_000);
    const reply = await r.command('answer 1');
    expect(reply.text).toMatch(/^Not applied \(question_timed_out\)/);
    expect(reply.continueAgent).toBe(true);
    expect(nextPrompt(r, 'run-2')?.prependContext).toContain('status="timed_out"');
  });

  it('exit_plan_mode is refused while the questions wait', async () => {
    const { r } = await asked();
    await expect(
      r.callTool('exit_plan_mode', { title: 'T', steps: [{ text: 'x' }] }),
    ).rejects.toThrow(/questions are still waiting/);
    expect(r.stored()?.planMode.approval).not.toBe('pending');
  });

  it('property: answers from any order of commands apply once and are told once', async () => {
    const replies = ['id=approval-2 1', 'id=approval-2 2', '1', 'Redis', 'id=approval-9 1', '5'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...replies), { minLength: 1, maxLength: 8 }),
        async (commands) => {
          const { r } = await asked();
          const results = await Promise.all(commands.map((c) => r.command(`answer ${c}`)));
          const applied = results.filter((x) => x.text === 'Answer sent; the agent goes on.');
          const valid = commands.some((c) => !c.includes('approval-9') && c !== '5');
          expect(applied).toHaveLength(valid ? 1 : 0);
          const told = [nextPrompt(r, 'a'), nextPrompt(r, 'b')].filter((p) =>
            (p?.prependContext ?? '').includes(ANSWER_TAG),
          );
          expect(told).toHaveLength(valid ? 1 : 0);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('parses replies: numbers, labels, words, one part per question', () => {
    const current: CurrentQuestion = {
      questionId: 'q',
      status: 'pending',
      askedAt: 0,
      inPlanMode: true,
      questions: [
        {
          id: 'q1',
          text: 'A?',
          options: [{ label: 'x' }, { label: 'y' }],
          multiple: true,
          allowText: false,
        },
        { id: 'q2', text: 'B?', options: [], multiple: false, allowText: true },
      ],
    };
    expect(parseAnswerCommand('1,2; any words', current)).toEqual({
      questionId: 'q',
      answers: [
        { id: 'q1', selected: ['x', 'y'] },
        { id: 'q2', text: 'any words' },
      ],
    });
    expect(parseAnswerCommand('Y; z', current)).toMatchObject({
      answers: [
        { id: 'q1', selected: ['y'] },
        { id: 'q2', text: 'z' },
      ],
    });
    expect(parseAnswerCommand('1', current)).toMatch(/separated by ";"/);
    expect(parseAnswerCommand('1', undefined)).toBe('No question was asked.');
  });
});
