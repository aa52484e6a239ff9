import type {
  HostAgentTool,
  HostCommand,
  HostCommandResult,
  HostHookHandlers,
  HostHookName,
  HostNextTurnInjection,
  HostPluginApi,
  HostSessionEntry,
  HostSessionIdentity,
  HostToolFactoryContext,
  PlanStateStore,
} from '../../../src/adapters/openclaw/index.js';
import { createPlanfirstPlugin } from '../../../src/adapters/openclaw/index.js';
import type { SessionState } from '../../../src/index.js';

/**
 * OpenClaw 2026.9.6's core tool names (its tool catalog, the tool-search bridge tools) and the
 * names its tool policy renames (`update_plan` → `progress_card`). The host drops a plugin tool
 * of any of these names (`plugin tool name conflict`), so the recorder refuses one too.
 */
export const openClawCoreToolNames: readonly string[] = [
  'ls',
  'read',
  'write',
  'edit',
  'apply_patch',
  'exec',
  'process',
  'code_execution',
  'secrets',
  'web_search',
  'web_fetch',
  'x_search',
  'memory_search',
  'memory_get',
  'sessions',
  'sessions_list',
  'sessions_history',
  'sessions_search',
  'conversations_list',
  'conversations_send',
  'conversations_turn',
  'sessions_send',
  'sessions_spawn',
  'github_identity_status',
  'github_publish',
  'agents_wait',
  'sessions_yield',
  'subagents',
  'session_status',
  'suggest_task',
  'dismiss_task',
  'browser',
  'screen',
  'theme',
  'dashboard',
  'terminal',
  'portal',
  'canvas',
  'show_widget',
  'message',
  'heartbeat_respond',
  'gateway',
  'plugins',
  'openclaw',
  'nodes',
  'computer',
  'mobile_ui',
  'agents_list',
  'get_goal',
  'create_goal',
  'update_goal',
  'progress_card',
  'ask_user',
  'skill_workshop',
  'view_image',
  'image_generate',
  'music_generate',
  'video_generate',
  'tts',
  'pdf',
  'tool_search',
  'tool_describe',
  'tool_call',
  'update_plan',
];

/**
 * A memory store that behaves like the file store: it keeps the serialized text, so every read
 * parses what was written, and a test can corrupt a record or make I/O fail.
 */
export function memoryStore() {
  const records = new Map<string, string>();
  let failReads = false;
  let failWrites = false;
  const store: PlanStateStore = {
    read(key) {
      if (failReads) throw new Error('EIO: read failed');
      const text = records.get(key);
      return text === undefined ? { found: false } : { found: true, text };
    },
    write(key, session: SessionState) {
      if (failWrites) throw new Error('ENOSPC: write failed');
      records.set(key, JSON.stringify(session));
    },
    remove(key) {
      records.delete(key);
    },
  };
  return {
    store,
    records,
    failReads: (on: boolean) => {
      failReads = on;
    },
    failWrites: (on: boolean) => {
      failWrites = on;
    },
  };
}

export const SESSION = { agentId: 'main', sessionKey: 'agent:main:telegram:42', sessionId: 's-1' };

/**
 * A recorder of the plugin API subset planfirst uses: `register(api)` runs against it, and
 * the test drives the recorded hooks, tools and command as OpenClaw would.
 */
export function recordPlugin(
  config: Record<string, unknown> = {},
  host: {
    /**
     * The host's session rows (session key → who spawned it); 'throw' makes reading them
     * fail. Without it the host offers no session rows, as before.
     */
    sessions?: Map<string, HostSessionEntry> | 'throw';
    /** Lets `api.runtime` be replaced, e.g. to count what reads it. */
    runtime?: (runtime: HostPluginApi['runtime']) => HostPluginApi['runtime'];
  } = {},
) {
  const injected: HostNextTurnInjection[] = [];
  const rows = host.sessions;
  const memory = memoryStore();
  const hooks = new Map<HostHookName, { handler: unknown; priority: number | undefined }>();
  const tools = new Map<
    string,
    (ctx: HostToolFactoryContext) => HostAgentTool | null | undefined
  >();
  const commands: HostCommand[] = [];
  const warnings: string[] = [];
  let clock = 1_000;
  let ids = 0;
  const on = ((name: HostHookName, handler: unknown, opts?: { priority?: number }) => {
    hooks.set(name, { handler, priority: opts?.priority });
  }) as HostPluginApi['on'];
  const api: HostPluginApi = {
    pluginConfig: config,
    logger: { warn: (message) => warnings.push(message) },
    runtime: (host.runtime ?? ((x) => x))({
      state: { resolveStateDir: () => '/nonexistent' },
      ...(rows === undefined
        ? {}
        : {
            agent: {
              session: {
                getSessionEntry: ({ sessionKey }: { sessionKey: string }) => {
                  if (rows === 'throw') throw new Error('session store unavailable');
                  return rows.get(sessionKey);
                },
              },
            },
          }),
    }),
    ...(rows === undefined
      ? {}
      : {
          session: {
            workflow: {
              enqueueNextTurnInjection: async (injection: HostNextTurnInjection) => {
                injected.push(injection);
              },
            },
          },
        }),
    registerTool: (factory, opts) => {
      if (opts?.name && openClawCoreToolNames.includes(opts.name))
        throw new Error(`plugin tool name conflict (planfirst): ${opts.name}`);
      if (opts?.name) tools.set(opts.name, factory);
    },
    registerCommand: (command) => commands.push(command),
    on,
  };
  const plugin = createPlanfirstPlugin({
    store: () => memory.store,
    now: () => clock,
    newId: () => `approval-${++ids}`,
  });
  plugin.register(api);
  const hook = <K extends HostHookName>(name: K): HostHookHandlers[K] => {
    const found = hooks.get(name);
    if (!found) throw new Error(`hook ${name} was not registered`);
    return found.handler as HostHookHandlers[K];
  };
  const sent: string[] = [];
  const toolCtx = (identity: HostSessionIdentity = SESSION): HostToolFactoryContext => ({
    ...identity,
    delivery: {
      send: async (message) => {
        sent.push(message.text ?? '');
      },
    },
  });
  const tool = (name: string, identity?: HostSessionIdentity) => {
    const made = tools.get(name)?.(toolCtx(identity));
    if (!made) throw new Error(`tool ${name} was not registered`);
    return made;
  };
  return {
    api,
    memory,
    hooks,
    tools,
    warnings,
    sent,
    /** Next-turn injections the plugin queued (a gated subagent's plan for its parent). */
    injected,
    tick: (ms = 1) => {
      clock += ms;
    },
    hook,
    tool,
    /** Runs a tool call through the gate first, as the host does, then the tool. */
    async callTool(
      name: string,
      params: Record<string, unknown>,
      identity: HostSessionIdentity = SESSION,
      toolCallId?: string,
    ) {
      const id = toolCallId === undefined ? {} : { toolCallId };
      const gate = await hook('before_tool_call')(
        { toolName: name, params, ...id },
        { ...identity, toolName: name },
      );
      if (gate?.block) return { blocked: gate.blockReason ?? '' } as const;
      if (gate?.requireApproval) return { approval: gate.requireApproval } as const;
      if (!tools.has(name)) return { allowed: true } as const;
      const result = await tool(name, identity).execute('call-1', params);
      return {
        result: result.content.map((c) => c.text).join('\n'),
        details: result.details,
      } as const;
    },
    async command(args: string, identity = SESSION): Promise<HostCommandResult> {
      const command = commands.find((c) => c.name === 'plan');
      if (!command) throw new Error('/plan was not registered');
      return command.handler({ ...identity, channel: 'telegram', isAuthorizedSender: true, args });
    },
    stored(identity = SESSION): SessionState | undefined {
      const key = [...memory.records.keys()].find((k) => k.endsWith(`key:${identity.sessionKey}`));
      return key === undefined
        ? undefined
        : (JSON.parse(memory.records.get(key) ?? 'null') as SessionState);
    },
  };
}
