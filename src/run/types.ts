import type { JsonValue } from '../json.js';
import type { AssistantMessage, Message, ToolCallBlock } from '../messages.js';
import type { PlanfirstOptions, ResolvedOptions } from '../options.js';
import type { ApprovalDecision } from '../plan-mode/decision.js';
import type { Question } from '../plan-mode/question-state.js';
import type { QuestionAnswer } from '../plan-mode/questions.js';
import type { Plan } from '../plan-mode/state.js';
import type { SessionState } from '../session.js';
import type { RunEvent } from './events.js';

/** A tool the host offers the model. */
export interface ToolDefinition {
  name: string;
  description: string;
  /** JSON Schema of the input. */
  parameters: { [key: string]: JsonValue };
  /** The host's own annotation that the tool never changes anything (like MCP's readOnlyHint). */
  readOnly?: boolean;
  /**
   * The tool starts a subagent. While the gate is closed (plan mode), each call is allowed and
   * tracked as a running gated subagent: the executor gets the subagent's own session, in plan
   * mode, to run it on (runAgent's `context.subagent`), and the parent cannot submit its plan
   * until every such call has its result.
   */
  subagent?: boolean;
}

/** Everything a model call needs, in the neutral format. */
export interface ModelRequest {
  /** The whole conversation to send, oldest first. */
  messages: Message[];
  /** System text planfirst adds for this call (plan mode, the ACK fast-path); append it to yours. */
  system: string[];
  /** The tools to offer: yours plus the plan tools that apply now. */
  tools: ToolDefinition[];
}

/** What the host's executor reports for one tool call. */
export interface ToolResult {
  toolCallId: string;
  content: string;
  isError: boolean;
}

/** The outcome of the last effect, or something new from outside. */
export type StepInput =
  /** A new user message starts a run (`message`, as in runAgent's `{ message }`). */
  | { type: 'user_message'; message: string; now: number }
  /** @deprecated Since 0.2: name the text `message`, as runAgent does. */
  | { type: 'user_message'; content: string; now: number }
  | {
      type: 'model_response';
      message: AssistantMessage;
      now: number;
      /** A fresh id, used only if this turn puts a new plan up for approval. */
      approvalId?: string;
      /** A fresh id, used only if this turn asks the user new questions (ask_user). */
      questionId?: string;
    }
  | { type: 'model_error'; error: string; now: number }
  | { type: 'tool_results'; results: ToolResult[]; now: number }
  /** The user's decision on the pending plan. A value of another shape (from an untrusted UI,
   *  typed `unknown` by you) is accepted too and ignored as an invalid decision. */
  | {
      type: 'approval_decision';
      decision: ApprovalDecision;
      now: number;
      /** When the pending request times out (ms since the epoch). Default: its `requestedAt`
       *  plus `planMode.approvalTimeoutMs`. A decision at or after it applies the timeout. */
      deadline?: number;
    }
  /** The user's answer to the pending questions (ask_user). A value of another shape is
   *  accepted too and ignored as an invalid answer. */
  | {
      type: 'answer';
      answer: QuestionAnswer;
      now: number;
      /** When the pending question times out (ms since the epoch). Default: its `askedAt` plus
       *  `planMode.questionTimeoutMs`. An answer at or after it applies the timeout. */
      deadline?: number;
    }
  /** Stop the run. `results`: calls of the open turn that completed before the abort (kept;
   *  every other open call gets an "aborted" result). */
  | { type: 'abort'; now: number; results?: ToolResult[] }
  /** Carry on from where the run stopped (after a model error, or a crash). */
  | { type: 'resume'; now: number };

export type RunStatus =
  | 'completed'
  | 'awaiting_approval'
  | 'awaiting_answer'
  | 'blocked'
  | 'budget_exhausted'
  | 'aborted'
  | 'error';

/** How a run ended. `text` is for the user; `reason` is a stable code where one applies. */
export interface RunOutcome {
  status: RunStatus;
  text?: string;
  reason?: string;
}

/** What the driver must do next. */
export type Effect =
  | { type: 'call_model'; request: ModelRequest }
  /** Only calls the gate allowed; planfirst already answered the rest. */
  | { type: 'execute_tools'; calls: ToolCallBlock[] }
  | { type: 'request_approval'; approvalId: string; plan: Plan; timeoutMs: number }
  /** Questions from ask_user wait for the user's answer (step input `answer`). */
  | { type: 'ask_user'; questionId: string; questions: Question[]; timeoutMs: number }
  | { type: 'finish'; outcome: RunOutcome };

export interface StepResult {
  session: SessionState;
  effect: Effect;
  events: RunEvent[];
}

/** What `step` needs besides the session and the input. */
export interface StepContext {
  options?: PlanfirstOptions | ResolvedOptions;
  /** The host's tools (definitions only; the driver executes them). */
  tools?: readonly ToolDefinition[];
  /** `provider/model` (or a bare model id), for `incompleteTurn.appliesTo`; as runAgent's. */
  modelId?: string;
  /** @deprecated Since 0.2: use `modelId` (runAgent's `model` is the client itself). */
  model?: string;
}
