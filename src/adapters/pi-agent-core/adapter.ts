import type {
  Agent,
  AgentTool,
  BeforeToolCallContext,
  BeforeToolCallResult,
  StreamFn,
} from '@mariozechner/pi-agent-core';
import {
  type ApprovalDecision,
  ErrorCodes,
  type Plan,
  PlanfirstError,
  pendingQuestion,
  type Question,
} from '../../index.js';
import { applyDecision } from './approvals.js';
import { createContext } from './context.js';
import { createBeforeToolCall } from './gate.js';
import { piUserMessage } from './messages.js';
import { createPlanTools } from './plan-tools.js';
import { applyAnswer } from './questions.js';
import { createRunListener } from './run-listener.js';
import { withPlanfirstSystemPrompt } from './system-prompt.js';
import type { PiAnswerResult, PiDecisionResult, PiRunOutcome, PlanfirstPiConfig } from './types.js';

/**
 * planfirst wired into one pi Agent (see createPlanfirstPi()): the pieces pi takes, plus the
 * calls a host needs around runs — deciding a parked plan and reading how a run ended.
 */
export interface PlanfirstPi {
  /** The plan tools as AgentTools; attach() adds them to the agent. */
  readonly planTools: AgentTool[];
  /** The gate as pi's `beforeToolCall` hook; attach() installs it. */
  readonly beforeToolCall: (
    context: BeforeToolCallContext,
  ) => Promise<BeforeToolCallResult | undefined>;
  /** Wraps a stream function to add the plan-mode system prompt per model call. */
  streamFn(base?: StreamFn): StreamFn;
  /**
   * Wires planfirst into `agent`: plan tools, gate, system prompt, and the turn-end listener
   * (incomplete-turn retries, approvals). Returns a function that undoes all of it.
   */
  attach(agent: Agent): () => void;
  /**
   * Applies the user's decision on the pending plan (bound to its approval id) and sends the
   * decision message to the attached agent, which then executes or revises; resolves when
   * that run ends. A stale decision changes nothing.
   */
  resolveApproval(decision: ApprovalDecision): Promise<PiDecisionResult>;
  /**
   * Applies the user's answer to ask_user's questions (`{ questionId, answers }`, or
   * `{ action: 'timeout', questionId }`): the core decides it, exactly once; the quoted answer
   * message goes to the attached agent, which goes on. A refused answer changes nothing.
   */
  answerQuestion(answer: unknown): Promise<PiAnswerResult>;
  /** The questions waiting for an answer, read from the stored session. */
  pendingQuestion(): { questionId: string; questions: Question[] } | undefined;
  /** The plan waiting for a decision, read from the stored session. */
  pendingApproval(): { approvalId: string; plan: Plan } | undefined;
  /** How the last run ended: completed, awaiting_approval, blocked, aborted or error. */
  outcome(): PiRunOutcome;
}

/**
 * Creates the pi adapter for one agent. The session lives in `config.store` and is the only
 * state that matters between runs: persist it as JSON, and a new adapter over the parsed
 * session (with the agent's transcript) picks up where the old one stopped.
 */
export function createPlanfirstPi(config: PlanfirstPiConfig): PlanfirstPi {
  const ctx = createContext(config);
  const planTools = createPlanTools(ctx);
  const beforeToolCall = createBeforeToolCall(ctx);
  let attached: Agent | undefined;

  const attach = (agent: Agent): (() => void) => {
    if (attached)
      throw new PlanfirstError(
        ErrorCodes.invalidAdapterUse,
        'planfirst: this adapter is already attached to an agent',
      );
    attached = agent;
    ctx.attached = true;
    const names = new Set(planTools.map((tool) => tool.name));
    agent.state.tools = [...agent.state.tools.filter((t) => !names.has(t.name)), ...planTools];

    const hostBefore = agent.beforeToolCall;
    const gate: NonNullable<Agent['beforeToolCall']> = async (context, signal) =>
      (await beforeToolCall(context)) ?? hostBefore?.(context, signal);
    agent.beforeToolCall = gate;
    const hostStream = agent.streamFn;
    const stream = withPlanfirstSystemPrompt(ctx, hostStream);
    agent.streamFn = stream;
    const unsubscribe = agent.subscribe(
      createRunListener(
        ctx,
        {
          messages: () => agent.state.messages,
          hasQueuedMessages: () => agent.hasQueuedMessages(),
          followUp: (message) => agent.followUp(message),
          errorMessage: () => agent.state.errorMessage,
        },
        config.approvals,
        config.questions,
      ),
    );
    return () => {
      unsubscribe();
      if (agent.beforeToolCall === gate) {
        if (hostBefore) agent.beforeToolCall = hostBefore;
        else delete agent.beforeToolCall;
      }
      if (agent.streamFn === stream) agent.streamFn = hostStream;
      agent.state.tools = agent.state.tools.filter((t) => !planTools.includes(t));
      attached = undefined;
      ctx.attached = false;
    };
  };

  const resolveApproval = async (decision: ApprovalDecision): Promise<PiDecisionResult> => {
    const applied = applyDecision(ctx, decision);
    if (!applied.applied) return applied;
    const message = applied.message;
    const agent = attached;
    if (message && agent) {
      const userMessage = piUserMessage(message.text, ctx.now());
      ctx.emit({ type: 'decision_injected', kind: message.kind, text: message.text });
      if (agent.state.isStreaming) agent.followUp(userMessage);
      else await agent.prompt(userMessage);
    }
    return {
      applied: true,
      code: applied.code,
      ...(message ? { decisionMessage: message } : {}),
      outcome: ctx.outcome,
    };
  };

  const deliver = async (text: string): Promise<void> => {
    const agent = attached;
    if (!agent) return;
    const userMessage = piUserMessage(text, ctx.now());
    if (agent.state.isStreaming) agent.followUp(userMessage);
    else await agent.prompt(userMessage);
  };

  const answerQuestion = async (answer: unknown): Promise<PiAnswerResult> => {
    const applied = applyAnswer(ctx, answer);
    if (applied.text !== undefined) await deliver(applied.text);
    const owed = applied.text === undefined ? {} : { answerMessage: applied.text };
    if (!applied.applied)
      return { applied: false, reason: applied.reason, message: applied.message, ...owed };
    return { applied: true, code: applied.code, ...owed, outcome: ctx.outcome };
  };

  return {
    planTools,
    beforeToolCall,
    answerQuestion,
    pendingQuestion: () => {
      const pending = pendingQuestion(ctx.store.get());
      return pending === undefined
        ? undefined
        : { questionId: pending.questionId, questions: pending.questions };
    },
    streamFn: (base) => withPlanfirstSystemPrompt(ctx, base),
    attach,
    resolveApproval,
    pendingApproval: () => {
      const { approval, approvalId, plan } = ctx.store.get().planMode;
      return approval === 'pending' && approvalId !== undefined && plan !== undefined
        ? { approvalId, plan }
        : undefined;
    },
    outcome: () => ctx.outcome,
  };
}
