import { worstCaseModelCalls } from '../src/auto-continue/budget.js';
import type { JsonValue } from '../src/json.js';
import type { Message } from '../src/messages.js';
import type { PlanfirstOptions } from '../src/options.js';
import type { RunResult } from '../src/run/driver.js';
import type { RunEvent } from '../src/run/events.js';
import { parseSession } from '../src/session.js';
import { listMismatch, mismatches, resolvePlaceholders, subsequenceMismatch } from './compare.js';
import type { ExpectJson } from './scenario-format.js';

/** What one run produced, as the checks see it. */
export interface RunRecord {
  result: RunResult;
  options: PlanfirstOptions;
  modelCalls: number;
  executed: readonly string[];
  maxConcurrent: number;
  /** The sessions of the gated subagents that finished in this run, in order. */
  subagents: readonly unknown[];
}

function injectedKinds(messages: readonly Message[]): string[] {
  return messages.flatMap((m) =>
    m.role === 'user' && m.source === 'planfirst' ? [m.kind ?? '(no kind)'] : [],
  );
}

const eventName = (e: unknown) => (e as RunEvent).type;

/** Compares one run with its `expect` block; returns one line per mismatch. */
export function checkRun(
  run: RunRecord,
  expected: ExpectJson,
  approvalIds: string[],
  questionIds: string[] = [],
): string[] {
  const r = run.result;
  const resolve = (p: JsonValue) => resolvePlaceholders(p, approvalIds, questionIds);
  const out: string[] = [];
  if (expected.status !== undefined && r.status !== expected.status)
    out.push(`status: expected ${expected.status}, got ${r.status} (${r.reason ?? 'no reason'})`);
  if (expected.reason !== undefined && (r.reason ?? null) !== expected.reason)
    out.push(`reason: expected ${expected.reason}, got ${r.reason ?? null}`);
  if (expected.text !== undefined && !(r.text ?? '').includes(expected.text))
    out.push(
      `text: expected it to include ${JSON.stringify(expected.text)}, got ${JSON.stringify(r.text)}`,
    );
  const types: string[] = r.events.map((e) => e.type);
  if (expected.events !== undefined) out.push(...listMismatch('events', types, expected.events));
  if (expected.eventSequence !== undefined)
    out.push(
      ...subsequenceMismatch(
        'eventSequence',
        r.events,
        expected.eventSequence.map(resolve),
        eventName,
      ),
    );
  for (const absent of expected.absentEvents ?? [])
    if (types.includes(absent)) out.push(`absentEvents: ${absent} occurred`);
  if (expected.toolsExecuted !== undefined) {
    const actual = run.executed.map((full, i) =>
      expected.toolsExecuted?.[i]?.includes('#') === true ? full : (full.split('#')[0] ?? full),
    );
    out.push(...listMismatch('toolsExecuted', actual, expected.toolsExecuted));
  }
  if (
    expected.maxConcurrentTools !== undefined &&
    run.maxConcurrent !== expected.maxConcurrentTools
  )
    out.push(
      `maxConcurrentTools: expected ${expected.maxConcurrentTools}, got ${run.maxConcurrent}`,
    );
  if (expected.modelCalls !== undefined) {
    const wanted =
      expected.modelCalls === 'worstCase' ? worstCaseModelCalls(run.options) : expected.modelCalls;
    if (run.modelCalls !== wanted)
      out.push(`modelCalls: expected ${wanted} (${expected.modelCalls}), got ${run.modelCalls}`);
  }
  if (expected.injected !== undefined)
    out.push(...listMismatch('injected', injectedKinds(r.messages), expected.injected));
  if (expected.sessionInjected !== undefined)
    out.push(
      ...listMismatch(
        'sessionInjected',
        injectedKinds(r.session.messages),
        expected.sessionInjected,
      ),
    );
  for (const t of expected.injectedText ?? []) {
    const m = r.messages.find(
      (x) => x.role === 'user' && x.source === 'planfirst' && x.kind === t.kind,
    );
    if (m === undefined || m.role !== 'user') {
      out.push(`injectedText: no ${t.kind} message in this run`);
      continue;
    }
    for (const s of t.includes ?? [])
      if (!m.content.includes(s)) out.push(`injectedText ${t.kind}: missing ${JSON.stringify(s)}`);
    for (const s of t.excludes ?? [])
      if (m.content.includes(s)) out.push(`injectedText ${t.kind}: contains ${JSON.stringify(s)}`);
  }
  if (expected.planMode !== undefined)
    out.push(...mismatches(r.session.planMode, resolve(expected.planMode), 'planMode'));
  if (expected.approval === null) {
    if (r.approval !== undefined) out.push('approval: expected none on the result');
  } else if (expected.approval !== undefined)
    out.push(...mismatches(r.approval, resolve(expected.approval), 'approval'));
  if (expected.question === null) {
    if (r.question !== undefined) out.push('question: expected none on the result');
  } else if (expected.question !== undefined)
    out.push(...mismatches(r.question, resolve(expected.question), 'question'));
  if (expected.messages !== undefined)
    out.push(...mismatches(r.messages, resolve(expected.messages), 'messages'));
  if (expected.session !== undefined)
    out.push(...mismatches(r.session, resolve(expected.session), 'session'));
  if (expected.subagents !== undefined)
    out.push(...mismatches(run.subagents, resolve(expected.subagents), 'subagents'));
  return out;
}

/**
 * What must hold after every run, whatever the scenario: the session is valid and resumable,
 * every tool call has exactly one result, at most one step is in progress, the run finished
 * exactly once with the status it reports, and a parked run names its pending plan.
 */
export function invariants(r: RunResult, sessionWasValid: boolean): string[] {
  const out: string[] = [];
  if (sessionWasValid) {
    try {
      parseSession(JSON.parse(JSON.stringify(r.session)));
    } catch (error) {
      out.push(`invariant: the session does not survive storage: ${(error as Error).message}`);
    }
  }
  const results = new Map<string, number>();
  for (const m of r.session.messages)
    if (m.role === 'tool') results.set(m.toolCallId, (results.get(m.toolCallId) ?? 0) + 1);
  for (const m of r.session.messages)
    if (m.role === 'assistant')
      for (const b of m.content)
        if (b.type === 'tool_call' && results.get(b.id) !== 1)
          out.push(`invariant: tool call ${b.id} has ${results.get(b.id) ?? 0} results`);
  const inProgress = r.session.planMode.plan?.steps.filter((s) => s.status === 'in_progress');
  if ((inProgress?.length ?? 0) > 1)
    out.push(`invariant: ${inProgress?.length} steps are in_progress`);
  const finished = r.events.filter((e) => e.type === 'run_finished');
  const last = r.events.at(-1);
  if (finished.length !== 1 || last?.type !== 'run_finished' || last.status !== r.status)
    out.push('invariant: the run must end with exactly one run_finished carrying its status');
  const pm = r.session.planMode;
  if (r.status === 'awaiting_approval') {
    if (pm.approval !== 'pending') out.push('invariant: awaiting_approval without a pending plan');
    if (r.approval?.approvalId !== pm.approvalId)
      out.push('invariant: awaiting_approval must report the pending approval id and plan');
  }
  if (r.status === 'awaiting_answer') {
    const current = r.session.questions?.current;
    if (current?.status !== 'pending' || r.question?.questionId !== current.questionId)
      out.push('invariant: awaiting_answer must report the pending question');
  }
  const tail = r.session.messages.slice(-r.messages.length);
  if (r.messages.length > 0 && JSON.stringify(tail) !== JSON.stringify(r.messages))
    out.push("invariant: the result's messages are not the session's last messages");
  return out;
}
