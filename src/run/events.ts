import type { TurnKind } from '../incomplete-turn/codes.js';
import type { RetryInstruction } from '../incomplete-turn/tiers.js';
import type { GateCode } from '../plan-mode/codes.js';
import type { Question } from '../plan-mode/question-state.js';
import type { Plan } from '../plan-mode/state.js';
import type { RunStatus } from './types.js';

/** Everything a UI or a log may want to show about a run, as one discriminated union. */
export type RunEvent =
  | { type: 'run_started'; trigger: 'user_message' | 'approval_decision' | 'answer' | 'resume' }
  | { type: 'model_called'; call: number }
  | { type: 'assistant_message'; text: string; toolCalls: number }
  | { type: 'turn_classified'; kind: TurnKind; rule: string }
  | { type: 'tool_blocked'; toolCallId: string; name: string; code: GateCode; message: string }
  | { type: 'tool_executed'; toolCallId: string; name: string; isError: boolean }
  | { type: 'plan_tool'; toolCallId: string; name: string; code: string; isError: boolean }
  | { type: 'plan_mode_entered'; by: 'model' }
  | { type: 'subagent_started'; toolCallId: string; subagentId: string }
  | { type: 'subagent_finished'; subagentId: string }
  | { type: 'approval_requested'; approvalId: string; plan: Plan }
  | { type: 'approval_resolved'; approvalId: string; code: string }
  | { type: 'approval_ignored'; reason: string; message: string }
  | { type: 'decision_injected'; kind: string }
  | { type: 'question_asked'; questionId: string; questions: Question[] }
  | { type: 'answer_resolved'; questionId: string; code: string }
  | { type: 'answer_ignored'; reason: string; message: string }
  | { type: 'retry_injected'; instruction: RetryInstruction }
  | { type: 'auto_continue'; instruction: RetryInstruction }
  | { type: 'ack_fast_path' }
  | { type: 'model_error'; error: string }
  | { type: 'run_finished'; status: RunStatus; reason?: string };

export type RunEventType = RunEvent['type'];
