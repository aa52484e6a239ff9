import type {
  ApprovalDecision,
  IgnoredReason,
  Plan,
  PlanfirstOptions,
  PlanMessage,
  PlanMessageKind,
  Question,
  QuestionHandler,
  ResolvedOptions,
  SessionState,
  SessionStore,
  TransitionCode,
  TurnKind,
} from '../../index.js';
import type { AdapterEvent } from '../events.js';

/**
 * What the host passes to createPlanfirstPi(). Only `store` is required: the session is the one
 * piece of state the host must own, because it has to outlive the process.
 */
export interface PlanfirstPiConfig {
  /** Holds the session; persist it (JSON) to survive restarts and parked approvals. */
  store: SessionStore;
  options?: PlanfirstOptions | ResolvedOptions;
  /** Names of host tools that only read; added to `planMode.readOnlyTools` for the gate. */
  readOnlyTools?: Iterable<string>;
  /** Decides approvals in-run. Without it the run parks and you call resolveApproval() later. */
  approvals?: PiApprovalHandler;
  /**
   * Answers ask_user's questions in-run, the shape `runAgent` uses: `(request, { signal })` →
   * `{ answers }`. Without it the run parks (`awaiting_answer`) and you call answerQuestion()
   * later. `planMode.questionTimeoutMs` without an answer applies the timeout.
   */
  questions?: QuestionHandler;
  /** Progress for UIs and logs. Called synchronously; a throw is ignored. */
  onEvent?: (event: PlanfirstPiEvent) => void;
  /** Clock for plan-mode timestamps (ms since epoch). Default `Date.now`. */
  now?: () => number;
  /** The random part of question ids (default `crypto.randomUUID`). */
  newId?: () => string;
}

/**
 * The plan waiting for the user's decision, as an approvals handler receives it: enough to
 * render a plan card (see renderPlan()) and to bind the answer to this request.
 */
export interface PiApprovalRequest {
  approvalId: string;
  plan: Plan;
  /** The session at the time of asking (read-only: the adapter applies the answer). */
  session: SessionState;
}

/**
 * A handler's answer: a decision, with or without the approval id. The adapter always sets the
 * id of the request it asked about, so a handler cannot answer a different request.
 */
export type PiApprovalAnswer = Omit<ApprovalDecision, 'approvalId'> & { approvalId?: string };

/**
 * The second argument of an approvals handler: `{ signal }`, as `runAgent` passes it. For
 * handlers written against the earlier `(request, signal)` shape it is also the AbortSignal
 * itself (deprecated: destructure `{ signal }` instead).
 */
export type PiApprovalContext = AbortSignal & { readonly signal: AbortSignal };

/**
 * Decides a pending plan while the run waits: the same shape as `runAgent`'s `approvals`,
 * `(request, { signal })`. Exceeding `planMode.approvalTimeoutMs` counts as a `timeout`
 * decision; `signal` aborts when the agent is aborted.
 */
export type PiApprovalHandler = (
  request: PiApprovalRequest,
  context: PiApprovalContext,
) => Promise<PiApprovalAnswer>;

/**
 * How the last run ended, as far as planfirst is concerned. pi's prompt() resolves the same
 * way for all of them, so this is where a host learns to show a plan card or a blocked message.
 */
export type PiRunOutcome =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'completed' }
  | { status: 'awaiting_approval'; approvalId: string; plan: Plan }
  /** ask_user's questions wait for the user: call answerQuestion() with their answer. */
  | { status: 'awaiting_answer'; questionId: string; questions: Question[] }
  | { status: 'blocked'; message: string; kind: TurnKind }
  /** The run reached `run.maxModelCalls`, or went on from more than `run.maxBookkeepingTurns`
   *  turns in a row that only kept the plan current: planfirst refused the next model call. */
  | { status: 'budget_exhausted'; message: string; modelCalls: number }
  | { status: 'aborted' }
  | { status: 'error'; message: string };

/**
 * What resolveApproval() did with a decision. `decisionMessage` went to the attached agent;
 * with no agent attached, delivering it as the next user message is up to the host.
 */
export type PiDecisionResult =
  | {
      applied: true;
      code: TransitionCode;
      decisionMessage?: PlanMessage;
      outcome: PiRunOutcome;
    }
  | { applied: false; reason: IgnoredReason; message: string };

/**
 * What answerQuestion() did with an answer. The answer message (built from state, quoted) went
 * to the attached agent as the next user message; with no agent attached, `answerMessage` is
 * for the host to deliver. A late answer is refused (`question_timed_out`) and the timeout
 * applied instead; its message is delivered the same way.
 */
export type PiAnswerResult =
  | { applied: true; code: TransitionCode; answerMessage?: string; outcome: PiRunOutcome }
  | { applied: false; reason: IgnoredReason; message: string; answerMessage?: string };

/**
 * Progress events for UIs and logs: the events every adapter reports, plus pi's own, delivered
 * synchronously in the order they happen.
 */
export type PlanfirstPiEvent =
  | AdapterEvent
  | { type: 'approval_failed'; approvalId: string; message: string }
  | { type: 'decision_injected'; kind: PlanMessageKind; text: string };
