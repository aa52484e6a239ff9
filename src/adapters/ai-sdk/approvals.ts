import type { ModelMessage, ToolApprovalResponse, ToolModelMessage } from 'ai';
import {
  type ApprovalDecision,
  approvedPlanMessage,
  handlePlanToolCall,
  PlanMessageKinds,
  PlanToolNames,
  resolveApproval,
  takeDecisionMessage,
} from '../../internal.js';
import { bindToPending, type CallMemory, repeatedAnswer, type ToolCallRef } from './binding.js';
import type { AdapterContext } from './context.js';
import { AiSdkCodes, PlanfirstToolError } from './errors.js';
import { approvalAnswers, lastApprovalMessage } from './messages.js';

// exit_plan_mode on the AI SDK's own tool approval (binding.ts ties the SDK's ids to planfirst's).

/** Extra answers a `tool-approval-response` cannot carry, keyed by the SDK's approval id. */
export interface ApprovalDetails {
  /** The user's edited plan (exit_plan_mode's input shape): approving approves this instead. */
  plan?: unknown;
  /** After approval: start executing (default) or wait ("approve, don't run yet"). */
  then?: 'execute' | 'stop';
  /** Nobody answered in time: a denial becomes a timeout (plan mode stays). */
  timedOut?: boolean;
}

/** What planfirst did with one approval response for `exit_plan_mode`. */
export interface ApprovalOutcome {
  /** The AI SDK's approval id (of the `tool-approval-request` part). */
  sdkApprovalId: string;
  toolCallId: string;
  /** planfirst's approval id the response was bound to; undefined when it was refused. */
  approvalId: string | undefined;
  applied: boolean;
  /** `approved`, `edited`, `rejected`, `timed_out`, or why it was refused (`stale_id`, …). */
  code: string;
  /** Why it was refused, for your UI or logs. */
  message?: string;
}

/**
 * The approval side of the adapter: `exit_plan_mode`'s `needsApproval` and `execute`, and the
 * host's `applyApprovalResponses`. Its memory (which calls it issued and decided) only sharpens
 * the binding; a fresh process falls back to the plan hash alone.
 */
export function createApprovals(ctx: AdapterContext) {
  const issued = new Map<string, string>();
  const refused = new Map<string, { code: string; message: string }>();
  const decided = new Map<string, string>();

  const memory = (toolCallId: string): CallMemory => ({
    issued: issued.get(toolCallId),
    decided: decided.get(toolCallId),
  });

  return {
    /**
     * `needsApproval` of exit_plan_mode. A fresh call puts the plan up for approval (state
     * `pending`, planfirst's own id) and asks the SDK for approval; an invalid or untimely
     * call needs none and fails in `execute`. The SDK's replay of an approved call says yes.
     */
    needsApproval(input: unknown, toolCallId: string, replay: boolean): boolean {
      if (replay) return true;
      const outcome = handlePlanToolCall(
        ctx.store.get(),
        { name: PlanToolNames.exit, input },
        { now: ctx.now(), options: ctx.options },
      );
      if (outcome.approval === undefined) {
        refused.set(toolCallId, { code: outcome.code, message: outcome.result.content });
        return false;
      }
      ctx.store.set(outcome.state);
      issued.set(toolCallId, outcome.approval.approvalId);
      return true;
    },

    /**
     * `execute` of exit_plan_mode: runs only for a call the SDK did not ask approval for (then
     * it reports planfirst's refusal) or for an approved call, whose result is the approved-plan
     * message — the decision, delivered to the model once.
     */
    execute(toolCallId: string, replay: boolean): string {
      if (!replay) {
        const refusal = refused.get(toolCallId) ?? {
          code: AiSdkCodes.notSubmitted,
          message: 'The plan was not submitted; call exit_plan_mode again.',
        };
        throw new PlanfirstToolError(refusal.code, refusal.message);
      }
      const approvalId = decided.get(toolCallId);
      const state = ctx.store.get();
      if (approvalId === undefined || state.planMode.approvalId !== approvalId)
        throw new PlanfirstToolError(
          AiSdkCodes.noDecision,
          'planfirst has no approval for this plan, so nothing was approved: you are still in plan mode.',
        );
      const taken = takeDecisionMessage(state, ctx.options);
      if (taken.message?.kind === PlanMessageKinds.approved) {
        ctx.store.set(taken.state);
        return taken.message.text;
      }
      // The SDK replays an approved call again when a call failed after it (a retried
      // generateText): the same answer again, not a second decision.
      const again = approvedPlanMessage(state.planMode);
      if (again === undefined)
        throw new PlanfirstToolError(AiSdkCodes.noDecision, 'The plan is no longer approved.');
      return again.text;
    },

    /**
     * Applies the user's answers to exit_plan_mode approval requests before the next
     * `generateText`: approve/edit/reject/timeout on the session, bound to planfirst's id.
     * Returns the messages to send: a denial's reason becomes planfirst's rejection message
     * (the feedback quoted), and a response planfirst refuses becomes a denial saying why.
     */
    apply(
      messages: readonly ModelMessage[],
      details: Readonly<Record<string, ApprovalDetails>> = {},
    ): { messages: ModelMessage[]; outcomes: ApprovalOutcome[] } {
      const outcomes: ApprovalOutcome[] = [];
      const replaced = new Map<ToolApprovalResponse, ToolApprovalResponse>();
      for (const { response, toolCall } of approvalAnswers(messages)) {
        if (toolCall?.toolName !== PlanToolNames.exit) continue;
        const result = decide(response, toolCall, details[response.approvalId]);
        outcomes.push(result.outcome);
        if (result.replacement !== response) replaced.set(response, result.replacement);
      }
      const target = lastApprovalMessage(messages);
      const rewrite = (message: ToolModelMessage): ToolModelMessage => ({
        ...message,
        content: message.content.map((part) =>
          part.type === 'tool-approval-response' ? (replaced.get(part) ?? part) : part,
        ),
      });
      return {
        messages: messages.map((m) => (m === target && replaced.size > 0 ? rewrite(target) : m)),
        outcomes,
      };
    },

    /**
     * Throws when the messages answer the pending plan but `applyApprovalResponses` never
     * applied the answer: the session would still say pending while the model is told
     * otherwise. A programmer error, caught before the model is called.
     */
    assertApplied(messages: readonly ModelMessage[]): void {
      const state = ctx.store.get();
      for (const { toolCall } of approvalAnswers(messages))
        if (
          toolCall?.toolName === PlanToolNames.exit &&
          'approvalId' in bindToPending(state, toolCall, memory(toolCall.toolCallId))
        )
          throw new Error(
            'planfirst: the messages answer the pending plan, but the answer was not applied. Pass them through applyApprovalResponses(messages) before calling generateText or streamText.',
          );
    },
  };

  function decide(
    response: ToolApprovalResponse,
    toolCall: ToolCallRef,
    details: ApprovalDetails | undefined,
  ): { outcome: ApprovalOutcome; replacement: ToolApprovalResponse } {
    const ids = { sdkApprovalId: response.approvalId, toolCallId: toolCall.toolCallId };
    const known = memory(toolCall.toolCallId);
    const repeat = repeatedAnswer(ctx.store.get(), toolCall, response, known, ctx.options);
    if (repeat !== undefined) {
      decided.set(toolCall.toolCallId, repeat.approvalId);
      const { replacement, ...decision } = repeat;
      return { outcome: { ...ids, ...decision, applied: true }, replacement };
    }
    let binding = bindToPending(ctx.store.get(), toolCall, known);
    if ('approvalId' in binding) {
      const { approvalId } = binding;
      const r = resolveApproval(ctx.store.get(), toDecision(response, approvalId, details), {
        now: ctx.now(),
      });
      if (r.applied) {
        ctx.store.set(r.state);
        decided.set(toolCall.toolCallId, approvalId);
        const outcome = { ...ids, approvalId, applied: true, code: r.code };
        if (response.approved) return { outcome, replacement: response };
        const taken = takeDecisionMessage(ctx.store.get(), ctx.options);
        ctx.store.set(taken.state);
        const reason = taken.message?.text ?? response.reason;
        return {
          outcome,
          replacement: reason === undefined ? response : { ...response, reason },
        };
      }
      binding = { code: r.reason, message: r.message };
    }
    const stillPlanning = ctx.store.get().planMode.mode === 'plan';
    return {
      outcome: { ...ids, approvalId: undefined, applied: false, ...binding },
      replacement: {
        ...response,
        approved: false,
        reason: `planfirst did not apply this answer (${binding.code}): ${binding.message}.${stillPlanning ? ' You are still in plan mode: do not execute anything.' : ''}`,
      },
    };
  }
}

function toDecision(
  response: ToolApprovalResponse,
  approvalId: string,
  details: ApprovalDetails | undefined,
): ApprovalDecision {
  if (response.approved) {
    const decision: ApprovalDecision =
      details?.plan === undefined
        ? { action: 'approve', approvalId }
        : { action: 'edit', approvalId, plan: details.plan };
    if (details?.then !== undefined) decision.then = details.then;
    return decision;
  }
  if (details?.timedOut === true) return { action: 'timeout', approvalId };
  return response.reason === undefined
    ? { action: 'reject', approvalId }
    : { action: 'reject', approvalId, feedback: response.reason };
}
