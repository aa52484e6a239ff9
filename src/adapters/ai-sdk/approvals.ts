import type { ModelMessage, ToolApprovalResponse, ToolModelMessage, ToolResultPart } from 'ai';
import {
  type ApprovalDecision,
  approvedPlanMessage,
  ErrorCodes,
  handlePlanToolCall,
  type IgnoredReason,
  IgnoredReasons,
  PlanfirstError,
  PlanMessageKinds,
  PlanToolNames,
  pendingQuestion,
  planPayloadHash,
  requestApproval,
  resolveApproval,
  type TransitionCode,
  TransitionCodes,
  takeDecisionMessage,
} from '../../internal.js';
import { boundApprovalId, issueApprovalId } from './binding.js';
import type { AdapterContext } from './context.js';
import { AiSdkCodes, PlanfirstToolError, type ToolRefusalCode } from './errors.js';
import { type ApprovalAnswer, approvalAnswers, lastApprovalMessage, MARK } from './messages.js';

// exit_plan_mode on the AI SDK's own tool approval. A plan is put up for approval when the step
// that proposed it finishes (onStepFinish sees the SDK's approval id), under an id bound to that
// SDK id (binding.ts); answers are decided by the core's resolveApproval on that id alone.

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
export type ApprovalOutcome = {
  /** The AI SDK's approval id (of the `tool-approval-request` part). */
  sdkApprovalId: string;
  toolCallId: string;
  /** planfirst's approval id the SDK request was issued under; undefined if it issued none. */
  approvalId: string | undefined;
} & (
  | { applied: true; code: TransitionCode }
  | {
      applied: false;
      /**
       * The core's reason: `duplicate_decision` (this answer was already applied: nothing
       * runs again), `stale_id`, `approval_timed_out`, `already_decided`, `nothing_pending`,
       * `invalid_plan` (a bad edited plan) …
       */
      code: IgnoredReason;
      /** Why, for your UI or logs. */
      message: string;
    }
);

const notSubmitted = {
  code: AiSdkCodes.notSubmitted,
  message: 'The plan was not submitted; call exit_plan_mode again.',
};

/**
 * The approval side of the adapter: `exit_plan_mode`'s `needsApproval` and `execute`, the
 * requests issued when a step finishes, and the host's `applyApprovalResponses`.
 */
export function createApprovals(ctx: AdapterContext) {
  // Why a call was not put up for approval, for its `execute` in the same generateText call.
  const refused = new Map<string, { code: ToolRefusalCode; message: string }>();
  // Plans put up in the current step: the same plan twice in one reply is asked once.
  let stepPlans = new Set<string>();

  return {
    /**
     * `needsApproval` of exit_plan_mode: yes for a plan planfirst would put up (a dry run; the
     * request is issued in `issue` once the SDK has named it) and for the SDK's replay of an
     * answered call; no for anything planfirst refuses, whose `execute` then says why.
     */
    needsApproval(input: unknown, toolCallId: string, messages: readonly ModelMessage[]): boolean {
      if (answerFor(messages, toolCallId) !== undefined) return true;
      const state = ctx.store.get();
      const dry = requestApproval(state, {
        plan: input,
        now: ctx.now(),
        approvalId: 'planfirst-dry-run',
      });
      if (!dry.applied) {
        refused.set(toolCallId, { code: dry.reason, message: dry.message });
        return false;
      }
      const hash = planPayloadHash(dry.plan);
      if (dry.code === TransitionCodes.approvalRepeated || stepPlans.has(hash)) {
        refused.set(toolCallId, {
          code: AiSdkCodes.approvalPending,
          message:
            'This plan is already waiting for the user’s decision; do not submit it again. Stop here and wait for their answer.',
        });
        return false;
      }
      stepPlans.add(hash);
      return true;
    },

    /**
     * For `onStepFinish`: puts each exit_plan_mode call the SDK asked approval for up for the
     * user, in order (a later plan supersedes an earlier one of the same reply), under an id
     * bound to the SDK's approval id.
     */
    issue(content: readonly { readonly type: string }[]): void {
      stepPlans = new Set();
      // ask_user in the same reply put questions to the user: no plan goes up beside them.
      if (pendingQuestion(ctx.store.get()) !== undefined) return;
      for (const part of content as readonly RequestPart[]) {
        if (part.type !== 'tool-approval-request') continue;
        if (part.toolCall?.toolName !== PlanToolNames.exit) continue;
        if (typeof part.approvalId !== 'string') continue;
        const r = requestApproval(ctx.store.get(), {
          plan: part.toolCall.input,
          now: ctx.now(),
          approvalId: issueApprovalId(part.approvalId, ctx.newId()),
        });
        if (!r.applied) continue;
        ctx.store.set(r.state);
        ctx.emit({
          type: 'approval_requested',
          approvalId: r.approvalId,
          plan: r.plan,
          repeated: r.code === TransitionCodes.approvalRepeated,
        });
      }
    },

    /**
     * `execute` of exit_plan_mode: runs for a call the SDK did not ask approval for (it reports
     * planfirst's refusal) or for an approved call, whose result is the approved-plan message.
     */
    execute(toolCallId: string, messages: readonly ModelMessage[], input?: unknown): string {
      const answer = answerFor(messages, toolCallId);
      if (answer === undefined) {
        const refusal = refused.get(toolCallId) ?? notSubmitted;
        // Read once: a long-lived adapter must not keep every refusal it ever made.
        refused.delete(toolCallId);
        if (refusal.code === IgnoredReasons.subagentCannotExit) {
          // A gated subagent's plan goes back to its parent: the core keeps it in the session.
          const kept = handlePlanToolCall(
            ctx.store.get(),
            { name: PlanToolNames.exit, input },
            { now: ctx.now(), options: ctx.options },
          );
          ctx.store.set(kept.state);
          throw new PlanfirstToolError(refusal.code, kept.result.content);
        }
        throw new PlanfirstToolError(refusal.code, refusal.message);
      }
      const state = ctx.store.get();
      const approvalId = boundApprovalId(state.planMode, answer.response.approvalId);
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
      // A retried generateText replays the approved call: the same answer, not a new decision.
      const again = approvedPlanMessage(state.planMode);
      if (again === undefined)
        throw new PlanfirstToolError(AiSdkCodes.noDecision, 'The plan is no longer approved.');
      return again.text;
    },

    /**
     * Applies the user's answers to exit_plan_mode approval requests before the next
     * `generateText`. Each answer decides exactly the request it was given for; an answer
     * planfirst does not apply (a repeat, a stale or timed-out request) becomes a denial saying
     * why. Denials carry their own `execution-denied` result, as AI SDK 7 requires.
     */
    apply(
      messages: readonly ModelMessage[],
      details: Readonly<Record<string, ApprovalDetails>> = {},
    ): { messages: ModelMessage[]; outcomes: ApprovalOutcome[] } {
      const outcomes: ApprovalOutcome[] = [];
      const replaced = new Map<ToolApprovalResponse, ToolModelMessage['content']>();
      for (const answer of approvalAnswers(messages)) {
        const { response, toolCall } = answer;
        if (toolCall?.toolName !== PlanToolNames.exit || answer.answered) continue;
        const result = decide(response, toolCall.toolCallId, details[response.approvalId]);
        outcomes.push(result.outcome);
        if (result.parts !== undefined) replaced.set(response, result.parts);
      }
      const target = lastApprovalMessage(messages);
      if (target === undefined || replaced.size === 0) return { messages: [...messages], outcomes };
      const rewritten: ToolModelMessage = {
        ...target,
        content: target.content.flatMap((part) =>
          part.type === 'tool-approval-response' ? (replaced.get(part) ?? [part]) : [part],
        ),
      };
      return { messages: messages.map((m) => (m === target ? rewritten : m)), outcomes };
    },

    /**
     * Before a generateText call: the messages must not answer the pending plan without
     * `applyApprovalResponses` (the session would say pending while the model is told
     * otherwise), nor repeat an answer planfirst found already applied. Both are caught before
     * the model is called, with a typed error.
     */
    checkAnswers(messages: readonly ModelMessage[]): void {
      const target = lastApprovalMessage(messages);
      for (const part of target?.content ?? [])
        if (part.type === 'tool-result' && refusalOf(part) === 'duplicate_decision')
          throw new PlanfirstError(
            ErrorCodes.duplicateDecision,
            'planfirst: these messages repeat an approval answer that was already applied (duplicate_decision); running them would repeat its work. Continue from the messages of the first run instead.',
          );
      const pm = ctx.store.get().planMode;
      for (const { response, toolCall, answered } of approvalAnswers(messages)) {
        if (toolCall?.toolName !== PlanToolNames.exit || answered) continue;
        const approvalId = boundApprovalId(pm, response.approvalId);
        if (approvalId !== undefined && pm.approval === 'pending' && pm.approvalId === approvalId)
          throw new PlanfirstError(
            ErrorCodes.approvalNotApplied,
            'planfirst: the messages answer the pending plan, but the answer was not applied. Pass them through applyApprovalResponses(messages) before calling generateText or streamText.',
          );
      }
    },
  };

  function decide(
    response: ToolApprovalResponse,
    toolCallId: string,
    details: ApprovalDetails | undefined,
  ): { outcome: ApprovalOutcome; parts?: ToolModelMessage['content'] } {
    const ids = { sdkApprovalId: response.approvalId, toolCallId };
    const state = ctx.store.get();
    const approvalId = boundApprovalId(state.planMode, response.approvalId);
    // An SDK request planfirst never issued an id for has none to decide: the core's answer
    // for an unknown id (stale, nothing pending …) is the reason.
    const decision = toDecision(response, approvalId ?? `unissued.${response.approvalId}`, details);
    const r = resolveApproval(state, decision, {
      now: ctx.now(),
      timeoutMs: ctx.options.planMode.approvalTimeoutMs,
    });
    ctx.emit({
      type: 'approval_resolved',
      approvalId: approvalId ?? '',
      action: decision.action,
      applied: r.applied,
      code: r.applied ? r.code : r.reason,
    });
    if (r.applied) {
      ctx.store.set(r.state);
      const outcome: ApprovalOutcome = { ...ids, approvalId, applied: true, code: r.code };
      if (response.approved) return { outcome };
      const taken = takeDecisionMessage(ctx.store.get(), ctx.options);
      ctx.store.set(taken.state);
      const reason = taken.message?.text ?? response.reason ?? 'The plan was not approved.';
      return { outcome, parts: denial(response, toolCallId, reason) };
    }
    // A late decision timed the request out: that is saved, the decision is not.
    if (r.state !== state) ctx.store.set(r.state);
    const stillPlanning = ctx.store.get().planMode.mode === 'plan';
    const reason = `planfirst did not apply this answer (${r.reason}): ${r.message}.${stillPlanning ? ' You are still in plan mode: do not execute anything.' : ''}`;
    return {
      outcome: { ...ids, approvalId, applied: false, code: r.reason, message: r.message },
      parts: denial(response, toolCallId, reason, r.reason),
    };
  }
}

type RequestPart = {
  type: string;
  approvalId?: unknown;
  toolCall?: { toolName?: unknown; input?: unknown };
};

// The answer the SDK acts on for this call in the next generateText, if any.
function answerFor(
  messages: readonly ModelMessage[],
  toolCallId: string,
): ApprovalAnswer | undefined {
  return approvalAnswers(messages).find(
    (a) => a.toolCall?.toolCallId === toolCallId && !a.answered,
  );
}

// A denied answer as planfirst sends it: the response (denied, with planfirst's reason) and
// the call's `execution-denied` result, so the history is complete on every SDK version.
function denial(
  response: ToolApprovalResponse,
  toolCallId: string,
  reason: string,
  refusedCode?: IgnoredReason,
): ToolModelMessage['content'] {
  const result: ToolResultPart = {
    type: 'tool-result',
    toolCallId,
    toolName: PlanToolNames.exit,
    output: { type: 'execution-denied', reason },
    ...(refusedCode === undefined ? {} : { providerOptions: { [MARK]: { refused: refusedCode } } }),
  };
  return [{ ...response, approved: false, reason }, result];
}

function refusalOf(part: ToolResultPart): string | undefined {
  const mark = (part.providerOptions as Record<string, { refused?: unknown }> | undefined)?.[MARK];
  return typeof mark?.refused === 'string' ? mark.refused : undefined;
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
