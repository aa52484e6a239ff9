import type { Tool, ToolInputGuardrailDefinition } from '@openai/agents';
import type { ApprovalDecision } from '../../index.js';
import {
  type DecideResult,
  decide,
  type PausedRun,
  type PlanApproval,
  pendingPlanApproval,
} from './approval.js';
import { adapterContext, type PlanfirstAgentsConfig } from './context.js';
import { gateGuardrail, wrapTools } from './gate.js';
import { gateAgent } from './handoffs.js';
import { type BaseInstructions, planModeInstructions } from './instructions.js';
import { type PlanFunctionTool, planFunctionTools } from './plan-tools.js';
import {
  type AnswerResult,
  answer,
  type PendingQuestions,
  pendingQuestionsOf,
} from './questions.js';
import {
  type AnyAgent,
  type PlanfirstRunOutcome,
  type RunInput,
  type RunWithRetriesOptions,
  runWithRetries,
} from './run.js';

/** planfirst wired into the OpenAI Agents SDK; see createPlanfirstAgents. */
export interface PlanfirstAgents {
  /** enter_plan_mode (when the options allow it), exit_plan_mode and update_plan. */
  planTools: PlanFunctionTool[];
  /** The gate as a tool input guardrail, e.g. for an MCP server's `toolInputGuardrails`. */
  guardrail: ToolInputGuardrailDefinition<unknown>;
  /** Your function tools with the gate attached; any other kind of tool is refused. */
  wrapTools<TContext = unknown>(tools: readonly Tool<TContext>[]): Tool<TContext>[];
  /**
   * A copy of `agent` whose function tools, and those of every agent it can hand off to (to any
   * depth), carry the gate: a handoff target started while the session plans runs gated.
   */
  gateAgent<TAgent extends AnyAgent>(agent: TAgent): TAgent;
  /** Your instructions plus the plan-mode system prompt while planning (dynamic). */
  instructions<Args extends unknown[]>(
    base: BaseInstructions<Args>,
  ): (...args: Args) => Promise<string>;
  /** Runs the agent with retries on stalled turns; pauses on exit_plan_mode for the user. */
  run<TAgent extends AnyAgent, TContext = undefined>(
    agent: TAgent,
    input: RunInput<TContext, TAgent>,
    options?: RunWithRetriesOptions<TContext, TAgent>,
  ): Promise<PlanfirstRunOutcome<TContext, TAgent>>;
  /**
   * The plan a paused run waits on, under planfirst's approval id: a pure read. Undefined when
   * the run is not paused on the pending request (a stale, decided or timed-out run).
   */
  pendingApproval(run: PausedRun): PlanApproval | undefined;
  /**
   * The questions a paused run waits on (ask_user), under planfirst's question id: a pure read.
   * Undefined when the run is not paused on the pending questions.
   */
  pendingQuestion(run: PausedRun): PendingQuestions | undefined;
  /**
   * Applies the user's answer (`{ questionId, answers }`, or `{ action: 'timeout', questionId }`)
   * to the session and the run: the core decides it, exactly once; run `result.state` again and
   * the model reads the answer, quoted, as the ask_user call's result.
   */
  answer(run: PausedRun, answer: unknown): AnswerResult;
  /** Applies the user's decision (approve, edit, reject, timeout) to the session and the run. */
  decide(run: PausedRun, decision: ApprovalDecision): DecideResult;
  /** Approves the pending plan (or your edited `plan`); `then: 'stop'` approves without running. */
  approve(
    run: PausedRun,
    approvalId: string,
    options?: { plan?: unknown; then?: 'execute' | 'stop' },
  ): DecideResult;
  /** Rejects the pending plan; plan mode stays on and the model reads your feedback. */
  reject(run: PausedRun, approvalId: string, feedback?: string): DecideResult;
}

/**
 * The OpenAI Agents SDK adapter: plan tools as strict function tools, the gate as a tool input
 * guardrail, the plan-mode prompt as dynamic instructions, exit_plan_mode's SDK approval bound
 * to planfirst's approval id, and retries on turns that stall. The session lives in `store`.
 */
export function createPlanfirstAgents(config: PlanfirstAgentsConfig): PlanfirstAgents {
  const ctx = adapterContext(config);
  return {
    planTools: planFunctionTools(ctx),
    guardrail: gateGuardrail(ctx),
    wrapTools: (tools) => wrapTools(ctx, tools),
    gateAgent: (agent) => gateAgent(ctx, agent),
    instructions: (base) => planModeInstructions(ctx, base),
    run: (agent, input, options) => runWithRetries(ctx, agent, input, options),
    pendingApproval: (run) => pendingPlanApproval(ctx.store.get(), run),
    decide: (run, decision) => decide(ctx, run, decision),
    pendingQuestion: (run) => pendingQuestionsOf(ctx.store.get(), run),
    answer: (run, given) => answer(ctx, run, given),
    approve: (run, approvalId, options = {}) =>
      decide(ctx, run, {
        action: options.plan === undefined ? 'approve' : 'edit',
        approvalId,
        ...(options.plan === undefined ? {} : { plan: options.plan }),
        ...(options.then === undefined ? {} : { then: options.then }),
      }),
    reject: (run, approvalId, feedback) =>
      decide(ctx, run, {
        action: 'reject',
        approvalId,
        ...(feedback === undefined ? {} : { feedback }),
      }),
  };
}
