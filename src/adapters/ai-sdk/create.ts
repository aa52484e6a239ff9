import type { ModelMessage, ToolSet } from 'ai';
import { ErrorCodes, type GateDecision, isPlanToolName, PlanfirstError } from '../../index.js';
import { type ApprovalDetails, type ApprovalOutcome, createApprovals } from './approvals.js';
import { createContext, type PlanfirstAiSdkConfig } from './context.js';
import { gateTool } from './gate.js';
import type { StepView } from './messages.js';
import { type PlanfirstTools, planTools } from './plan-tools.js';
import { type AnswerOutcome, createQuestions } from './questions.js';
import {
  createTurns,
  type PlanfirstStatus,
  type PlanfirstStepSettings,
  type PrepareStepView,
} from './turns.js';

/** planfirst wired into the AI SDK (6 and 7): pass the pieces to `generateText`, `streamText` or an agent. */
export interface PlanfirstAiSdk {
  /** Your tools behind the gate, plus the plan tools. */
  tools<T extends ToolSet>(hostTools: T): T & PlanfirstTools;
  /** For `prepareStep`: retry instructions, the plan-mode system text, the go-ahead. */
  prepareStep(options: PrepareStepView): PlanfirstStepSettings | undefined;
  /** For `onStepFinish`: resolves every step (narration, empty replies, plan acks). */
  onStepFinish(step: StepView): void;
  /** For `stopWhen`: true once the run is blocked or out of model calls. */
  stopWhen(options: { steps: readonly unknown[] }): boolean;
  /** Applies the user's answers to exit_plan_mode before the next call; send the returned messages. */
  applyApprovalResponses(
    messages: readonly ModelMessage[],
    details?: Readonly<Record<string, ApprovalDetails>>,
  ): { messages: ModelMessage[]; outcomes: ApprovalOutcome[] };
  /**
   * Applies the user's answer to the questions ask_user put (`{ questionId, answers }`, or
   * `{ action: 'timeout', questionId }`): the core decides it, exactly once; the answer message
   * (built from state, quoted) is appended to the returned messages, which you send next.
   */
  applyAnswer(
    messages: readonly ModelMessage[],
    answer: unknown,
  ): { messages: ModelMessage[]; outcome: AnswerOutcome };
  /** What to do now that the SDK returned: done, await approval or an answer, retry, blocked. */
  status(): PlanfirstStatus;
  /** The gate for a tool you run yourself (one without `execute`), with your read-only marks. */
  gate(name: string, input: unknown): GateDecision;
}

/**
 * Wires planfirst into the AI SDK (6 and 7) around one session store: the gate on your tools, the plan
 * tools with exit_plan_mode on the SDK's tool approval, and the incomplete-turn resolver on
 * `prepareStep` / `onStepFinish` / `stopWhen`. Use one instance per conversation.
 */
export function createPlanfirstAiSdk(config: PlanfirstAiSdkConfig): PlanfirstAiSdk {
  const ctx = createContext(config);
  const approvals = createApprovals(ctx);
  const questions = createQuestions(ctx);
  const turns = createTurns(ctx, approvals);
  const plan = planTools(ctx, approvals, questions.askUserTool);
  return {
    tools<T extends ToolSet>(hostTools: T): T & PlanfirstTools {
      const gated: ToolSet = {};
      for (const [name, tool] of Object.entries(hostTools)) {
        if (isPlanToolName(name))
          throw new PlanfirstError(
            ErrorCodes.invalidAdapterUse,
            `planfirst: a host tool may not be named ${name}; planfirst provides it.`,
          );
        gated[name] = gateTool(name, tool, ctx);
      }
      return { ...gated, ...plan } as T & PlanfirstTools;
    },
    prepareStep: (options) => turns.prepareStep(options),
    onStepFinish: (step) => turns.onStepFinish(step),
    stopWhen: () => turns.stopWhen(),
    applyApprovalResponses: (messages, details) => approvals.apply(messages, details),
    applyAnswer: (messages, answer) => questions.apply(messages, answer),
    status: () => turns.status(),
    gate: (name, input) => ctx.gate(name, input),
  };
}
