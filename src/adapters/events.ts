import type {
  ApprovalDecision,
  GateCode,
  Plan,
  PlanToolName,
  Question,
  RetryInstruction,
  TurnKind,
} from '../index.js';

/**
 * Progress events every adapter reports through its `onEvent` config: one discriminated union,
 * delivered synchronously in the order things happen. `onEvent` must not throw; a throw is
 * swallowed so a logging bug cannot break a run or half-apply a decision.
 */
export type AdapterEvent =
  /** The gate refused a host tool call while planning (the model reads `message`). */
  | { type: 'tool_blocked'; toolCallId: string; toolName: string; code: GateCode; message: string }
  /** A plan tool ran: its transition code, or why it was refused. */
  | { type: 'plan_tool'; toolName: PlanToolName; code: string; isError: boolean }
  /** A plan was put up for the user's decision under planfirst's approval id. */
  | { type: 'approval_requested'; approvalId: string; plan: Plan; repeated: boolean }
  /** A decision was applied, or refused with a stable reason (`duplicate_decision`, `stale_id` …). */
  | {
      type: 'approval_resolved';
      approvalId: string;
      action: ApprovalDecision['action'];
      applied: boolean;
      code: string;
    }
  /** ask_user put questions to the user under planfirst's question id (`repeated`: the same ones again). */
  | { type: 'question_asked'; questionId: string; questions: Question[]; repeated: boolean }
  /** An answer (or a timeout) was applied, or refused with the core's reason (`duplicate_decision` …). */
  | {
      type: 'answer_resolved';
      questionId: string;
      action: 'answer' | 'timeout';
      applied: boolean;
      code: string;
    }
  /** The model only narrated: planfirst sent it an instruction to act. */
  | { type: 'retry_injected'; instruction: RetryInstruction; kind: TurnKind }
  /** The retries are used up; `message` is for the user. */
  | { type: 'blocked'; message: string; kind: TurnKind }
  /** The run reached `run.maxModelCalls`; no further model call is made. */
  | { type: 'budget_exhausted'; modelCalls: number };

/** Calls the host's `onEvent`, never letting its throw escape into planfirst's bookkeeping. */
export function eventEmitter<E>(onEvent: ((event: E) => void) | undefined): (event: E) => void {
  return (event) => {
    if (onEvent === undefined) return;
    try {
      onEvent(event);
    } catch {
      // A UI or logging hook must not change what planfirst decides.
    }
  };
}
