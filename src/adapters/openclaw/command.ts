import {
  type ApprovalDecision,
  answerQuestion,
  createSession,
  enterPlanMode,
  exitPlanMode,
  pendingQuestion,
  renderPlan,
  resolveApproval,
  type SessionState,
} from '../../index.js';
import { questionsOf } from '../../internal.js';
import { loadSession, type PluginContext, saveSession } from './context.js';
import type { HostCommand, HostCommandContext, HostCommandResult } from './host-types.js';
import { parseAnswerCommand, renderQuestions } from './questions.js';

const usage = [
  'Usage: /plan on | off | status | approve [id] | reject <feedback> | edit <title, then one step per line> | answer [id=<question id>] <option numbers or words; one per question>',
].join('\n');

/** `/plan edit` text → a plan: the first line is the title, each further line a step. */
export function parseEditedPlan(
  text: string,
): { title: string; steps: { text: string }[] } | undefined {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const [title, ...rest] = lines;
  if (title === undefined || rest.length === 0) return undefined;
  return { title, steps: rest.map((line) => ({ text: line.replace(/^(\d+[.)]|[-*•])\s+/, '') })) };
}

function describeState(session: SessionState): string {
  const pm = session.planMode;
  const lines = [`Plan mode: ${pm.mode === 'plan' ? 'on' : 'off'} · approval: ${pm.approval}`];
  if (pm.approval === 'pending' && pm.approvalId)
    lines.push(`Pending approval id: ${pm.approvalId}`);
  if (pm.plan) lines.push('', renderPlan(pm.plan, { format: 'markdown' }));
  const question = pendingQuestion(session);
  if (question) lines.push('', renderQuestions(question.questionId, question.questions));
  return lines.join('\n');
}

/**
 * The `/plan` command. Decisions are bound to the pending approval id: a stale or mistyped id
 * changes nothing and says why. A decision's message reaches the model once, at its next
 * prompt; approving, editing or rejecting lets the agent go on at once.
 */
export function createPlanCommand(ctx: PluginContext): HostCommand {
  return {
    name: 'plan',
    description:
      'Plan mode: /plan on|off|status|approve [id]|reject <feedback>|edit <plan>|answer <reply>',
    acceptsArgs: true,
    requireAuth: true,
    handler: (hctx) => runPlanCommand(ctx, hctx),
  };
}

export function runPlanCommand(ctx: PluginContext, hctx: HostCommandContext): HostCommandResult {
  const args = (hctx.args ?? '').trim();
  const space = args.search(/\s/);
  const verb = (space < 0 ? args : args.slice(0, space)).toLowerCase();
  const rest = space < 0 ? '' : args.slice(space).trim();
  const loaded = loadSession(ctx, hctx);
  if (loaded.key === undefined) return { text: 'planfirst: this conversation has no session yet.' };
  const key = loaded.key;
  const save = (session: SessionState, reply: string, continueAgent = false): HostCommandResult => {
    const failed = saveSession(ctx, key, session);
    if (failed !== undefined) return { text: `planfirst could not save the plan state: ${failed}` };
    return continueAgent ? { text: reply, continueAgent: true } : { text: reply };
  };
  const now = ctx.now();
  switch (verb) {
    case 'on':
    case 'off': {
      // A record that cannot be read is replaced: the user's word decides the mode.
      const base = loaded.readable ? loaded.session : createSession(ctx.options, { now });
      const r =
        verb === 'on'
          ? enterPlanMode(base, { now, reason: '/plan on' })
          : exitPlanMode(base, { now });
      if (r.applied)
        return save(
          r.state,
          verb === 'on'
            ? 'Plan mode is on: the agent can only read until you approve a plan.'
            : 'Plan mode is off.',
        );
      if (!loaded.readable) return save(base, `Plan mode is ${verb}.`);
      return { text: `Plan mode is already ${verb}.` };
    }
    case 'status':
    case '':
      return {
        text: loaded.readable
          ? describeState(loaded.session)
          : `Plan state unreadable (${loaded.problem}); plan mode stays on. Use /plan on or /plan off to reset it.`,
      };
    case 'approve':
    case 'reject':
    case 'edit': {
      if (!loaded.readable)
        return { text: `Plan state unreadable (${loaded.problem}); nothing to decide.` };
      const pending = loaded.session.planMode.approvalId;
      let decision: ApprovalDecision;
      if (verb === 'approve')
        decision = { action: 'approve', approvalId: rest === '' ? (pending ?? '') : rest };
      else if (verb === 'reject')
        decision = {
          action: 'reject',
          approvalId: pending ?? '',
          ...(rest === '' ? {} : { feedback: rest }),
        };
      else {
        const plan = parseEditedPlan(rest);
        if (!plan)
          return { text: `Give the edited plan: a title line, then one step per line.\n${usage}` };
        decision = { action: 'edit', approvalId: pending ?? '', plan };
      }
      const r = resolveApproval(loaded.session, decision, {
        now,
        timeoutMs: ctx.options.planMode.approvalTimeoutMs,
      });
      // A late decision timed the request out: that is saved, the decision is not.
      if (!r.applied && r.state !== loaded.session)
        return save(r.state, `Not applied (${r.reason}): ${r.message}.`);
      if (!r.applied)
        return r.reason === 'duplicate_decision'
          ? { text: `Already done (${r.reason}): ${r.message}; nothing changed.` }
          : { text: `Not applied (${r.reason}): ${r.message}.` };
      const reply =
        verb === 'reject'
          ? 'Plan rejected; the agent will revise it.'
          : verb === 'edit'
            ? 'Edited plan approved; the agent starts on it.'
            : 'Plan approved; the agent starts on it.';
      return save(r.state, reply, true);
    }
    case 'answer': {
      if (!loaded.readable)
        return { text: `Plan state unreadable (${loaded.problem}); nothing to answer.` };
      const parsed = parseAnswerCommand(rest, questionsOf(loaded.session).current);
      if (typeof parsed === 'string') return { text: `${parsed}\n${usage}` };
      // The core decides: once, bound to the question id, before its deadline.
      const r = answerQuestion(loaded.session, parsed, {
        now,
        timeoutMs: ctx.options.planMode.questionTimeoutMs,
      });
      // A late answer timed the question out: that is saved, and the agent is told.
      if (!r.applied && r.state !== loaded.session)
        return save(r.state, `Not applied (${r.reason}): ${r.message}.`, true);
      if (!r.applied)
        return r.reason === 'duplicate_decision'
          ? { text: `Already done (${r.reason}): ${r.message}; nothing changed.` }
          : { text: `Not applied (${r.reason}): ${r.message}.` };
      return save(r.state, 'Answer sent; the agent goes on.', true);
    }
    default:
      return { text: usage };
  }
}
