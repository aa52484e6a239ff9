import type { Plan, PlanStepStatus } from './state.js';

const markdownMarks: Record<PlanStepStatus, string> = {
  pending: '[ ]',
  in_progress: '[~]',
  completed: '[x]',
  cancelled: '[-]',
};

const textMarks: Record<PlanStepStatus, string> = {
  pending: '( )',
  in_progress: '(>)',
  completed: '(x)',
  cancelled: '(-)',
};

export type PlanFormat = 'markdown' | 'text';

/**
 * The plan as a card for a host's UI: title, summary, numbered steps with status marks,
 * assumptions, risks and verification. Plan text is shown as written; hosts rendering
 * markdown should treat it as untrusted like any model output.
 */
export function renderPlan(plan: Plan, { format }: { format: PlanFormat }): string {
  const md = format === 'markdown';
  const lines: string[] = [md ? `### ${plan.title}` : plan.title];
  if (!md) lines.push('='.repeat(Math.min(plan.title.length, 60)));
  if (plan.summary) lines.push('', plan.summary);
  lines.push('');
  plan.steps.forEach((step, i) => {
    const mark = (md ? markdownMarks : textMarks)[step.status];
    const text = md && step.status === 'cancelled' ? `~~${step.text}~~` : step.text;
    // Steps the model added after the user approved are not part of what was approved.
    const added = step.addedAfterApproval === true ? ' (added after approval)' : '';
    lines.push(`${i + 1}. ${mark} ${text}${added}`);
  });
  const section = (title: string, items: readonly string[] | undefined) => {
    if (!items || items.length === 0) return;
    lines.push('', md ? `**${title}**` : `${title}:`);
    for (const item of items) lines.push(`- ${item}`);
  };
  section('Assumptions', plan.assumptions);
  section('Risks', plan.risks);
  section('Verification', plan.verification);
  return lines.join('\n');
}
