import { signAnswerToken } from '../decision-token/answer.js';
import { signDecisionToken } from '../decision-token/token.js';
import type { AssistantMessage, ToolCallBlock } from '../messages.js';
import type { ModelClient, ToolOutput } from '../run/driver.js';
import type { ModelRequest, ToolDefinition } from '../run/types.js';
import type { SessionState } from '../session.js';
import type { StoredToolContext } from '../stored-run/types.js';
import { assistant, toolCall } from './scripted-model.js';
import type { ConformanceCase } from './store-conformance.js';

/**
 * Where the conformance service process can be made to die (SIGKILL, or whatever kills your
 * worker without a chance to clean up): during a model call, right before or right after a
 * tool's effect.
 */
export type EngineCrashPoint =
  | 'model'
  | 'before:write_file'
  | 'after:write_file'
  | 'after:read_file';

/** Which of the two bindings a check talks to: `default` options, or approval and question
 *  timeouts of `engineConformanceTimeoutMs`. */
export type EngineConformanceBinding = 'default' | 'shortTimeout';

/** The approval timeout of the `shortTimeout` binding (ms). */
export const engineConformanceTimeoutMs = 3_000;

/** The signing key the conformance checks sign decision tokens with: give it to your binding's
 *  `tokenKey`. A test key, never a secret. */
export const engineConformanceTokenKey = 'engine-test-key-0123456789abcdef0123456789';

/** One tool execution, as the conformance tools hand it to your ledger. */
export interface EngineLedgerEntry {
  sessionId: string;
  callId: string;
  name: string;
  idempotencyKey: string;
  attempt: number;
}

/** The session as your binding last published it, and the approval (or question) it is
 *  parked on. */
export interface EngineConformanceStatus {
  session: SessionState | null;
  parked: { approvalId: string } | { questionId: string } | null;
}

/**
 * Your binding, as the conformance checks drive it. Its service (the process or worker that
 * runs the engine's workflows) must run the model from `engineConformanceModel` and the tools
 * from `engineConformanceTools`, with plan mode on, under two bindings: `default` and
 * `shortTimeout` (`planMode.approvalTimeoutMs` and `planMode.questionTimeoutMs`:
 * `engineConformanceTimeoutMs`), and `engineConformanceTokenKey` as the token key of `default`.
 */
export interface EngineConformanceHost {
  /** Starts (or queues) a run of `sessionId` with a user message; returns once it is taken. */
  start(binding: EngineConformanceBinding, sessionId: string, message: string): Promise<void>;
  /** The session as last published, and the approval the run is parked on (null if none). */
  status(binding: EngineConformanceBinding, sessionId: string): Promise<EngineConformanceStatus>;
  /** Delivers a decision; returns the outcome (`{ outcome, reason? }`). */
  decide(
    binding: EngineConformanceBinding,
    sessionId: string,
    decision: unknown,
  ): Promise<{ outcome: string; reason?: string }>;
  /** Delivers a signed decision token to the `default` binding. */
  decideToken(sessionId: string, token: string): Promise<{ outcome: string; code?: string }>;
  /** Delivers the user's answer to the ask_user questions a run is parked on. */
  answer(
    binding: EngineConformanceBinding,
    sessionId: string,
    answer: unknown,
  ): Promise<{ outcome: string; reason?: string }>;
  /** Delivers a signed answer token to the `default` binding. */
  answerToken(sessionId: string, token: string): Promise<{ outcome: string; code?: string }>;
  /**
   * The same decision from `n` deliverers at once, ideally processes of their own. Without it
   * the checks send `n` concurrent `decide` calls from this process.
   */
  decideConcurrently?(
    n: number,
    sessionId: string,
    decision: unknown,
  ): Promise<{ outcome: string }[]>;
  /** Makes the service die (SIGKILL) the next time it reaches `point`, once. */
  crashAt(point: EngineCrashPoint): void | Promise<void>;
  /** Kills the service now (SIGKILL). Your supervisor restarts it, as in production. */
  kill(): void | Promise<void>;
  /** How many times the service has died so far (checks that a crash really happened). */
  deaths(): number;
  /** The tool executions your ledger holds for `sessionId`, in the order they ran. */
  ledger(sessionId: string): Promise<EngineLedgerEntry[]>;
}

/** Options of the checks. */
export interface EngineConformanceOptions {
  /** A prefix for the session ids the checks create (default `conformance`). */
  prefix?: string;
  /** How long a wait for a condition may take before the check fails (ms, default 180 000).
   *  Every wait polls for a condition; nothing is timed. */
  waitMs?: number;
}

/**
 * The model the conformance service runs. It answers from the conversation alone, so a
 * restarted process replies the same: a task → a write (the plan-mode gate blocks it) → a plan;
 * approved → a write, a read and a charge in one message; their results → "Done."; after a
 * timeout or a rejection it stops. A task starting "Ask" → an ask_user question (which file:
 * `out.txt` or `other.txt`); the answer → "Thanks, noted.". `beforeCall` runs first on every
 * call (crash there).
 */
export function engineConformanceModel(hooks: { beforeCall?: () => void } = {}): ModelClient {
  return async (request: ModelRequest): Promise<AssistantMessage> => {
    hooks.beforeCall?.();
    const n = request.messages.length;
    const last = request.messages.at(-1);
    const planning = request.tools.some((t) => t.name === 'exit_plan_mode');
    if (last?.role === 'user' && last.source !== 'planfirst' && last.content.startsWith('Ask'))
      return assistant(toolCall('ask_user', whichFile, `a${n}`));
    if (last?.role === 'user' && last.kind === 'question_answer')
      return assistant('Thanks, noted.');
    if (last?.role === 'user' && last.kind === 'plan_approved')
      return assistant(
        'Carrying out the plan.',
        toolCall('write_file', { path: 'out.txt' }, `w${n}`),
        toolCall('read_file', { path: 'out.txt' }, `r${n}`),
        toolCall('charge_card', { cents: 100 }, `c${n}`),
      );
    if (last?.role === 'user' && last.source !== 'planfirst' && planning)
      return assistant(toolCall('write_file', { path: 'early.txt' }, `b${n}`));
    if (last?.role === 'tool' && planning)
      return assistant(
        toolCall(
          'exit_plan_mode',
          { title: 'Write out.txt', steps: [{ text: 'Write it' }] },
          `p${n}`,
        ),
      );
    if (last?.role === 'user' && last.source === 'planfirst')
      return assistant('Understood. Tell me when you want to try again?');
    return assistant('Done.');
  };
}

const whichFile = {
  questions: [
    {
      question: 'Which file should I write?',
      options: [{ label: 'out.txt' }, { label: 'other.txt' }],
    },
  ],
};

const definitions: readonly ToolDefinition[] = [
  {
    name: 'read_file',
    description: 'Read a file.',
    parameters: { type: 'object' },
    readOnly: true,
  },
  { name: 'write_file', description: 'Write a file.', parameters: { type: 'object' } },
  { name: 'charge_card', description: 'Charge a card.', parameters: { type: 'object' } },
];

/**
 * The tools the conformance service runs: `read_file` (read-only, so at-least-once), and
 * `write_file` and `charge_card` (at-most-once). Each execution is handed to `record` (write it
 * to a ledger outside the engine, e.g. a database table) between `before` and `after`, the
 * places a crash point can fire.
 */
export function engineConformanceTools(hooks: {
  record: (entry: EngineLedgerEntry) => Promise<void>;
  before?: (call: ToolCallBlock) => void;
  after?: (call: ToolCallBlock) => void;
}): {
  definitions: readonly ToolDefinition[];
  execute(call: ToolCallBlock, context: StoredToolContext): Promise<ToolOutput>;
} {
  return {
    definitions,
    async execute(call, context) {
      hooks.before?.(call);
      await hooks.record({
        sessionId: context.sessionId,
        callId: call.id,
        name: call.name,
        idempotencyKey: context.idempotencyKey,
        attempt: context.attempt,
      });
      hooks.after?.(call);
      return `${call.name} ok`;
    },
  };
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`engine conformance: ${message}`);
}

const show = (v: unknown) => JSON.stringify(v);

function equal(actual: unknown, expected: unknown, what: string): void {
  check(
    show(actual) === show(expected),
    `${what}: expected ${show(expected)}, got ${show(actual)}`,
  );
}

const lastText = (s: SessionState | null | undefined) => {
  const m = s?.messages.at(-1);
  return m?.role === 'assistant'
    ? m.content.map((b) => (b.type === 'text' ? b.text : '')).join('')
    : undefined;
};

const count = (rows: EngineLedgerEntry[], name: string) =>
  rows.filter((r) => r.name === name).length;

/**
 * The engine-independent checks planfirst runs on planfirst/restate and planfirst/dbos, for
 * your own binding (Temporal, Inngest, …): the same decision from several deliverers applies
 * once; a service killed during a model call, before or after a tool's effect, or while parked
 * completes the run with no at-most-once tool run twice, no result lost and nothing run while
 * plan mode is on; a decision after the deadline is refused and the timeout applied once (also
 * across a kill while parked); a forged or replayed decision token executes nothing; and the
 * same for answers to ask_user questions (applied once, late ones refused, tokens checked).
 *
 * ```ts
 * for (const c of engineConformance(myHost)) it(c.name, c.run, 600_000);
 * ```
 */
export function engineConformance(
  host: EngineConformanceHost,
  options: EngineConformanceOptions = {},
): ConformanceCase[] {
  const prefix = options.prefix ?? 'conformance';
  const waitMs = options.waitMs ?? 180_000;
  let n = 0;
  const newSession = (what: string) =>
    `${prefix}-${what}-${Date.now().toString(36)}-${(n++).toString(36)}`;

  async function waitFor<T>(
    what: string,
    probe: () => Promise<T | undefined | null | false>,
  ): Promise<T> {
    const until = Date.now() + waitMs;
    let last: unknown;
    for (;;) {
      try {
        const value = await probe();
        if (value !== undefined && value !== null && value !== false) return value;
      } catch (error) {
        last = error;
      }
      check(
        Date.now() <= until,
        `timed out waiting for ${what}${last === undefined ? '' : `: ${String(last)}`}`,
      );
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const parked = (b: EngineConformanceBinding, id: string) =>
    waitFor(`${id} parked`, async () => {
      const p = (await host.status(b, id)).parked;
      return p !== null && 'approvalId' in p ? p : undefined;
    });
  const asked = (b: EngineConformanceBinding, id: string) =>
    waitFor(`${id} parked on a question`, async () => {
      const p = (await host.status(b, id)).parked;
      return p !== null && 'questionId' in p ? p : undefined;
    });
  const pick = (questionId: string, label = 'out.txt') => ({
    questionId,
    answers: [{ id: 'q1', selected: [label] }],
  });
  const answerNotices = (s: SessionState, status: string) =>
    s.messages.filter(
      (m) =>
        m.role === 'user' &&
        m.kind === 'question_answer' &&
        m.content.includes(`status="${status}"`),
    ).length;
  /** Idle, parked on nothing, and (unless `anyEnd`) ended on a reply of the model. */
  const finished = (b: EngineConformanceBinding, id: string, anyEnd = false) =>
    waitFor(`${id} finished`, async () => {
      const s = await host.status(b, id);
      return s.parked === null &&
        s.session?.run.phase === 'idle' &&
        (anyEnd || lastText(s.session) !== undefined)
        ? s.session
        : undefined;
    });
  const approve = (approvalId: string) => ({ action: 'approve', approvalId });
  /** Every mutating call at most once, none from plan mode. */
  const audit = async (id: string) => {
    const rows = await host.ledger(id);
    equal(
      rows.filter((r) => r.callId.startsWith('b')),
      [],
      'tool calls executed while plan mode was on',
    );
    for (const name of ['write_file', 'charge_card'])
      check(count(rows, name) <= 1, `${name} (at-most-once) executed ${count(rows, name)} times`);
    return rows;
  };
  const allThree = (rows: EngineLedgerEntry[], what: string) =>
    equal(rows.map((r) => r.name).sort(), ['charge_card', 'read_file', 'write_file'], what);

  const cases: [string, () => Promise<void>][] = [];

  cases.push([
    'applies the same decision from several deliverers once; the others get duplicate',
    async () => {
      const id = newSession('race');
      await host.start('default', id, 'Write out.txt');
      const { approvalId } = await parked('default', id);
      equal(await host.ledger(id), [], 'the ledger before the decision');
      const decision = approve(approvalId);
      const outcomes = host.decideConcurrently
        ? await host.decideConcurrently(4, id, decision)
        : await Promise.all(Array.from({ length: 4 }, () => host.decide('default', id, decision)));
      equal(
        outcomes.map((o) => o.outcome).sort(),
        ['accepted', 'duplicate', 'duplicate', 'duplicate'],
        'outcomes',
      );
      const s = await finished('default', id);
      equal(lastText(s), 'Done.', 'the last reply');
      allThree(await audit(id), 'executed tools');
      const again = await host.decide('default', id, decision);
      equal(again.outcome, 'duplicate', 'the decision delivered again after the run');
    },
  ]);

  const points: (EngineCrashPoint | 'parked')[] = [
    'model',
    'before:write_file',
    'after:write_file',
    'after:read_file',
    'parked',
  ];
  for (const point of points)
    cases.push([
      `completes a run whose service was killed ${point === 'parked' ? 'while parked' : `at ${point}`}`,
      async () => {
        const id = newSession(point.replace(':', '-'));
        const deaths = host.deaths();
        if (point === 'model') await host.crashAt(point);
        await host.start('default', id, 'Write out.txt');
        const { approvalId } = await parked('default', id);
        if (point === 'parked') await host.kill();
        else if (point !== 'model') await host.crashAt(point);
        await waitFor('the service back', () => host.status('default', id));
        const decided = await host.decide('default', id, approve(approvalId));
        equal(decided.outcome, 'accepted', 'the decision');
        const s = await finished('default', id);
        check(host.deaths() > deaths, `the service did not die at ${point}`);
        const rows = await audit(id);
        const text = JSON.stringify(s.messages);
        if (point === 'before:write_file' || point === 'after:write_file')
          // Started, result never recorded: reported to the model, never run again.
          check(
            text.includes('may or may not have taken effect'),
            'the interrupted write was not reported to the model as possibly done',
          );
        if (point === 'after:write_file') equal(count(rows, 'write_file'), 1, 'writes');
        if (point === 'before:write_file') equal(count(rows, 'write_file'), 0, 'writes');
        if (point === 'after:read_file') {
          const reads = rows.filter((r) => r.name === 'read_file');
          equal(
            reads.map((r) => r.attempt),
            [1, 2],
            'attempts of the interrupted at-least-once read',
          );
          equal(new Set(reads.map((r) => r.idempotencyKey)).size, 1, 'idempotency keys');
        }
        if (point === 'model' || point === 'parked') allThree(rows, 'executed tools');
        equal(count(rows, 'charge_card'), 1, 'charges');
      },
    ]);

  for (const killed of [false, true])
    cases.push([
      `refuses a decision after the deadline and applies the timeout once${killed ? ', across a kill while parked' : ''}`,
      async () => {
        const id = newSession(killed ? 'late-killed' : 'late');
        const deaths = host.deaths();
        await host.start('shortTimeout', id, 'Write out.txt');
        const { approvalId } = await parked('shortTimeout', id);
        if (killed) await host.kill();
        const s = await finished('shortTimeout', id, true);
        if (killed) check(host.deaths() > deaths, 'the service did not die while parked');
        equal(s.planMode.approval, 'timed_out', 'the approval');
        const late = await host.decide('shortTimeout', id, approve(approvalId));
        equal(
          { outcome: late.outcome, reason: late.reason },
          { outcome: 'ignored', reason: 'approval_timed_out' },
          'the late decision',
        );
        // The timeout, applied once: the approval's one outcome, one notice to the model.
        equal(
          (s.planMode.approvals ?? []).filter((h) => h.approvalId === approvalId),
          [{ approvalId, outcome: 'timed_out' }],
          'the approval history',
        );
        equal(
          s.messages.filter((m) => m.role === 'user' && m.kind === 'plan_timed_out').length,
          1,
          'timeout notices',
        );
        // A timeout ends the run on the notice: the model is not called until the user is back.
        const last = s.messages.at(-1);
        equal(last?.role === 'user' ? last.kind : last?.role, 'plan_timed_out', 'the last message');
        const after = await host.status('shortTimeout', id);
        equal(after.session?.messages.length, s.messages.length, 'messages after the late one');
        equal(await host.ledger(id), [], 'executed tools');
      },
    ]);

  cases.push([
    'executes nothing for a forged token, and once for a genuine one delivered twice',
    async () => {
      const id = newSession('token');
      await host.start('default', id, 'Write out.txt');
      const { approvalId } = await parked('default', id);
      const claims = {
        sessionId: id,
        approvalId,
        action: 'approve' as const,
        expiresAt: Date.now() + 3_600_000,
      };
      const forged = await signDecisionToken(claims, 'another-key-0123456789abcdef0123456789ab');
      const refused = await host.decideToken(id, forged);
      equal(
        { outcome: refused.outcome, code: refused.code },
        { outcome: 'refused', code: 'token_bad_signature' },
        'the forged token',
      );
      check((await host.status('default', id)).parked !== null, 'a forged token unparked the run');
      equal(await host.ledger(id), [], 'tools executed after a forged token');
      const token = await signDecisionToken(claims, engineConformanceTokenKey);
      equal((await host.decideToken(id, token)).outcome, 'accepted', 'the genuine token');
      const replayed = await host.decideToken(id, token);
      equal(
        { outcome: replayed.outcome, code: replayed.code },
        { outcome: 'refused', code: 'token_replayed' },
        'the token delivered again',
      );
      await finished('default', id);
      allThree(await audit(id), 'executed tools');
    },
  ]);

  cases.push([
    'applies an answer once: repeats are duplicate, another answer or a stale id ignored',
    async () => {
      const id = newSession('answer');
      await host.start('default', id, 'Ask me which file to write.');
      const { questionId } = await asked('default', id);
      const stale = await host.answer('default', id, pick(`${questionId}-stale`));
      equal(
        { outcome: stale.outcome, reason: stale.reason },
        { outcome: 'ignored', reason: 'stale_id' },
        'an answer to another question',
      );
      check((await host.status('default', id)).parked !== null, 'a stale answer unparked the run');
      const outcomes = await Promise.all(
        Array.from({ length: 3 }, () => host.answer('default', id, pick(questionId))),
      );
      equal(
        outcomes.map((o) => o.outcome).sort(),
        ['accepted', 'duplicate', 'duplicate'],
        'outcomes',
      );
      const s = await finished('default', id);
      equal(lastText(s), 'Thanks, noted.', 'the last reply');
      equal(answerNotices(s, 'answered'), 1, 'answer messages');
      const other = await host.answer('default', id, pick(questionId, 'other.txt'));
      equal(other.outcome, 'ignored', 'another answer after the first');
      const again = await host.answer('default', id, pick(questionId));
      equal(again.outcome, 'duplicate', 'the answer delivered again after the run');
      const after = await host.status('default', id);
      equal(after.session?.messages.length, s.messages.length, 'messages after the refusals');
      equal(await host.ledger(id), [], 'executed tools');
    },
  ]);

  for (const killed of [false, true])
    cases.push([
      `refuses an answer after the deadline and applies the timeout once${killed ? ', across a kill while parked' : ''}`,
      async () => {
        const id = newSession(killed ? 'late-answer-killed' : 'late-answer');
        const deaths = host.deaths();
        await host.start('shortTimeout', id, 'Ask me which file to write.');
        const { questionId } = await asked('shortTimeout', id);
        if (killed) await host.kill();
        const s = await finished('shortTimeout', id, true);
        if (killed) check(host.deaths() > deaths, 'the service did not die while parked');
        const late = await host.answer('shortTimeout', id, pick(questionId));
        equal(
          { outcome: late.outcome, reason: late.reason },
          { outcome: 'ignored', reason: 'question_timed_out' },
          'the late answer',
        );
        equal(answerNotices(s, 'timed_out'), 1, 'timeout notices');
        equal(answerNotices(s, 'answered'), 0, 'answer messages');
        const last = s.messages.at(-1);
        equal(
          last?.role === 'user' ? last.kind : last?.role,
          'question_answer',
          'the last message',
        );
        const after = await host.status('shortTimeout', id);
        equal(after.session?.messages.length, s.messages.length, 'messages after the late one');
      },
    ]);

  cases.push([
    'takes nothing from a forged answer token, and a genuine one once',
    async () => {
      const id = newSession('answer-token');
      await host.start('default', id, 'Ask me which file to write.');
      const { questionId } = await asked('default', id);
      const claims = {
        sessionId: id,
        questionId,
        answers: [{ id: 'q1', selected: ['out.txt'] }],
        expiresAt: Date.now() + 3_600_000,
      };
      const forged = await signAnswerToken(claims, 'another-key-0123456789abcdef0123456789ab');
      const refused = await host.answerToken(id, forged);
      equal(
        { outcome: refused.outcome, code: refused.code },
        { outcome: 'refused', code: 'token_bad_signature' },
        'the forged token',
      );
      check((await host.status('default', id)).parked !== null, 'a forged token unparked the run');
      const token = await signAnswerToken(claims, engineConformanceTokenKey);
      equal((await host.answerToken(id, token)).outcome, 'accepted', 'the genuine token');
      const replayed = await host.answerToken(id, token);
      equal(
        { outcome: replayed.outcome, code: replayed.code },
        { outcome: 'refused', code: 'token_replayed' },
        'the token delivered again',
      );
      const s = await finished('default', id);
      equal(answerNotices(s, 'answered'), 1, 'answer messages');
    },
  ]);

  return cases.map(([name, run]) => ({ name, run }));
}
