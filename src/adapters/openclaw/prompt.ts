import {
  ackFastPathInstruction,
  PlanToolNames,
  planModeSystemPrompt,
  planReminder,
  resetRunBudgets,
  type SessionState,
  takeAnswerMessage,
  takeDecisionMessage,
} from '../../index.js';
import { openClawReadOnlyTools, PLUGIN_ID } from './config.js';
import { loadSession, type PluginContext, saveSession } from './context.js';
import type {
  HostAgentContext,
  HostPromptBuildEvent,
  HostPromptBuildResult,
} from './host-types.js';
import { SPAWN_TOOL } from './subagents.js';
import { hostToolName, toHostText } from './tool-names.js';

const RUNS_REMEMBERED = 256;

/** The tools a planning turn is offered: read-only ones, shell tools (gated), plan tools. */
export function planningTools(ctx: PluginContext): string[] {
  const pm = ctx.options.planMode;
  return [
    ...new Set([
      ...pm.readOnlyTools,
      ...openClawReadOnlyTools,
      ...pm.shellTools,
      ...(pm.planFile ? pm.planFile.tools : []),
      PlanToolNames.exit,
      // Under their OpenClaw names: the host owns `ask_user` and `update_plan`.
      hostToolName(PlanToolNames.update),
      hostToolName(PlanToolNames.askUser),
      // The plugin's id allows its own tools as a group, whatever the host calls them.
      PLUGIN_ID,
      'tool_call',
      // Spawned sessions inherit the gate only when the host says who spawned them.
      ...(ctx.gatesSpawns?.() === true ? [SPAWN_TOOL] : []),
    ]),
  ];
}

function hasOpenSteps(session: SessionState): boolean {
  return (session.planMode.plan?.steps ?? []).some(
    (s) => s.status === 'pending' || s.status === 'in_progress',
  );
}

function rememberRun(ctx: PluginContext, runId: string, prompt: string): void {
  ctx.runs.set(runId, prompt);
  if (ctx.runs.size > RUNS_REMEMBERED) {
    const oldest = ctx.runs.keys().next().value;
    if (oldest !== undefined) ctx.runs.delete(oldest);
  }
}

/**
 * `before_prompt_build`, on every model call: the decision message still owed (taken once),
 * the plan-mode rules and a narrowed tool list while planning, and the plan reminder — which
 * re-anchors the plan after the host compacts the context, since it is rebuilt every turn.
 * A run's first build starts fresh retry budgets and may carry the ACK fast-path note.
 */
export function createPromptHook(
  ctx: PluginContext,
): (event: HostPromptBuildEvent, hctx: HostAgentContext) => HostPromptBuildResult | undefined {
  return (event, hctx) => {
    const loaded = loadSession(ctx, hctx);
    let session = loaded.session;
    const result: HostPromptBuildResult = {};
    const firstBuild = hctx.runId !== undefined && !ctx.runs.has(hctx.runId);
    const prompt = event.currentUserMessage ?? event.prompt;
    if (loaded.readable) {
      const before = session;
      if (firstBuild) session = resetRunBudgets(session);
      const taken = takeDecisionMessage(session, ctx.options);
      // The user's answer to ask_user (or its timeout), built from state and quoted, once.
      const told = takeAnswerMessage(taken.state);
      session = told.state;
      const owed = [taken.message?.text, told.text].filter((t): t is string => t !== undefined);
      if (owed.length > 0) result.prependContext = toHostText(owed.join('\n\n'));
      if (session !== before) saveSession(ctx, loaded.key, session);
      if (firstBuild) {
        const ack = ackFastPathInstruction(session, prompt, { options: ctx.options });
        if (ack !== undefined) result.appendContext = toHostText(ack);
      }
    }
    if (firstBuild && hctx.runId !== undefined) rememberRun(ctx, hctx.runId, prompt);
    const planning = session.planMode.mode !== 'normal';
    const reminder = planning || hasOpenSteps(session) ? planReminder(session) : undefined;
    const system = [planModeSystemPrompt(session), reminder?.text].filter(Boolean).join('\n\n');
    if (system !== '') result.appendSystemContext = toHostText(system);
    if (planning) result.toolsAllow = planningTools(ctx);
    return Object.keys(result).length === 0 ? undefined : result;
  };
}
