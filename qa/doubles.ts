import type { JsonValue } from '../src/json.js';
import type { AssistantMessage } from '../src/messages.js';
import type { PlanfirstOptions } from '../src/options.js';
import type { ApprovalDecision } from '../src/plan-mode/decision.js';
import type { ApprovalHandler, ModelClient, ToolExecutor } from '../src/run/driver.js';
import { runSubagent } from '../src/run/subagent.js';
import type { ModelRequest } from '../src/run/types.js';
import type { SessionState } from '../src/session.js';
import {
  assistant,
  type ScriptedTurn,
  scriptedModel,
  thinking,
  toolCall,
} from '../src/testing/index.js';
import { resolvePlaceholders } from './compare.js';
import type {
  ApprovalJson,
  ScenarioJson,
  ScriptEntryJson,
  ToolResultJson,
  TurnJson,
} from './scenario-format.js';

// The host side of a scenario: the scripted model, the tool executor and the approvals
// handler, built from the JSON block. Each records what happened for the checks.

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Problems with the scenario itself (script exhausted, an expectation on a request failed). */
export type Problems = string[];

/** Numbers tool calls c1, c2, … in script order over the whole scenario. */
export function callIds(): () => string {
  let n = 0;
  return () => `c${++n}`;
}

function replyOf(turn: TurnJson, nextId: () => string): AssistantMessage {
  const parts = [
    ...(turn.thinking === undefined ? [] : [thinking(turn.thinking)]),
    ...(turn.text === undefined ? [] : [turn.text]),
    ...(turn.calls ?? []).map((c) => toolCall(c.tool, c.input, c.id ?? nextId())),
  ];
  const message = assistant(...parts);
  return turn.stopReason === undefined ? message : { ...message, stopReason: turn.stopReason };
}

function lastText(request: ModelRequest): string {
  const last = request.messages.at(-1);
  if (last === undefined) return '';
  return typeof last.content === 'string' ? last.content : JSON.stringify(last.content);
}

function requestChecks(turn: TurnJson, call: number) {
  return (request: ModelRequest) => {
    const fail = (what: string) => {
      throw new Error(`scripted model: call ${call} ${what}`);
    };
    const seen = `${request.system.join('\n')}\n${lastText(request)}`;
    for (const needle of turn.expectExcludes ?? [])
      if (seen.includes(needle))
        fail(`expected the request not to include ${JSON.stringify(needle)}`);
    const everything = `${request.system.join('\n')}\n${request.messages
      .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
      .join('\n')}`;
    for (const needle of turn.expectAnywhere ?? [])
      if (!everything.includes(needle))
        fail(`expected the request to include ${JSON.stringify(needle)} somewhere`);
    const tools = request.tools.map((t) => t.name);
    if (turn.expectTools !== undefined && tools.join(',') !== turn.expectTools.join(','))
      fail(`offered tools ${JSON.stringify(tools)}, expected ${JSON.stringify(turn.expectTools)}`);
    if (turn.expectMessages !== undefined && request.messages.length !== turn.expectMessages)
      fail(`sent ${request.messages.length} messages, expected ${turn.expectMessages}`);
  };
}

/**
 * The model for one run: `scriptedModel` over the run's turns, plus the scenario's extras —
 * a turn may abort the run while it is in flight, and a script problem is recorded (the
 * driver would otherwise report it only as a model error).
 */
export function buildModel(
  script: readonly ScriptEntryJson[],
  controller: AbortController,
  nextId: () => string,
  problems: Problems,
) {
  const turns: TurnJson[] = script.map((e) => (typeof e === 'string' ? { text: e } : e));
  const scripted = scriptedModel(
    turns.map(
      (turn, i): ScriptedTurn => ({
        reply: replyOf(turn, nextId),
        ...(turn.fail === undefined ? {} : { fail: turn.fail }),
        ...(turn.expectIncludes === undefined ? {} : { expectIncludes: turn.expectIncludes }),
        expect: requestChecks(turn, i + 1),
      }),
    ),
  );
  let calls = 0;
  const model: ModelClient = async (request, context) => {
    const turn = turns[calls];
    calls++;
    try {
      const reply = await scripted(request, context);
      if (turn?.abort === true) {
        controller.abort();
        throw new Error('The operation was aborted by the user.');
      }
      return reply;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (message.startsWith('scripted model:')) problems.push(message);
      throw error;
    }
  };
  return { model, requests: scripted.requests, remaining: scripted.remaining };
}

/** The tools of a scenario: definitions, and results replayed per tool over every run. */
export class ToolWorld {
  readonly executed: string[] = [];
  /** The sessions of the gated subagents the tools ran, in the order they finished. */
  readonly subagents: SessionState[] = [];
  maxConcurrent = 0;
  private active = 0;
  private readonly used = new Map<string, number>();

  constructor(private readonly tools: ScenarioJson['tools']) {}

  executor(
    controller: AbortController,
    env?: { options: PlanfirstOptions; nextId: () => string; problems: Problems },
  ): ToolExecutor {
    return {
      definitions: Object.entries(this.tools).map(([name, spec]) => ({
        name,
        description: `The scenario's ${name} tool.`,
        parameters: { type: 'object' },
        ...(spec.readOnly === undefined ? {} : { readOnly: spec.readOnly }),
        ...(spec.subagent === undefined ? {} : { subagent: true }),
      })),
      execute: async (call, context) => {
        this.executed.push(`${call.name}#${call.id}`);
        this.active++;
        this.maxConcurrent = Math.max(this.maxConcurrent, this.active);
        try {
          const sub = this.tools[call.name]?.subagent;
          if (sub !== undefined && context.subagent !== undefined && env !== undefined) {
            const model = buildModel(sub.script, controller, env.nextId, env.problems);
            const run = await runSubagent(
              {
                model: model.model,
                tools: this.executor(controller, env),
                options: env.options,
                signal: controller.signal,
              },
              context.subagent,
              sub.message ?? 'Investigate and report what you find.',
            );
            this.subagents.push(run.result.session);
            return run.output;
          }
          return await this.perform(call.name, this.next(call.name), controller);
        } finally {
          this.active--;
        }
      },
    };
  }

  private next(name: string): ToolResultJson {
    const n = this.used.get(name) ?? 0;
    this.used.set(name, n + 1);
    const results = this.tools[name]?.results ?? [];
    return results[Math.min(n, results.length - 1)] ?? `${name}: ok`;
  }

  private async perform(name: string, r: ToolResultJson, controller: AbortController) {
    if (typeof r === 'string') return r;
    if (r.delayMs !== undefined) await sleep(r.delayMs);
    if (r.abort === true) {
      controller.abort();
      throw new Error('interrupted: the user aborted the run');
    }
    if (r.throw !== undefined) throw new Error(r.throw);
    if (r.error !== undefined) return { content: r.error, isError: true };
    return r.content ?? `${name}: ok`;
  }

  /** Scripted results that no execution used. */
  unused(): string[] {
    return Object.entries(this.tools).flatMap(([name, spec]) => {
      const left = (spec.results?.length ?? 0) - (this.used.get(name) ?? 0);
      return left > 0 ? [`tool ${name}: ${left} scripted result(s) never used`] : [];
    });
  }
}

/**
 * The approvals handler of one run: answers requests with the listed decisions, in order.
 * Delayed answers are kept in `outstanding`, so the runner can wait for a late answer to land
 * before it checks that nothing changed.
 */
export function buildApprovals(
  entries: readonly ApprovalJson[],
  controller: AbortController,
  approvalIds: readonly string[],
  problems: Problems,
) {
  const outstanding: Promise<unknown>[] = [];
  let asked = 0;
  const handler: ApprovalHandler = (request, { signal }) => {
    const entry = entries[asked];
    asked++;
    if (entry === undefined) {
      problems.push(`approvals: no decision scripted for request ${asked}`);
      return Promise.reject(new Error('no decision scripted'));
    }
    if (entry.abort === true) {
      setTimeout(() => controller.abort(), 1);
      const waiting = new Promise<ApprovalDecision>((_, reject) =>
        signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
      );
      outstanding.push(waiting.catch(() => undefined));
      return waiting;
    }
    const { delayMs, throw: crash, abort: _a, ...fields } = entry;
    const decision = resolvePlaceholders(
      { approvalId: request.approvalId, ...fields } as { [key: string]: JsonValue },
      approvalIds,
    );
    const answer = (async () => {
      if (delayMs !== undefined) await sleep(delayMs);
      if (crash !== undefined) throw new Error(crash);
      // Deliberately unchecked: scenarios also send malformed decisions.
      return decision as unknown as ApprovalDecision;
    })();
    outstanding.push(answer.catch(() => undefined));
    return answer;
  };
  return { handler, outstanding, asked: () => asked };
}
