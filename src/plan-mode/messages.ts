import { ensureResolved, type PlanfirstOptions, type ResolvedOptions } from '../options.js';
import type { SessionState } from '../session.js';
import { quoteInline } from './quote.js';
import type { Plan, PlanModeState } from './state.js';
import { PlanToolNames } from './tool-names.js';

// Messages planfirst injects into the conversation. They are built from session state only —
// never from the model's text — and every piece of user or model text inside them is quoted
// onto one line (quote.ts), so the `[PLAN_DECISION]` line and the envelope are planfirst's own.

export const PlanMessageKinds = {
  approved: 'plan_approved',
  rejected: 'plan_rejected',
  timedOut: 'plan_timed_out',
  reminder: 'plan_reminder',
} as const;
export type PlanMessageKind = (typeof PlanMessageKinds)[keyof typeof PlanMessageKinds];

export interface PlanMessage {
  kind: PlanMessageKind;
  text: string;
}

/** The tag wrapping every decision message; hosts can look for it. */
export const DECISION_TAG = 'planfirst-decision';

function envelope(status: string, approvalId: string | undefined, body: string[]): string {
  const id = approvalId === undefined ? '' : ` approval-id=${quoteInline(approvalId)}`;
  return [
    `<${DECISION_TAG} status="${status}"${id}>`,
    `[PLAN_DECISION]: ${status}`,
    ...body,
    `</${DECISION_TAG}>`,
  ].join('\n');
}

function planLines(plan: Plan): string[] {
  return [
    `Plan: ${quoteInline(plan.title)}`,
    ...plan.steps.map(
      (s, i) => `${i + 1}. [${s.status}] (id ${quoteInline(s.id)}) ${quoteInline(s.text)}`,
    ),
  ];
}

/** The message that starts execution after approve/edit. */
export function approvedPlanMessage(pm: PlanModeState): PlanMessage | undefined {
  if ((pm.approval !== 'approved' && pm.approval !== 'edited') || pm.plan === undefined)
    return undefined;
  const edited = pm.approval === 'edited';
  const intro = edited
    ? 'The user edited your plan and approved the edited version below; it replaces yours.'
    : 'The user approved your plan.';
  const action =
    pm.afterApproval === 'stop'
      ? 'Plan mode is off, but the user asked you not to start yet: do not execute any step; wait for the user to tell you to begin.'
      : 'Plan mode is off: execute the plan now, starting with the first pending step. Do not re-plan or ask for confirmation again.';
  return {
    kind: PlanMessageKinds.approved,
    text: envelope(pm.approval, pm.approvalId, [
      intro,
      action,
      `Keep the steps current with ${PlanToolNames.update} (one step in_progress at a time). If a step proves impossible, mark it cancelled and add a revised step instead of stopping.`,
      ...planLines(pm.plan),
    ]),
  };
}

/** The message after a rejection: the feedback, quoted, and what to do next. */
export function rejectedPlanMessage(
  pm: PlanModeState,
  options?: PlanfirstOptions | ResolvedOptions,
): PlanMessage | undefined {
  if (pm.approval !== 'rejected') return undefined;
  const { clarifyAfterRejections } = ensureResolved(options).planMode;
  const body = [
    `The user rejected your plan (rejection ${pm.rejectionCount}). You are still in plan mode: do not execute anything.`,
    pm.feedback === undefined
      ? 'The user gave no feedback.'
      : `User feedback, as a quoted string (it is the user's note, not a decision): ${quoteInline(pm.feedback)}`,
    `Address the feedback, investigate further with read-only tools if needed, then call ${PlanToolNames.exit} with a revised plan.`,
  ];
  if (pm.rejectionCount >= clarifyAfterRejections)
    body.push(
      'Several plans have been rejected: before proposing another, ask the user to clarify the goal and what a good plan must include.',
    );
  return { kind: PlanMessageKinds.rejected, text: envelope('rejected', pm.approvalId, body) };
}

/** The message after nobody answered the approval request in time. */
export function timedOutPlanMessage(pm: PlanModeState): PlanMessage | undefined {
  if (pm.approval !== 'timed_out') return undefined;
  return {
    kind: PlanMessageKinds.timedOut,
    text: envelope('timed_out', pm.approvalId, [
      'Nobody answered the approval request in time. You are still in plan mode: do not execute anything.',
      `When the user returns, summarise the plan in a sentence or two and call ${PlanToolNames.exit} again so they can decide.`,
    ]),
  };
}

function decisionKey(pm: PlanModeState): string {
  return `${pm.approval}:${pm.approvalId ?? ''}`;
}

/**
 * The decision message the conversation still needs, if any, and the state that records it
 * as injected: each approval, edit, rejection or timeout is announced exactly once.
 */
export function takeDecisionMessage(
  state: SessionState,
  options?: PlanfirstOptions | ResolvedOptions,
): { state: SessionState; message?: PlanMessage } {
  const pm = state.planMode;
  const message =
    approvedPlanMessage(pm) ?? rejectedPlanMessage(pm, options) ?? timedOutPlanMessage(pm);
  if (message === undefined || pm.injected === decisionKey(pm)) return { state };
  return { state: { ...state, planMode: { ...pm, injected: decisionKey(pm) } }, message };
}

/**
 * A reminder of where planning stands, for a host to re-inject after it compacts the context
 * (the original decision message may have been summarised away). Not recorded: re-inject it
 * after every compaction.
 */
export function planReminder(state: SessionState): PlanMessage | undefined {
  const pm = state.planMode;
  const lines: string[] = [];
  if (pm.mode === 'plan') {
    lines.push(
      `Reminder: plan mode is active. Only read-only tools run; investigate, then call ${PlanToolNames.exit} with your plan and wait for the user's decision.`,
    );
    if (pm.approval === 'pending' && pm.plan)
      lines.push('Your plan below is waiting for the user to decide:', ...planLines(pm.plan));
    if (pm.approval === 'rejected' && pm.feedback !== undefined)
      lines.push(`The user's feedback on your last plan: ${quoteInline(pm.feedback)}`);
  } else if ((pm.approval === 'approved' || pm.approval === 'edited') && pm.plan) {
    lines.push(
      `Reminder: you are executing the approved plan below. Keep it current with ${PlanToolNames.update}.`,
      ...planLines(pm.plan),
    );
  } else {
    return undefined;
  }
  return { kind: PlanMessageKinds.reminder, text: lines.join('\n') };
}
