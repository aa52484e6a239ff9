import type { ApprovalDecision } from './decision.js';
import type { ApprovalOutcome, ApprovalRecord, PlanModeState } from './state.js';

const outcomeOfAction: Record<ApprovalDecision['action'], ApprovalOutcome> = {
  approve: 'approved',
  edit: 'edited',
  reject: 'rejected',
  timeout: 'timed_out',
};

/** The outcome a decision records when it is applied. */
export function outcomeOf(action: ApprovalDecision['action']): ApprovalOutcome {
  return outcomeOfAction[action];
}

/**
 * What became of `approvalId` in this session: `pending` for the open request, an outcome for
 * one that was decided, superseded or withdrawn, undefined for an id never issued here. Sessions
 * stored before the history existed still answer for their current id.
 */
export function approvalStatus(
  pm: PlanModeState,
  approvalId: string,
): ApprovalOutcome | 'pending' | undefined {
  if (pm.approvalId === approvalId && pm.approval !== 'none')
    return pm.approval === 'pending' ? 'pending' : pm.approval;
  for (const record of pm.approvals ?? [])
    if (record.approvalId === approvalId) return record.outcome ?? 'superseded';
  return undefined;
}

/** The history with `approvalId` recorded (appended if new) and its outcome set. */
export function recordApproval(
  pm: PlanModeState,
  approvalId: string,
  outcome?: ApprovalOutcome,
): ApprovalRecord[] {
  const records = pm.approvals ?? [];
  const record: ApprovalRecord = outcome === undefined ? { approvalId } : { approvalId, outcome };
  const at = records.findIndex((r) => r.approvalId === approvalId);
  if (at === -1) return [...records, record];
  return records.map((r, i) => (i === at ? record : r));
}

/** The history after the open request (if any) ends without a decision. */
export function closeOpenRequest(pm: PlanModeState, outcome: 'superseded' | 'withdrawn') {
  return pm.approval === 'pending' && pm.approvalId !== undefined
    ? recordApproval(pm, pm.approvalId, outcome)
    : pm.approvals;
}
