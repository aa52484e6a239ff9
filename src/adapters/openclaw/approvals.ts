import {
  type ApprovalDecision,
  type Plan,
  pendingQuestion,
  renderPlan,
  requestApproval,
  resolveApproval,
  type SessionState,
  takeDecisionMessage,
} from '../../index.js';
import { loadSession, type PluginContext, saveSession } from './context.js';
import type {
  HostApprovalResolution,
  HostSessionIdentity,
  HostToolCallResult,
} from './host-types.js';
import { toHostText } from './tool-names.js';

// The host's approval prompt: title ≤ 80 characters, description ≤ 512, wait ≤ 10 minutes.
const TITLE_MAX = 80;
const DESCRIPTION_MAX = 512;
const HOST_TIMEOUT_MAX_MS = 600_000;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function approvalDescription(plan: Plan): string {
  const full = renderPlan(plan, { format: 'text' });
  const more = '\n… (full plan: /plan status)';
  return full.length <= DESCRIPTION_MAX
    ? full
    : `${clip(full, DESCRIPTION_MAX - more.length)}${more}`;
}

/**
 * Puts the submitted plan up for approval before `exit_plan_mode` runs, and asks the host to
 * show it as a plugin approval (native buttons on chat channels). An invalid plan is left to
 * the tool itself, which reports it to the model. A timeout reaches the model as planfirst's
 * timed-out message (the host's `timeoutReason`), so that message counts as delivered.
 */
export function requestChatApproval(
  ctx: PluginContext,
  identity: HostSessionIdentity,
  key: string,
  session: SessionState,
  plan: unknown,
): HostToolCallResult | undefined {
  // Questions wait for the user: the tool itself refuses the plan (question_pending).
  if (pendingQuestion(session) !== undefined) return undefined;
  const requested = requestApproval(session, { plan, now: ctx.now(), approvalId: ctx.newId() });
  if (!requested.applied) return undefined;
  if (saveSession(ctx, key, requested.state) !== undefined)
    return { block: true, blockReason: 'planfirst could not save the plan; try again.' };
  const { approvalId } = requested;
  const timedOut = takeDecisionMessage(
    resolveApproval(requested.state, { action: 'timeout', approvalId }, { now: ctx.now() }).state,
    ctx.options,
  ).message;
  return {
    requireApproval: {
      title: clip(`Approve plan: ${requested.plan.title}`, TITLE_MAX),
      description: approvalDescription(requested.plan),
      severity: 'info',
      timeoutMs: Math.min(ctx.options.planMode.approvalTimeoutMs, HOST_TIMEOUT_MAX_MS),
      ...(timedOut ? { timeoutReason: toHostText(timedOut.text) } : {}),
      allowedDecisions: ['allow-once', 'deny'],
      onResolution: (resolution) => settleChatApproval(ctx, identity, approvalId, resolution),
    },
  };
}

/** Host decision → planfirst decision. `cancelled` (no approval route, run aborted) decides nothing. */
export function decisionFor(
  resolution: HostApprovalResolution,
  approvalId: string,
): ApprovalDecision | undefined {
  switch (resolution) {
    case 'allow-once':
    case 'allow-always':
      return { action: 'approve', approvalId };
    case 'deny':
      return { action: 'reject', approvalId };
    case 'timeout':
      return { action: 'timeout', approvalId };
    default:
      return undefined;
  }
}

/**
 * Applies the host's answer to the pending plan, bound to its approval id (a stale answer
 * changes nothing). Approve and deny leave their decision message for the model to receive
 * once; a timeout's message already went out as the tool result.
 */
export function settleChatApproval(
  ctx: PluginContext,
  identity: HostSessionIdentity,
  approvalId: string,
  resolution: HostApprovalResolution,
): void {
  const decision = decisionFor(resolution, approvalId);
  if (decision === undefined) return;
  const loaded = loadSession(ctx, identity);
  if (!loaded.readable) return;
  const resolved = resolveApproval(loaded.session, decision, {
    now: ctx.now(),
    timeoutMs: ctx.options.planMode.approvalTimeoutMs,
  });
  // A late answer timed the request out: that is saved (its message still owed to the model).
  if (!resolved.applied && resolved.state === loaded.session) return;
  const next =
    decision.action === 'timeout'
      ? takeDecisionMessage(resolved.state, ctx.options).state
      : resolved.state;
  saveSession(ctx, loaded.key, next);
}
