// The slice of OpenClaw's plugin API this plugin uses, written out structurally so the plugin
// (and its tests) compile without `openclaw` installed. The e2e layer type-checks these shapes
// against the real `openclaw` declarations of the pinned version (e2e/openclaw/types-check.ts).

/** The user's answer to a plugin approval, as the host reports it to `onResolution`. */
export type HostApprovalResolution =
  | 'allow-once'
  | 'allow-always'
  | 'deny'
  | 'timeout'
  | 'cancelled';

export interface HostToolCallEvent {
  toolName: string;
  params: Record<string, unknown>;
  toolKind?: 'code_mode_exec';
  runId?: string;
  toolCallId?: string;
}

/** Where a tool call, prompt or turn belongs: the host's agent and session identity. */
export interface HostSessionIdentity {
  agentId?: string | undefined;
  sessionKey?: string | undefined;
  sessionId?: string | undefined;
}

export interface HostToolContext extends HostSessionIdentity {
  toolName: string;
  runId?: string;
  toolCallId?: string;
  toolKind?: 'code_mode_exec';
}

export interface HostApprovalRequest {
  title: string;
  description: string;
  severity?: 'info' | 'warning' | 'critical';
  timeoutMs?: number;
  timeoutReason?: string;
  allowedDecisions?: Array<'allow-once' | 'allow-always' | 'deny'>;
  onResolution?: (decision: HostApprovalResolution) => Promise<void> | void;
}

export interface HostToolCallResult {
  block?: boolean;
  blockReason?: string;
  requireApproval?: HostApprovalRequest;
}

export interface HostAgentContext extends HostSessionIdentity {
  runId?: string;
  modelProviderId?: string;
  modelId?: string;
}

export interface HostPromptBuildEvent {
  prompt: string;
  currentUserMessage?: string;
  messages: unknown[];
}

export interface HostPromptBuildResult {
  prependContext?: string;
  appendContext?: string;
  appendSystemContext?: string;
  toolsAllow?: string[];
}

export interface HostFinalizeEvent {
  runId?: string;
  sessionId: string;
  sessionKey?: string;
  provider?: string;
  model?: string;
  lastAssistantMessage?: string;
  messages?: unknown[];
}

export interface HostFinalizeResult {
  action?: 'continue' | 'revise' | 'finalize';
  reason?: string;
  retry?: { instruction: string; idempotencyKey?: string; maxAttempts?: number };
}

export interface HostResetEvent {
  reason?: string;
}

export interface HostSessionEndEvent {
  sessionId: string;
  sessionKey?: string;
  reason?: string;
}

/** After a tool ran (the plugin watches `sessions_spawn` calls it allowed while planning). */
export interface HostAfterToolCallEvent {
  toolName: string;
  params: Record<string, unknown>;
  runId?: string;
  toolCallId?: string;
  error?: string;
}

/** A subagent hook's context: the child session and the session that spawned it. */
export interface HostSubagentContext {
  runId?: string;
  childSessionKey?: string;
  requesterSessionKey?: string;
}

/** `sessions_spawn` launched a child session. */
export interface HostSubagentSpawnedEvent {
  runId: string;
  childSessionKey: string;
  agentId: string;
  mode: 'run' | 'session';
}

/** A spawned child session ended (finished, failed, killed, or was never started). */
export interface HostSubagentEndedEvent {
  targetSessionKey: string;
  targetKind: 'subagent' | 'acp';
  reason: string;
  runId?: string;
  outcome?: 'ok' | 'error' | 'timeout' | 'killed' | 'reset' | 'deleted';
}

/** The typed hooks this plugin registers, keyed by the host's hook names. */
export interface HostHookHandlers {
  before_tool_call: (
    event: HostToolCallEvent,
    ctx: HostToolContext,
  ) => Promise<HostToolCallResult | undefined> | HostToolCallResult | undefined;
  before_prompt_build: (
    event: HostPromptBuildEvent,
    ctx: HostAgentContext,
  ) => HostPromptBuildResult | undefined;
  before_agent_finalize: (
    event: HostFinalizeEvent,
    ctx: HostAgentContext,
  ) => HostFinalizeResult | undefined;
  before_reset: (event: HostResetEvent, ctx: HostAgentContext) => void;
  session_end: (event: HostSessionEndEvent, ctx: HostSessionIdentity) => void;
  after_tool_call: (event: HostAfterToolCallEvent, ctx: HostToolContext) => void;
  subagent_spawned: (event: HostSubagentSpawnedEvent, ctx: HostSubagentContext) => void;
  subagent_ended: (event: HostSubagentEndedEvent, ctx: HostSubagentContext) => Promise<void> | void;
}

export type HostHookName = keyof HostHookHandlers;

export interface HostToolResult {
  content: Array<{ type: 'text'; text: string }>;
  details: { code: string; approvalId?: string };
}

/** A plugin tool as the host runs it. Parameters are plain JSON Schema. */
export interface HostAgentTool {
  name: string;
  label: string;
  description: string;
  parameters: Record<string, unknown>;
  /** Keeps the tool model-visible instead of behind the host's tool-search catalog. */
  catalogMode?: 'direct-only';
  execute: (toolCallId: string, params: unknown) => Promise<HostToolResult>;
}

export interface HostToolFactoryContext extends HostSessionIdentity {
  delivery?: { send: (message: { text?: string }) => Promise<unknown> };
}

export type HostToolFactory = (ctx: HostToolFactoryContext) => HostAgentTool | null | undefined;

export interface HostCommandContext extends HostSessionIdentity {
  channel: string;
  isAuthorizedSender: boolean;
  args?: string;
}

export interface HostCommandResult {
  text?: string;
  continueAgent?: boolean;
}

export interface HostCommand {
  name: string;
  description: string;
  acceptsArgs?: boolean;
  requireAuth?: boolean;
  handler: (ctx: HostCommandContext) => HostCommandResult | Promise<HostCommandResult>;
}

/** Options of a hook registration; the gate asks to run first. */
export interface HostHookOptions {
  priority?: number;
}

type RegisterHook<K extends HostHookName> = (
  hookName: K,
  handler: HostHookHandlers[K],
  opts?: HostHookOptions,
) => void;

/** `api.on`, one overload per hook the plugin registers (as the host's generic `on` allows). */
export type HostOn = RegisterHook<'before_tool_call'> &
  RegisterHook<'before_prompt_build'> &
  RegisterHook<'before_agent_finalize'> &
  RegisterHook<'before_reset'> &
  RegisterHook<'session_end'> &
  RegisterHook<'after_tool_call'> &
  RegisterHook<'subagent_spawned'> &
  RegisterHook<'subagent_ended'>;

/** What the plugin reads of the host's own record of a session: who spawned it. */
export interface HostSessionEntry {
  /** The session key of the session that spawned this one with `sessions_spawn`. */
  spawnedBy?: string;
}

/** A context injection queued for a session's next agent turn. */
export interface HostNextTurnInjection {
  sessionKey: string;
  agentId?: string;
  text: string;
  idempotencyKey?: string;
}

/** The plugin API subset `register(api)` uses. */
export interface HostPluginApi {
  pluginConfig?: Record<string, unknown>;
  logger: { warn: (message: string) => void };
  runtime: {
    state: { resolveStateDir: () => string };
    /**
     * The host's session rows. `getSessionEntry` tells the plugin which session spawned a child
     * session; without it `sessions_spawn` stays blocked while planning.
     */
    agent?: {
      session?: {
        getSessionEntry?: (params: {
          agentId?: string;
          sessionKey: string;
        }) => HostSessionEntry | undefined;
      };
    };
  };
  /** Hands a gated subagent's plan to its parent at the parent's next turn. */
  session?: {
    workflow?: {
      enqueueNextTurnInjection?: (injection: HostNextTurnInjection) => Promise<unknown>;
    };
  };
  registerTool: (tool: HostToolFactory, opts?: { name?: string }) => void;
  registerCommand: (command: HostCommand) => void;
  on: HostOn;
}
