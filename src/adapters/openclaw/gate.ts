import { checkToolCall, isGateClosed, PlanToolNames, type ToolCallRequest } from '../../index.js';
import { requestChatApproval } from './approvals.js';
import { ApprovalSurfaces } from './config.js';
import { type LoadedSession, loadSession, type PluginContext } from './context.js';
import type { HostToolCallEvent, HostToolCallResult, HostToolContext } from './host-types.js';
import { planningSpawnProblem, SPAWN_TOOL, trackSpawnCall } from './subagents.js';
import { corePlanToolName, hostToolName, OpenClawCoreToolNames, toHostText } from './tool-names.js';

// OpenClaw's tool-search bridge: `tool_call` runs another tool by id. The host gates the
// inner call too; the outer one is judged as the call it makes, so it never widens the gate.
const BRIDGE_TOOL = 'tool_call';

// OpenClaw's own `ask_user` runs outside planfirst's state: judged as a tool of unknown effect
// (blocked while planning), under a name the core does not take for its plan tool.
const HOST_ASK_USER = `openclaw:core:${OpenClawCoreToolNames.askUser}`;

/** The call as the core sees it: the plugin's plan tools under the core's names. */
function asCoreCall(name: string, input: unknown): ToolCallRequest {
  if (name === OpenClawCoreToolNames.askUser) return { name: HOST_ASK_USER, input };
  // The host's policy turns `update_plan` into its progress_card.
  if (name === OpenClawCoreToolNames.update)
    return { name: OpenClawCoreToolNames.progressCard, input };
  return { name: corePlanToolName(name) ?? name, input };
}

function asCall(event: HostToolCallEvent): ToolCallRequest {
  if (event.toolName !== BRIDGE_TOOL) return asCoreCall(event.toolName, event.params);
  const inner = event.params.id;
  return asCoreCall(typeof inner === 'string' ? inner : '', event.params.args);
}

function blockMessage(call: ToolCallRequest, message: string): string {
  const hint =
    call.name === HOST_ASK_USER
      ? ` OpenClaw's own ${OpenClawCoreToolNames.askUser} is not planfirst's: to ask the user a question, call ${hostToolName(PlanToolNames.askUser)}.`
      : '';
  return `${toHostText(message)}${hint}`;
}

function unreadableNote(loaded: LoadedSession): string {
  return loaded.readable
    ? ''
    : `planfirst could not read this session's plan state (${loaded.problem}), so plan mode stays on. `;
}

/**
 * `before_tool_call`: planfirst's gate on every tool call of every harness that relays it.
 * A blocked call becomes a tool result carrying the gate's message; the run goes on. In plan
 * mode Code Mode's JavaScript is refused outright: it cannot be judged read-only.
 */
export function createToolGate(
  ctx: PluginContext,
): (event: HostToolCallEvent, hctx: HostToolContext) => HostToolCallResult | undefined {
  return (event, hctx) => {
    const loaded = loadSession(ctx, hctx);
    const planning = !loaded.readable || loaded.session.planMode.mode !== 'normal';
    if (planning && (event.toolKind === 'code_mode_exec' || hctx.toolKind === 'code_mode_exec'))
      return {
        block: true,
        blockReason: `${unreadableNote(loaded)}Plan mode is active and Code Mode scripts cannot be judged read-only. Use read-only tools, then call ${PlanToolNames.exit} with your plan.`,
      };
    const call = asCall(event);
    // sessions_spawn while the gate is closed: a gated subagent, when the host can tell the
    // plugin who spawned a session (else it stays blocked, as any unknown tool).
    const gatedSpawn =
      call.name === SPAWN_TOOL &&
      ctx.gatesSpawns?.() === true &&
      (!loaded.readable || isGateClosed(loaded.session.planMode));
    if (gatedSpawn) {
      const params = (call.input ?? {}) as Record<string, unknown>;
      const problem =
        typeof call.input === 'object' && call.input !== null && !Array.isArray(call.input)
          ? planningSpawnProblem(params)
          : 'its parameters are not an object';
      if (problem !== undefined)
        return {
          block: true,
          blockReason: `${unreadableNote(loaded)}Plan mode is active: \`${SPAWN_TOOL}\` may only start a one-shot subagent run, which plans under this session's gate; ${problem}.`,
        };
    }
    const decision = checkToolCall(
      loaded.session,
      gatedSpawn ? { ...call, subagent: true } : call,
      ctx.options,
    );
    if (!decision.allowed)
      return {
        block: true,
        blockReason: `${unreadableNote(loaded)}${blockMessage(call, decision.message)}`,
      };
    if (gatedSpawn) trackSpawnCall(ctx, loaded, event.toolCallId ?? hctx.toolCallId);
    if (
      event.toolName === PlanToolNames.exit &&
      ctx.approvals === ApprovalSurfaces.chat &&
      loaded.readable
    )
      return requestChatApproval(ctx, hctx, loaded.key, loaded.session, event.params);
    return undefined;
  };
}
