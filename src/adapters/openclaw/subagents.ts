import {
  finishSubagent,
  quoteInline,
  renderPlan,
  runningSubagents,
  type SessionState,
  startSubagent,
} from '../../internal.js';
import {
  identityOfKey,
  type LoadedSession,
  loadSession,
  type PluginContext,
  rememberAgent,
  saveSession,
  subagentIdOf,
} from './context.js';
import type {
  HostAfterToolCallEvent,
  HostNextTurnInjection,
  HostSessionIdentity,
  HostSubagentContext,
  HostSubagentEndedEvent,
  HostSubagentSpawnedEvent,
  HostToolContext,
} from './host-types.js';

// OpenClaw's `sessions_spawn` under the gate. A session spawned while its parent plans inherits
// the parent's gate: the plugin learns the parent from the host (`subagent_spawned`, and the
// child's own session row, `spawnedBy`, read before the child's first prompt or tool call), and
// records the child as a gated subagent in plan mode; the core then refuses the child's
// exit_plan_mode and the parent's while the child runs. The plugin only translates.

/** OpenClaw's tool that starts a subagent session. */
export const SPAWN_TOOL = 'sessions_spawn';

// What a spawn may ask for while planning: a one-shot run of a native subagent. Anything else
// is refused — an ACP harness runs outside the host's tool hooks, and worktrees, project
// checkouts, attachments and working directories change files before any plan is approved.
const PLANNING_SPAWN_PARAMS = new Set([
  'task',
  'taskName',
  'label',
  'runtime',
  'agentId',
  'model',
  'runTimeoutSeconds',
  'thinking',
  'mode',
  'cleanup',
  'expectsCompletionMessage',
  'completionTarget',
  'sandbox',
  'context',
  'lightContext',
  'thread',
  'attachments',
]);

/**
 * Why this `sessions_spawn` call cannot start a gated subagent, or undefined when it can. Only
 * a one-shot native run is allowed while planning: a persistent session would hold the
 * parent's plan for as long as it lives.
 */
export function planningSpawnProblem(params: Record<string, unknown>): string | undefined {
  const extra = Object.keys(params).filter((k) => !PLANNING_SPAWN_PARAMS.has(k));
  if (extra.length > 0) return `it may not set ${extra.map((k) => `\`${k}\``).join(', ')}`;
  if (params.runtime !== undefined && params.runtime !== 'subagent')
    return 'only `runtime: "subagent"` runs under the gate';
  if (params.mode !== undefined && params.mode !== 'run') return 'only `mode: "run"` is allowed';
  if (params.thread !== undefined && params.thread !== false)
    return 'a thread-bound session is not allowed';
  if (
    params.attachments !== undefined &&
    !(Array.isArray(params.attachments) && params.attachments.length === 0)
  )
    return 'attachments are not allowed';
  return undefined;
}

/** The id a `sessions_spawn` call is tracked under from the gate until the tool returns. */
export function spawnCallId(toolCallId: string): string {
  return `${SPAWN_TOOL}:${toolCallId}`.slice(0, 200);
}

/**
 * The gate allowed a `sessions_spawn` call while planning: the parent counts it as a running
 * subagent from now until the tool returns (`after_tool_call`), so an `exit_plan_mode` in the
 * same batch is refused even before the host reports the child.
 */
export function trackSpawnCall(ctx: PluginContext, loaded: LoadedSession, toolCallId?: string) {
  if (!loaded.readable || toolCallId === undefined) return;
  const r = startSubagent(loaded.session, { subagentId: spawnCallId(toolCallId), now: ctx.now() });
  if (r.applied && r.gated) saveSession(ctx, loaded.key, r.state);
}

/** Ends the tracking of `subagentId` in `identity`'s session; whether it was tracked there. */
function finishTracked(
  ctx: PluginContext,
  identity: HostSessionIdentity,
  subagentId: string,
): boolean {
  const parent = loadSession(ctx, identity);
  if (!parent.readable || !runningSubagents(parent.session).includes(subagentId)) return false;
  const r = finishSubagent(parent.session, { subagentId, now: ctx.now() });
  return r.applied && saveSession(ctx, parent.key, r.state) === undefined;
}

/** `after_tool_call`: a `sessions_spawn` call the gate tracked has returned. */
export function createAfterToolCallHook(
  ctx: PluginContext,
): (event: HostAfterToolCallEvent, hctx: HostToolContext) => void {
  return (event, hctx) => {
    const bridged = event.toolName === 'tool_call' ? event.params.id : event.toolName;
    if (bridged !== SPAWN_TOOL || event.toolCallId === undefined) return;
    finishTracked(ctx, hctx, spawnCallId(event.toolCallId));
  };
}

/**
 * `subagent_spawned`: the host launched a child of `requesterSessionKey`. Loading the child's
 * state with its parent named records it (gated while the parent plans); a child already seen
 * keeps its record.
 */
export function createSubagentSpawnedHook(
  ctx: PluginContext,
): (event: HostSubagentSpawnedEvent, hctx: HostSubagentContext) => void {
  return (event, hctx) => {
    const child = { agentId: event.agentId, sessionKey: event.childSessionKey };
    rememberAgent(ctx, child);
    if (hctx.requesterSessionKey === undefined) return;
    loadSession(ctx, child, { spawnedBy: hctx.requesterSessionKey });
  };
}

/** The text that hands a finished gated subagent's plan to its parent. */
export function subagentPlanText(childKey: string, child: SessionState): string | undefined {
  const plan = child.planMode.subagent?.plan;
  if (plan === undefined) return undefined;
  return `The subagent ${quoteInline(childKey)} proposed this plan:\n${renderPlan(plan, { format: 'text' })}`;
}

/**
 * `subagent_ended`: the child no longer runs, so the parent stops waiting for it; a plan the
 * child submitted is queued for the parent's next turn.
 */
export function createSubagentEndedHook(
  ctx: PluginContext,
  inject: (injection: HostNextTurnInjection) => Promise<unknown>,
): (event: HostSubagentEndedEvent, hctx: HostSubagentContext) => Promise<void> {
  return async (event, hctx) => {
    const childIdentity = identityOfKey(ctx, event.targetSessionKey);
    // The session that spawned the child (its row's spawnedBy) and the one its completion goes
    // to (the hook's requester) are usually one; release the child wherever it is tracked.
    const row = ctx.spawnedBy?.(childIdentity);
    const candidates = [
      ...(row?.kind === 'parent' ? [row.sessionKey] : []),
      ...(hctx.requesterSessionKey === undefined ? [] : [hctx.requesterSessionKey]),
    ].filter((key, i, all) => all.indexOf(key) === i);
    const id = subagentIdOf(event.targetSessionKey);
    const released = candidates.filter((key) => finishTracked(ctx, identityOfKey(ctx, key), id));
    const parentKey = released[0] ?? candidates[0];
    if (parentKey === undefined) return;
    const parent = identityOfKey(ctx, parentKey);
    // Read only: a child that never ran must not be recorded (and tracked) now.
    const child = loadSession(ctx, childIdentity, { adopt: false });
    const text = child.readable
      ? subagentPlanText(event.targetSessionKey, child.session)
      : undefined;
    if (text === undefined) return;
    await inject({
      sessionKey: parentKey,
      ...(parent.agentId === undefined ? {} : { agentId: parent.agentId }),
      text,
      idempotencyKey: `planfirst:subagent-plan:${event.targetSessionKey}:${event.runId ?? ''}`,
    }).catch((error: unknown) =>
      ctx.warn(`planfirst: could not hand the subagent's plan to its parent: ${String(error)}`),
    );
  };
}
