// Compiled by the e2e layer against the pinned openclaw's declarations: the plugin's own
// structural host types must agree with OpenClaw's real ones.
import type { OpenClawPluginApi, OpenClawPluginDefinition } from 'openclaw/plugin-sdk/plugin-entry';
import plugin, {
  type HostCommand,
  type HostHookHandlers,
  type HostPluginApi,
  type HostToolFactory,
} from '../../src/adapters/openclaw/index.js';

declare const api: OpenClawPluginApi;
declare const handlers: HostHookHandlers;
declare const factory: HostToolFactory;
declare const command: HostCommand;

// The default export is a plugin definition the host accepts.
export const definition: OpenClawPluginDefinition = plugin;
// The real API offers everything the plugin calls, with compatible shapes.
export const subset: HostPluginApi = api;

type HandlerOf<K extends keyof HostHookHandlers> = Parameters<typeof api.on<K>>[1];
// Each handler the plugin registers fits the host's handler type for its hook.
export const beforeToolCall: HandlerOf<'before_tool_call'> = handlers.before_tool_call;
export const beforePromptBuild: HandlerOf<'before_prompt_build'> = handlers.before_prompt_build;
export const beforeAgentFinalize: HandlerOf<'before_agent_finalize'> =
  handlers.before_agent_finalize;
export const beforeReset: HandlerOf<'before_reset'> = handlers.before_reset;
export const sessionEnd: HandlerOf<'session_end'> = handlers.session_end;
export const afterToolCall: HandlerOf<'after_tool_call'> = handlers.after_tool_call;
export const subagentSpawned: HandlerOf<'subagent_spawned'> = handlers.subagent_spawned;
export const subagentEnded: HandlerOf<'subagent_ended'> = handlers.subagent_ended;
// Plan tools and /plan are what registerTool and registerCommand take.
export const tool: Parameters<OpenClawPluginApi['registerTool']>[0] = factory;
export const planCommand: Parameters<OpenClawPluginApi['registerCommand']>[0] = command;
