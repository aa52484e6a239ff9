import type { SessionState } from '../session.js';
import { planLines } from './messages.js';
import type { Question, QuestionStatus } from './question-state.js';
import { questionsOf } from './questions.js';
import { quoteInline } from './quote.js';
import { type ApprovalState, modeEpoch, type PlanStepStatus } from './state.js';

/** Where planning stands, as `plan_mode_status` reports it (and hosts may show it). */
export interface PlanModeStatus {
  mode: 'normal' | 'plan';
  /** The plan-mode episode (1 on the first entry, one more per later entry; 0: never entered). */
  epoch: number;
  approval: { state: ApprovalState; approvalId?: string };
  /** The last question asked with ask_user, if any. */
  question?: { questionId: string; status: QuestionStatus; questions: Question[] };
  plan?: {
    title: string;
    steps: { id: string; text: string; status: PlanStepStatus; addedAfterApproval?: true }[];
  };
  /** The user approved with `then: 'stop'` and has not said go yet. */
  held?: true;
}

/** The status of `state`. A getter: it changes nothing. */
export function planModeStatus(state: SessionState): PlanModeStatus {
  const pm = state.planMode;
  const out: PlanModeStatus = {
    mode: pm.mode,
    epoch: modeEpoch(pm),
    approval: {
      state: pm.approval,
      ...(pm.approvalId === undefined ? {} : { approvalId: pm.approvalId }),
    },
  };
  const current = questionsOf(state).current;
  if (current !== undefined)
    out.question = {
      questionId: current.questionId,
      status: current.status,
      questions: current.questions,
    };
  if (pm.plan !== undefined)
    out.plan = {
      title: pm.plan.title,
      steps: pm.plan.steps.map((s) => ({
        id: s.id,
        text: s.text,
        status: s.status,
        ...(s.addedAfterApproval === true ? { addedAfterApproval: true as const } : {}),
      })),
    };
  if (pm.mode === 'normal' && pm.afterApproval === 'stop') out.held = true;
  return out;
}

/**
 * The status as the text the model reads from `plan_mode_status`: every piece of user or model
 * text quoted onto one line, as in planfirst's other messages.
 */
export function renderPlanModeStatus(state: SessionState): string {
  const s = planModeStatus(state);
  const pm = state.planMode;
  const lines = [
    `Plan-mode status (episode ${s.epoch}; a reminder naming an earlier episode is out of date):`,
    `mode: ${s.mode}${s.held === true ? ' (plan approved, but the user has not said go yet)' : ''}`,
    `approval: ${s.approval.state}${s.approval.approvalId === undefined ? '' : ` (approval id ${quoteInline(s.approval.approvalId)})`}`,
  ];
  if (s.question === undefined) lines.push('question: none');
  else {
    lines.push(
      `question: ${s.question.status} (question id ${quoteInline(s.question.questionId)})`,
    );
    for (const q of s.question.questions) lines.push(`  ${q.id}. ${quoteInline(q.text)}`);
  }
  if (pm.plan === undefined) lines.push('plan: none');
  else lines.push(...planLines(pm.plan, pm.mode === 'normal'));
  return lines.join('\n');
}
