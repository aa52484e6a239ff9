import type { AgentEvent, AgentMessage } from '@mariozechner/pi-agent-core';
import type { AssistantMessage as PiAssistantMessage } from '@mariozechner/pi-ai';
import {
  ackFastPathInstruction,
  isPlanBookkeeping,
  pendingQuestion,
  type QuestionHandler,
  resetRunBudgets,
  resolveIncompleteTurn,
} from '../../index.js';
import { applyDecision, askHandler } from './approvals.js';
import { endsAttempt, previousAssistantText, summarizeAttempt } from './attempt.js';
import { type AdapterContext, freshRun } from './context.js';
import { isPiAssistant, isPiUser, piUserMessage, userText } from './messages.js';
import { askQuestionHandler } from './questions.js';
import type { PiApprovalHandler, PiRunOutcome } from './types.js';

/**
 * The parts of pi's Agent the listener drives. An interface, so the seam between planfirst's
 * decisions and pi's queues stays small and visible.
 */
export interface AgentPort {
  messages(): readonly AgentMessage[];
  hasQueuedMessages(): boolean;
  followUp(message: AgentMessage): void;
  errorMessage(): string | undefined;
}

/**
 * The Agent.subscribe() listener that runs planfirst between pi's turns: a new user message
 * resets the run budgets; when pi is about to stop, the attempt is resolved (retry through
 * followUp(), or blocked) and a pending plan is decided by the handler or parked. pi awaits
 * this listener before it polls the follow-up queue, which is what makes followUp() land.
 */
export function createRunListener(
  ctx: AdapterContext,
  agent: AgentPort,
  handler: PiApprovalHandler | undefined,
  questions?: QuestionHandler,
): (event: AgentEvent, signal: AbortSignal) => Promise<void> {
  // Retry instructions are planfirst's, not the user's: they must not start a new run.
  const retries = new WeakSet<object>();
  return async (event, signal) => {
    switch (event.type) {
      case 'agent_start':
        ctx.outcome = { status: 'running' };
        return;
      case 'message_end':
        if (isPiUser(event.message) && !retries.has(event.message))
          startPrompt(ctx, agent, event.message);
        return;
      case 'tool_execution_end':
        if ((event.result as { terminate?: unknown } | undefined)?.terminate === true)
          ctx.terminated.add(event.toolCallId);
        return;
      case 'turn_end':
        if (isPiAssistant(event.message)) countBookkeeping(ctx, event.message);
        if (
          isPiAssistant(event.message) &&
          endsAttempt(event.message, event.toolResults, ctx.terminated)
        )
          await endAttempt(ctx, agent, handler, questions, retries, event.message, signal);
        return;
      case 'agent_end':
        // Only a run that failed outside a turn (pi caught an exception) gets here unresolved.
        if (ctx.outcome.status === 'running')
          ctx.outcome = { status: 'error', message: agent.errorMessage() ?? 'the run failed' };
        return;
      default:
        return;
    }
  };
}

// A user message that planfirst did not inject starts a run: fresh budgets, and the prompt and
// the text before it are what the classifier and the ACK fast-path read.
function startPrompt(ctx: AdapterContext, agent: AgentPort, message: AgentMessage): void {
  if (!isPiUser(message)) return;
  const transcript = agent.messages();
  const index = transcript.lastIndexOf(message);
  const prompt = userText(message);
  const previous = previousAssistantText(transcript, index < 0 ? transcript.length : index);
  const session = resetRunBudgets(ctx.store.get());
  ctx.store.set(session);
  ctx.run = { ...freshRun(), userPrompt: prompt, previousAssistantText: previous };
  const ack = ackFastPathInstruction(session, prompt, {
    previousAssistantText: previous,
    options: ctx.options,
  });
  if (ack !== undefined) ctx.run.systemNote = ack;
}

async function endAttempt(
  ctx: AdapterContext,
  agent: AgentPort,
  handler: PiApprovalHandler | undefined,
  questions: QuestionHandler | undefined,
  retries: WeakSet<object>,
  final: PiAssistantMessage,
  signal: AbortSignal,
): Promise<void> {
  const exhausted = ctx.run.exhausted;
  if (exhausted !== undefined && final.stopReason === 'error') {
    // planfirst refused the model call: the turn is not the model's, so nothing is judged.
    ctx.verdicts.clear();
    ctx.terminated.clear();
    ctx.emit({ type: 'budget_exhausted', modelCalls: ctx.run.modelCalls });
    ctx.outcome = {
      status: 'budget_exhausted',
      message: exhausted,
      modelCalls: ctx.run.modelCalls,
    };
    return;
  }
  const { earlier, final: turn, model } = summarizeAttempt(agent.messages(), final, ctx);
  ctx.verdicts.clear();
  ctx.terminated.clear();
  let session = ctx.store.get();
  for (const working of earlier)
    session = resolveIncompleteTurn(session, working, ctx.options, {
      model,
      loopContinues: true,
    }).state;
  const resolved = resolveIncompleteTurn(session, turn, ctx.options, { model });
  ctx.store.set(resolved.state);
  const kind = resolved.classification.kind;

  if (resolved.outcome === 'retry' && resolved.instruction) {
    // A message the user queued meanwhile comes next and starts a fresh run instead.
    if (agent.hasQueuedMessages()) return;
    const message = piUserMessage(resolved.instruction.text, ctx.now());
    retries.add(message);
    agent.followUp(message);
    ctx.emit({ type: 'retry_injected', instruction: resolved.instruction, kind });
    return;
  }
  if (resolved.outcome === 'blocked') {
    const message = resolved.message ?? '';
    ctx.emit({ type: 'blocked', message, kind });
    ctx.outcome = { status: 'blocked', message, kind };
    return;
  }
  if (final.stopReason === 'aborted') {
    ctx.outcome = { status: 'aborted' };
    return;
  }
  if (final.stopReason === 'error') {
    ctx.outcome = { status: 'error', message: final.errorMessage ?? 'the model call failed' };
    return;
  }
  if (pendingQuestion(ctx.store.get()) !== undefined) {
    ctx.outcome = await settleQuestion(ctx, agent, questions, signal);
    return;
  }
  ctx.outcome = await settleApproval(ctx, agent, handler, signal);
}

// Pi is about to stop and questions wait: ask the handler (the run waits), or park.
async function settleQuestion(
  ctx: AdapterContext,
  agent: AgentPort,
  handler: QuestionHandler | undefined,
  signal: AbortSignal,
): Promise<PiRunOutcome> {
  const pending = pendingQuestion(ctx.store.get());
  if (pending === undefined) return { status: 'completed' };
  const parked: PiRunOutcome = {
    status: 'awaiting_answer',
    questionId: pending.questionId,
    questions: pending.questions,
  };
  if (!handler) return parked;
  const applied = await askQuestionHandler(ctx, handler, signal);
  // Aborted, failed, or an answer the core refused: the questions stay pending.
  if (applied?.text === undefined) return parked;
  // The answer (or the timeout) is the user's word: it starts a run like a prompt would.
  agent.followUp(piUserMessage(applied.text, ctx.now()));
  return { status: 'running' };
}

// Pi is about to stop and the plan may be waiting: ask the handler (the run waits), or park.
async function settleApproval(
  ctx: AdapterContext,
  agent: AgentPort,
  handler: PiApprovalHandler | undefined,
  signal: AbortSignal,
): Promise<PiRunOutcome> {
  const session = ctx.store.get();
  const { approval, approvalId, plan } = session.planMode;
  if (approval !== 'pending' || approvalId === undefined || plan === undefined)
    return { status: 'completed' };
  const parked: PiRunOutcome = { status: 'awaiting_approval', approvalId, plan };
  if (!handler) return parked;
  const answer = await askHandler(
    handler,
    { approvalId, plan, session },
    ctx.options.planMode.approvalTimeoutMs,
    signal,
  );
  if (answer.kind === 'aborted') return parked;
  if (answer.kind === 'failed') {
    ctx.emit({ type: 'approval_failed', approvalId, message: answer.message });
    return parked;
  }
  const applied = applyDecision(ctx, answer.decision);
  // An answer that does not apply (say, an invalid edited plan) leaves the plan pending.
  if (!applied.applied) return parked;
  if (!applied.message) return { status: 'completed' };
  // Decision messages are the user's word, so they start a run like a prompt would.
  agent.followUp(piUserMessage(applied.message.text, ctx.now()));
  ctx.emit({ type: 'decision_injected', kind: applied.message.kind, text: applied.message.text });
  return { status: 'running' };
}

// A turn that called only plan bookkeeping is no work: pi would carry on from such turns for
// ever, so they are counted (the stream function refuses the call past the limit); a turn that
// called any other tool resets the count.
function countBookkeeping(ctx: AdapterContext, message: PiAssistantMessage): void {
  const names = message.content.flatMap((block) => (block.type === 'toolCall' ? [block.name] : []));
  if (names.length === 0) return;
  ctx.run.bookkeepingTurns = names.every(isPlanBookkeeping) ? ctx.run.bookkeepingTurns + 1 : 0;
}
