import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AssistantMessage,
  checkToolCall,
  createSession,
  enterPlanMode,
  exitPlanMode,
  parseSession,
  resolveOptions,
  type StepInput,
  type StepResult,
  step,
} from '../../src/index.js';
import { definitions } from './fixtures.js';

// A test driver for `step` against an adversarial model and host. Invariants on every run:
// nothing the gate blocks at hand-out reaches the executor; every session parses and resumes to
// the same next effect; results fed to the loop survive; a decision applies at most once;
// model calls stay within run.maxModelCalls.

const names = [
  'read_file',
  'write_file',
  'bash',
  'exit_plan_mode',
  'update_plan',
  'enter_plan_mode',
  'no_such_tool',
];
const commands = ['ls -la', 'rm -rf build', 'grep -rn foo src | head', 'cat a > b', 'git log -1'];
const idArb = fc.oneof(
  fc.constant('same'),
  fc.constant(''),
  fc.constant(undefined),
  fc.constant(7),
  fc.string({ minLength: 1, maxLength: 3 }),
);
const callArb = fc.record({
  name: fc.constantFrom(...names),
  id: idArb,
  command: fc.constantFrom(...commands),
});
const messageArb = fc.array(callArb, { maxLength: 5 }).map((calls) => {
  const content = calls.map((c) => ({
    type: 'tool_call',
    ...(c.id === undefined ? {} : { id: c.id }),
    name: c.name,
    input:
      c.name === 'bash'
        ? { command: c.command }
        : c.name === 'exit_plan_mode'
          ? { title: 'P', steps: [{ text: c.command }] }
          : { path: 'a.ts', updates: [{ id: '1', status: 'completed' }] },
  }));
  return { role: 'assistant', stopReason: 'tool_use', content } as unknown as AssistantMessage;
});
const actionArb = fc.constantFrom(
  'drive',
  'drive',
  'drive',
  'partial',
  'abort',
  'modelError',
  'decideRight',
  'decideAgain',
  'decideStale',
  'enter',
  'exit',
  'reload',
  'resume',
  'message',
);

const same = (a: StepResult, b: StepResult) =>
  expect(JSON.parse(JSON.stringify(b.effect))).toEqual(JSON.parse(JSON.stringify(a.effect)));

describe('step under an adversarial model and host', () => {
  it('never hands out a blocked call, loses no result, applies decisions once, and every session parses and resumes alike', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.array(messageArb, { minLength: 1, maxLength: 6 }),
        fc.array(actionArb, { minLength: 1, maxLength: 30 }),
        (startInPlan, allowModelEnter, script, actions) => {
          const options = resolveOptions({
            planMode: { enabled: startInPlan, allowModelEnter },
            run: { maxModelCalls: 8 },
          });
          const context = { options, tools: definitions };
          let now = 1;
          let r = step(
            createSession(options),
            { type: 'user_message', content: 'go', now },
            context,
          );
          let modelTurn = 0;
          let lastApproval: string | undefined;
          const fed = new Map<string, string>();
          const resolved = new Map<string, number>();
          const check = (out: StepResult) => {
            // Stored and reloaded, the session resumes to the same next effect.
            const back = parseSession(JSON.parse(JSON.stringify(out.session)));
            expect(back).toEqual(out.session);
            same(
              step(out.session, { type: 'resume', now }, context),
              step(back, { type: 'resume', now }, context),
            );
            expect(out.session.run.modelCalls).toBeLessThanOrEqual(options.run.maxModelCalls);
            for (const e of out.events)
              if (e.type === 'approval_resolved')
                resolved.set(e.approvalId, (resolved.get(e.approvalId) ?? 0) + 1);
            if (out.effect.type === 'execute_tools')
              for (const call of out.effect.calls) {
                const d = definitions.find((t) => t.name === call.name);
                const gate = checkToolCall(
                  out.session,
                  {
                    name: call.name,
                    input: call.input,
                    ...(d?.readOnly ? { readOnly: true } : {}),
                  },
                  options,
                );
                expect(gate.allowed, `${call.name} ${JSON.stringify(call.input)}`).toBe(true);
              }
            if (out.effect.type === 'request_approval') lastApproval = out.effect.approvalId;
          };
          const run = (input: StepInput) => {
            now++;
            const before = r.session;
            r = step(r.session, input, context);
            check(r);
            return before;
          };
          check(r);
          for (const action of actions) {
            const effect = r.effect;
            const s = r.session;
            const key = (id: string) => `${s.run.turn?.messageIndex}:${id}`;
            switch (action) {
              case 'enter':
              case 'exit': {
                const t = action === 'enter' ? enterPlanMode(s, { now }) : exitPlanMode(s, { now });
                if (t.applied) {
                  r = { ...r, session: t.state };
                  // The effect a host holds is stale now; what it does next is resume.
                  run({ type: 'resume', now });
                }
                break;
              }
              case 'reload':
                r = { ...r, session: parseSession(JSON.parse(JSON.stringify(s))) };
                break;
              case 'resume':
                run({ type: 'resume', now });
                break;
              case 'message':
                run({ type: 'user_message', content: 'and now?', now });
                break;
              case 'decideRight':
              case 'decideAgain':
              case 'decideStale': {
                const approvalId =
                  action === 'decideStale'
                    ? 'not-an-id'
                    : (lastApproval ?? s.planMode.approvalId ?? 'x');
                const kind =
                  action === 'decideAgain' ? 'approve' : now % 2 === 0 ? 'approve' : 'reject';
                run({ type: 'approval_decision', decision: { action: kind, approvalId }, now });
                break;
              }
              case 'modelError':
                if (effect.type === 'call_model') run({ type: 'model_error', error: 'down', now });
                break;
              default: {
                if (effect.type === 'call_model') {
                  const message = script[modelTurn++ % script.length] as AssistantMessage;
                  run({ type: 'model_response', message, approvalId: `A${now}`, now });
                } else if (effect.type === 'execute_tools' && s.run.phase === 'tools') {
                  const calls =
                    action === 'drive'
                      ? effect.calls
                      : effect.calls.slice(0, effect.calls.length >> 1);
                  const results = calls.map((c) => ({
                    toolCallId: c.id,
                    content: `out ${key(c.id)}`,
                    isError: false,
                  }));
                  for (const c of calls) fed.set(key(c.id), `out ${key(c.id)}`);
                  run(
                    action === 'abort'
                      ? { type: 'abort', results, now }
                      : { type: 'tool_results', results, now },
                  );
                } else if (effect.type === 'request_approval' && action === 'abort')
                  run({ type: 'abort', now });
              }
            }
          }
          // Close whatever is open, then every result fed in is in the conversation.
          const end = step(
            r.session,
            { type: 'user_message', content: 'bye', now: now + 1 },
            context,
          );
          const recorded = new Map<string, string>();
          let index = -1;
          for (const [i, m] of end.session.messages.entries()) {
            if (m.role === 'assistant') index = i;
            if (m.role === 'tool') recorded.set(`${index}:${m.toolCallId}`, m.content);
          }
          for (const [k, content] of fed) expect(recorded.get(k), k).toBe(content);
          for (const [id, count] of resolved) expect(count, id).toBe(1);
          // Every call has exactly one result.
          const ids = end.session.messages.flatMap((m, i) =>
            m.role === 'assistant'
              ? m.content.flatMap((b) => (b.type === 'tool_call' ? [`${i}:${b.id}`] : []))
              : [],
          );
          expect(new Set(ids).size).toBe(ids.length);
          expect([...recorded.keys()].sort()).toEqual([...ids].sort());
        },
      ),
      { numRuns: 200, seed: 9 },
    );
  });
});
