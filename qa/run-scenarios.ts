import { runPlanCommand } from '../src/adapters/openclaw/command.js';
import { ApprovalSurfaces } from '../src/adapters/openclaw/config.js';
import type { PluginContext } from '../src/adapters/openclaw/context.js';
import { SessionError } from '../src/errors.js';
import type { JsonValue } from '../src/json.js';
import { mergeOptions, type PlanfirstOptions, resolveOptions } from '../src/options.js';
import { enterPlanMode } from '../src/plan-mode/mode.js';
import { type RunInput, type RunResult, runAgent } from '../src/run/driver.js';
import { compactionReminder } from '../src/run/reminder.js';
import { createSession, parseSession, type SessionState } from '../src/session.js';
import { checkRun, invariants, type RunRecord } from './checks.js';
import { listMismatch, resolvePlaceholders } from './compare.js';
import { buildApprovals, buildModel, callIds, ToolWorld } from './doubles.js';
import { type BrokenScenario, isBroken, loadScenarios, parseScenario } from './load-scenarios.js';
import type { CommandJson, RunJson, Scenario } from './scenario-format.js';
import { type RunTranscript, transcript } from './transcript.js';

export type { BrokenScenario, Scenario };
export { isBroken, loadScenarios, parseScenario };

/** The outcome of one scenario: pass/fail, every mismatch, and the transcript to print. */
export interface ScenarioReport {
  file: string;
  title: string;
  runs: number;
  ok: boolean;
  failures: string[];
  transcript: string;
  ms: number;
}

const START = 1_767_225_600_000; // 2026-01-01T00:00:00Z; the clock ticks 1 s per reading.

/** Sets a dotted path (`planMode.mode`) in a JSON object, creating objects on the way. */
function setPath(target: { [key: string]: JsonValue }, path: string, value: JsonValue) {
  const keys = path.split('.');
  let node: { [key: string]: JsonValue } = target;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) node[key] = {};
    node = node[key] as { [key: string]: JsonValue };
  }
  node[keys.at(-1) ?? path] = value;
}

function describeInput(input: RunJson['input']): string {
  if ('message' in input) return `message ${JSON.stringify(input.message)}`;
  if ('decision' in input) return `decision ${JSON.stringify(input.decision)}`;
  if ('answer' in input) return `answer ${JSON.stringify(input.answer)}`;
  return 'resume';
}

/** The session a run starts from, read back from storage as a fresh process would. */
function readBack(
  session: SessionState,
  run: RunJson,
): { session: SessionState } | { error: string[] } {
  const stored = JSON.parse(JSON.stringify(session)) as { [key: string]: JsonValue };
  for (const [path, value] of Object.entries(run.tamper ?? {})) setPath(stored, path, value);
  try {
    return { session: parseSession(JSON.parse(JSON.stringify(stored))) };
  } catch (error) {
    if (!(error instanceof SessionError)) throw error;
    return { error: error.issues.map((i) => i.path) };
  }
}

/** What a host does when it compacts the context: a summary, then the plan reminder. */
function compacted(session: SessionState, summary: string): SessionState {
  const reminder = compactionReminder(session);
  return {
    ...session,
    messages: [
      { role: 'user', content: summary, source: 'host' },
      ...(reminder === undefined ? [] : [reminder]),
    ],
  };
}

function initialSession(s: Scenario, options: PlanfirstOptions, now: number): SessionState {
  const spec = s.session;
  if (spec === undefined) return createSession(options, { now });
  if ('planMode' in spec) {
    const entered = enterPlanMode(createSession(options, { now }), { now, reason: 'host toggle' });
    return entered.state;
  }
  // Deliberately unchecked: `stored` is validated by readBack; `unvalidated` must not be.
  return ('stored' in spec ? spec.stored : spec.unvalidated) as unknown as SessionState;
}

/**
 * Runs one scenario: each run is a fresh `runAgent` call on the session read back from JSON
 * (as another process would), with its own scripted model and approvals handler; tools and
 * approval ids carry over. Never throws: everything that goes wrong becomes a failure line.
 */
export async function runScenario(s: Scenario): Promise<ScenarioReport> {
  const started = performance.now();
  const failures: string[] = [];
  const runs: RunTranscript[] = [];
  const approvalIds: string[] = [];
  const questionIds: string[] = [];
  const world = new ToolWorld(s.tools);
  const nextId = callIds();
  let clock = START;
  const now = () => (clock += 1000);
  let session: SessionState | undefined;

  try {
    resolveOptions(s.options);
    session = initialSession(s, s.options, now());
    for (const [i, run] of s.runs.entries()) {
      const label = `run ${i + 1}`;
      const unvalidated = i === 0 && s.session !== undefined && 'unvalidated' in s.session;
      if (!unvalidated) {
        const read = readBack(session, run);
        if ('error' in read) {
          if (run.expect.sessionError === undefined)
            failures.push(`${label}: parseSession rejected the session: ${read.error.join(', ')}`);
          else
            failures.push(
              ...listMismatch(`${label} sessionError`, read.error, run.expect.sessionError),
            );
          runs.push({
            input: describeInput(run.input),
            status: 'session rejected',
            messages: [],
            events: [],
          });
          break;
        }
        if (run.expect.sessionError !== undefined)
          failures.push(`${label}: expected parseSession to reject the session`);
        session = read.session;
      }
      if (run.compact !== undefined) session = compacted(session, run.compact);
      const options = run.options === undefined ? s.options : mergeOptions(s.options, run.options);
      for (const command of run.commands ?? [])
        session = planCommand(session, command, options, {
          now,
          failures,
          label,
          ids: { approvals: approvalIds, questions: questionIds },
        });
      const record = await runOnce(s, run, session, options, {
        world,
        nextId,
        now,
        approvalIds,
        questionIds,
        failures,
        label,
      });
      runs.push({
        input: describeInput(run.input),
        status: `${record.result.status}${record.result.reason ? ` (${record.result.reason})` : ''}`,
        messages: record.result.messages,
        events: record.result.events,
      });
      failures.push(
        ...invariants(record.result, !unvalidated).map((f) => `${label}: ${f}`),
        ...checkRun(record, run.expect, approvalIds, questionIds).map((f) => `${label}: ${f}`),
      );
      session = record.result.session;
    }
    failures.push(...world.unused());
  } catch (error) {
    failures.push(
      `the runner threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }
  return {
    file: s.file,
    title: s.title,
    runs: s.runs.length,
    ok: failures.length === 0,
    failures,
    transcript: transcript(s.title, runs),
    ms: performance.now() - started,
  };
}

/**
 * The user sends an OpenClaw `/plan` command: the plugin's own handler runs on the session (an
 * in-memory plugin store holding it, as the plugin's file store would), and the session it
 * saved is what the next run reads.
 */
function planCommand(
  session: SessionState,
  command: CommandJson,
  options: PlanfirstOptions,
  env: {
    now: () => number;
    failures: string[];
    label: string;
    ids: { approvals: readonly string[]; questions: readonly string[] };
  },
): SessionState {
  const key = 'qa-session';
  let stored = JSON.stringify(session);
  const ctx: PluginContext = {
    options: resolveOptions(options),
    approvals: ApprovalSurfaces.command,
    store: {
      read: () => ({ found: true, text: stored }),
      write: (_key, next) => {
        stored = JSON.stringify(next);
      },
      remove: () => {
        env.failures.push(`${env.label}: /plan ${command.args} removed the session`);
      },
    },
    now: env.now,
    newId: () => crypto.randomUUID(),
    warn: (message) => env.failures.push(`${env.label}: /plan ${command.args} warned: ${message}`),
    runs: new Map(),
  };
  const args = command.args
    .replace(
      /\$question(\d+)/g,
      (_m, n: string) => env.ids.questions[Number(n) - 1] ?? `(no question ${n})`,
    )
    .replace(
      /\$approval(\d+)/g,
      (_m, n: string) => env.ids.approvals[Number(n) - 1] ?? `(no approval ${n})`,
    );
  const reply = runPlanCommand(ctx, {
    channel: 'qa',
    isAuthorizedSender: true,
    sessionKey: key,
    args,
  });
  const text = reply.text ?? '';
  if (command.reply !== undefined && !text.includes(command.reply))
    env.failures.push(
      `${env.label}: /plan ${args}: expected the reply to include ${JSON.stringify(command.reply)}, got ${JSON.stringify(text)}`,
    );
  return parseSession(stored);
}

interface Shared {
  world: ToolWorld;
  nextId: () => string;
  now: () => number;
  approvalIds: string[];
  questionIds: string[];
  failures: string[];
  label: string;
}

async function runOnce(
  s: Scenario,
  run: RunJson,
  session: SessionState,
  options: PlanfirstOptions,
  shared: Shared,
): Promise<RunRecord> {
  const controller = new AbortController();
  const problems: string[] = [];
  const model = buildModel(run.script, controller, shared.nextId, problems);
  const approvals =
    run.approvals === undefined
      ? undefined
      : buildApprovals(run.approvals, controller, shared.approvalIds, problems);
  const executedBefore = shared.world.executed.length;
  const subagentsBefore = shared.world.subagents.length;
  shared.world.maxConcurrent = 0;
  let streamed = 0;
  const input = resolvePlaceholders(
    run.input as JsonValue,
    shared.approvalIds,
    shared.questionIds,
  ) as RunInput;
  const result: RunResult = await runAgent(
    {
      model: model.model,
      tools: shared.world.executor(controller, { options, nextId: shared.nextId, problems }),
      ...(approvals === undefined ? {} : { approvals: approvals.handler }),
      options,
      signal: controller.signal,
      now: shared.now,
      ...(s.modelId === undefined ? {} : { modelId: s.modelId }),
      onEvent: (e) => {
        streamed++;
        if (e.type === 'approval_requested' && !shared.approvalIds.includes(e.approvalId))
          shared.approvalIds.push(e.approvalId);
        if (e.type === 'question_asked' && !shared.questionIds.includes(e.questionId))
          shared.questionIds.push(e.questionId);
      },
    },
    session,
    input,
  );
  // A late answer (after a timeout or an abort) lands now; the finished run must not react.
  await Promise.all(approvals?.outstanding ?? []);
  const p = (f: string) => `${shared.label}: ${f}`;
  if (streamed !== result.events.length)
    shared.failures.push(p('events were streamed after the run finished'));
  shared.failures.push(...problems.map(p));
  if (model.remaining() > 0)
    shared.failures.push(p(`${model.remaining()} scripted model turn(s) never used`));
  const asked = approvals?.asked() ?? 0;
  if (run.approvals !== undefined && asked < run.approvals.length)
    shared.failures.push(p(`${run.approvals.length - asked} scripted approval(s) never asked for`));
  return {
    result,
    options,
    modelCalls: model.requests.length,
    executed: shared.world.executed.slice(executedBefore),
    maxConcurrent: shared.world.maxConcurrent,
    subagents: shared.world.subagents.slice(subagentsBefore),
  };
}
