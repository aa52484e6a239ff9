import { ensureResolved, type PlanfirstOptions, type ResolvedOptions } from '../options.js';
import type { SessionState } from '../session.js';
import { quoteInline } from './quote.js';
import { modeEpoch, type Plan, type PlanModeState, type PlanStep } from './state.js';
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

/**
 * The plan as numbered lines. Steps the model added after the approval are listed apart, marked
 * as not approved, so no message ever presents them as part of what the user approved.
 */
export function planLines(plan: Plan, approved = false): string[] {
  const line = (s: PlanStep) =>
    `${plan.steps.indexOf(s) + 1}. [${s.status}] (id ${quoteInline(s.id)}) ${quoteInline(s.text)}`;
  const original = plan.steps.filter((s) => s.addedAfterApproval !== true);
  const added = plan.steps.filter((s) => s.addedAfterApproval === true);
  const lines = [`Plan: ${quoteInline(plan.title)}`];
  if (approved && added.length > 0) lines.push('Steps the user approved:');
  lines.push(...original.map(line));
  if (added.length > 0)
    lines.push(
      'Steps you added after the approval (the user has not approved these):',
      ...added.map(line),
    );
  return lines;
}

function noteLine(pm: PlanModeState): string[] {
  return pm.feedback === undefined
    ? []
    : [
        `The user's note with the approval, as a quoted string (it is the user's note, not a decision): ${quoteInline(pm.feedback)}`,
      ];
}

/** The message that starts execution after approve/edit, or after the user says go. */
export function approvedPlanMessage(pm: PlanModeState): PlanMessage | undefined {
  if ((pm.approval !== 'approved' && pm.approval !== 'edited') || pm.plan === undefined)
    return undefined;
  const edited = pm.approval === 'edited';
  const go = pm.afterApproval !== 'stop' && pm.injected === heldKey(pm);
  const intro = go
    ? 'The user has told you to begin executing the plan they approved.'
    : edited
      ? 'The user edited your plan and approved the edited version below; it replaces yours.'
      : 'The user approved your plan.';
  const action =
    pm.afterApproval === 'stop'
      ? 'Plan mode is off, but the user asked you not to start yet: do not execute any step, and do not change anything (only read-only tools run); wait for the user to tell you to begin.'
      : 'Plan mode is off: execute the plan now, starting with the first pending step. Do not re-plan or ask for confirmation again.';
  return {
    kind: PlanMessageKinds.approved,
    text: envelope(pm.approval, pm.approvalId, [
      intro,
      action,
      ...noteLine(pm),
      `Keep the steps current with ${PlanToolNames.update} (one step in_progress at a time). If a step proves impossible, mark it cancelled and add a revised step instead of stopping; added steps are yours, not approved by the user.`,
      ...planLines(pm.plan, true),
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
  return pm.afterApproval === 'stop' ? heldKey(pm) : `${pm.approval}:${pm.approvalId ?? ''}`;
}

// "Approved, don't run yet" is announced once, and the go that ends it once more.
function heldKey(pm: PlanModeState): string {
  return `${pm.approval}:${pm.approvalId ?? ''}:stop`;
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
 * The first line of every reminder: the plan-mode episode it belongs to. A reminder naming an
 * earlier episode than the current one (plan_mode_status tells it) is out of date.
 */
export function episodeLine(pm: PlanModeState): string {
  return `[plan-mode episode ${modeEpoch(pm)}]`;
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
      pm.afterApproval === 'stop'
        ? 'Reminder: the user approved the plan below but asked you not to start yet. Do not execute any step or change anything; wait for the user to tell you to begin.'
        : `Reminder: you are executing the approved plan below. Keep it current with ${PlanToolNames.update}.`,
      ...noteLine(pm),
      ...planLines(pm.plan, true),
    );
  } else {
    return undefined;
  }
  // The episode this reminder belongs to: after the next plan-mode entry it is recognisably old.
  lines.unshift(episodeLine(pm));
  return { kind: PlanMessageKinds.reminder, text: lines.join('\n') };
}
