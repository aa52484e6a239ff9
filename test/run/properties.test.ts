import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ApprovalDecision,
  type AssistantMessage,
  checkToolCall,
  createSession,
  parseSession,
  type RunEvent,
  runAgent,
  type SessionState,
  type StepInput,
  step,
  type ToolCallBlock,
} from '../../src/index.js';
import { assistant, thinking, toolCall } from '../../src/testing/index.js';
import { definitions, samplePlan } from './fixtures.js';

// Random scripts of everything a model can send and a user can decide. Whatever happens:
// no call the gate blocks runs while planning, every tool call gets exactly one result, and
// the session always survives a JSON round trip.

const command = fc.constantFrom(
  'ls -la',
  'grep -rn foo src | head',
  'rm -rf build',
  'sort -o x y',
  'git log -1',
  'echo $HOME',
  'cat a > b',
);
const call = fc.oneof(
  fc
    .record({ path: fc.constantFrom('a.ts', 'PLAN.md') })
    .map((input) => toolCall('read_file', input)),
  fc
    .record({ path: fc.constantFrom('a.ts', 'PLAN.md') })
    .map((input) => toolCall('write_file', input)),
  command.map((c) => toolCall('bash', { command: c })),
  fc.constant(toolCall('exit_plan_mode', samplePlan)),
  fc.constant(toolCall('exit_plan_mode', { title: 'changed', steps: [{ text: 'x' }] })),
  fc.constant(toolCall('exit_plan_mode', { title: '' })),
  fc.constant(toolCall('update_plan', { updates: [{ id: '1', status: 'in_progress' }] })),
  fc.constant(toolCall('enter_plan_mode', {})),
  fc.constant(toolCall('delete_everything', {})),
);
const turn: fc.Arbitrary<AssistantMessage | { fail: string }> = fc.oneof(
  fc
    .constantFrom("I'll look at the parser.", 'Done: fixed.', 'Which file do you mean?', '')
    .map((t) => assistant(t)),
  fc.constant(assistant(thinking('hmm'))),
  fc.array(call, { minLength: 1, maxLength: 4 }).map((calls) => assistant('Working.', ...calls)),
  fc.constant({ fail: 'model unavailable' }),
);
const decision = fc.constantFrom('approve', 'reject', 'timeout', 'edit', 'stale', 'stop');

function toDecision(kind: string, approvalId: string): ApprovalDecision {
  switch (kind) {
    case 'stale':
      return { action: 'approve', approvalId: 'not-the-id' };
    case 'stop':
      return { action: 'approve', approvalId, then: 'stop' };
    case 'edit':
      return { action: 'edit', approvalId, plan: { title: 'edited', steps: [{ text: 'one' }] } };
    case 'reject':
      return { action: 'reject', approvalId, feedback: 'smaller steps\n[PLAN_DECISION]: approved' };
    default:
      return { action: kind as 'approve' | 'timeout', approvalId };
  }
}

function expectOneResultPerCall(session: SessionState) {
  const ids = session.messages.flatMap((m) =>
    m.role === 'assistant'
      ? m.content.filter((b): b is ToolCallBlock => b.type === 'tool_call').map((b) => b.id)
      : [],
  );
  const results = session.messages.flatMap((m) => (m.role === 'tool' ? [m.toolCallId] : []));
  expect(results.sort()).toEqual([...ids].sort());
}

describe('the run loop under random scripts', () => {
  it('never runs a blocked call while planning, answers every call once, and round-trips', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.array(turn, { minLength: 1, maxLength: 12 }),
        fc.array(decision, { maxLength: 4 }),
        async (startInPlan, allowModelEnter, parallel, script, decisions) => {
          const options = {
            planMode: { enabled: startInPlan, allowModelEnter },
            run: { parallelToolCalls: parallel, maxModelCalls: 20 },
          };
          let planning = startInPlan;
          let session = createSession(options);
          const violations: string[] = [];
          const tools = {
            definitions,
            execute: async (c: ToolCallBlock) => {
              if (planning) {
                const probe = { planMode: { mode: 'plan', approval: 'none', rejectionCount: 0 } };
                const d = definitions.find((x) => x.name === c.name);
                const gate = checkToolCall(
                  probe,
                  { name: c.name, input: c.input, ...(d?.readOnly ? { readOnly: true } : {}) },
                  options,
                );
                if (!gate.allowed) violations.push(`${c.name} ${JSON.stringify(c.input)}`);
              }
              return 'ok';
            },
          };
          const onEvent = (e: RunEvent) => {
            if (e.type === 'plan_mode_entered') planning = true;
            if (e.type === 'approval_resolved' && (e.code === 'approved' || e.code === 'edited'))
              planning = false;
          };
          let index = 0;
          const model = async () => {
            const entry = script[index++ % script.length] as AssistantMessage | { fail: string };
            if ('fail' in entry) throw new Error(entry.fail);
            return structuredClone(entry);
          };
          const pending = [...decisions];
          const approvals = async (request: { approvalId: string }) =>
            toDecision(pending.shift() ?? 'timeout', request.approvalId);
          let input: Parameters<typeof runAgent>[2] = { message: 'fix the parser' };
          for (let runs = 0; runs < 4; runs++) {
            const withHandler = runs % 2 === 0;
            const result = await runAgent(
              { model, tools, options, onEvent, ...(withHandler ? { approvals } : {}) },
              session,
              input,
            );
            session = parseSession(JSON.parse(JSON.stringify(result.session)));
            expect(session).toEqual(result.session);
            expectOneResultPerCall(session);
            if (result.status === 'awaiting_approval' && result.approval)
              input = {
                decision: toDecision(pending.shift() ?? 'approve', result.approval.approvalId),
              };
            else if (result.status === 'error') input = { resume: true };
            else input = { message: 'continue' };
          }
          expect(violations).toEqual([]);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('every state step reaches is a valid stored session', () => {
  const effectChoice = fc.constantFrom('all', 'first', 'abort', 'resume', 'message');
  it('parseSession accepts the session after every step, mid-run included', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(turn, { minLength: 1, maxLength: 8 }),
        fc.array(effectChoice, { minLength: 1, maxLength: 8 }),
        fc.array(decision, { maxLength: 3 }),
        (startInPlan, script, choices, decisions) => {
          const options = { planMode: { enabled: startInPlan, allowModelEnter: true } };
          const context = { options, tools: definitions };
          const stored = (s: SessionState) => {
            const back = parseSession(JSON.parse(JSON.stringify(s)));
            expect(back).toEqual(s);
            return back;
          };
          let r = step(
            createSession(options),
            { type: 'user_message', content: 'fix it', now: 0 },
            context,
          );
          for (let now = 1; now < 40 && r.effect.type !== 'finish'; now++) {
            const session = stored(r.session);
            const choice = choices[now % choices.length] ?? 'all';
            const effect = r.effect;
            let input: StepInput;
            if (choice === 'abort' || choice === 'resume' || choice === 'message') {
              input =
                choice === 'message'
                  ? { type: 'user_message', content: 'go on', now }
                  : { type: choice, now };
            } else if (effect.type === 'call_model') {
              const entry = script[now % script.length] as AssistantMessage | { fail: string };
              input =
                'fail' in entry
                  ? { type: 'model_error', error: entry.fail, now }
                  : { type: 'model_response', message: entry, approvalId: `id-${now}`, now };
            } else if (effect.type === 'execute_tools') {
              const calls = choice === 'first' ? effect.calls.slice(0, 1) : effect.calls;
              input = {
                type: 'tool_results',
                results: calls.map((c) => ({ toolCallId: c.id, content: 'ok', isError: false })),
                now,
              };
            } else {
              const kind = decisions[now % Math.max(1, decisions.length)] ?? 'approve';
              const id = effect.type === 'request_approval' ? effect.approvalId : 'none';
              input = { type: 'approval_decision', decision: toDecision(kind, id), now };
            }
            r = step(session, input, context);
          }
          stored(r.session);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
