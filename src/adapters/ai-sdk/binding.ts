import type { PlanModeState } from '../../index.js';
import { sha256Hex } from '../../sha256.js';

// How an AI SDK approval request is tied to planfirst's approval id, durably. The SDK's approval
// id is unique per request but not unguessable, and the session is the only state that outlives
// a request handler. So planfirst's id for a request is `<tag>.<random id>`, where the tag is a
// hash of the SDK's approval id: the random part keeps the id unguessable, the tag lets any
// adapter instance (a fresh one per HTTP request) find, from the SDK id in the messages, exactly
// the request it was issued for in the session's approval history. Nothing is bound by plan
// content, so a late answer to a timed-out request can never decide a re-proposal of the same
// plan.

function tagOf(sdkApprovalId: string): string {
  return sha256Hex(`ai-sdk-approval:${sdkApprovalId}`).slice(0, 32);
}

/** planfirst's approval id for the request the SDK knows as `sdkApprovalId`. */
export function issueApprovalId(sdkApprovalId: string, random: string): string {
  return `${tagOf(sdkApprovalId)}.${random}`;
}

/**
 * The planfirst approval id issued for the SDK's request `sdkApprovalId`, from the session's
 * history; undefined when planfirst never issued one for it (or, impossibly, more than one:
 * fail closed rather than guess).
 */
export function boundApprovalId(pm: PlanModeState, sdkApprovalId: string): string | undefined {
  const prefix = `${tagOf(sdkApprovalId)}.`;
  const ids = new Set<string>();
  if (pm.approvalId?.startsWith(prefix)) ids.add(pm.approvalId);
  for (const record of pm.approvals ?? [])
    if (record.approvalId.startsWith(prefix)) ids.add(record.approvalId);
  return ids.size === 1 ? [...ids][0] : undefined;
}
