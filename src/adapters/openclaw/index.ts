// planfirst as an OpenClaw plugin (`planfirst/openclaw`). ESM-only; no runtime import of
// `openclaw`: the host calls `register(api)` and the plugin talks to it only through `api`.
import { join } from 'node:path';
import { createPlanCommand } from './command.js';
import { PLUGIN_ID, readPluginConfig } from './config.js';
import { defaultIds, describe, type PluginContext } from './context.js';
import { createFinalizeHook } from './finalize.js';
import { createToolGate } from './gate.js';
import type { HostPluginApi, HostSessionIdentity } from './host-types.js';
import { planToolFactories } from './plan-tools.js';
import { createPromptHook } from './prompt.js';
import { fileStateStore, type PlanStateStore, sessionStoreKey } from './store.js';
import {
  createAfterToolCallHook,
  createSubagentEndedHook,
  createSubagentSpawnedHook,
} from './subagents.js';

export { type ApprovalSurface, ApprovalSurfaces, pluginConfigSchema } from './config.js';
export type * from './host-types.js';
export {
  fileStateStore,
  type PlanStateStore,
  type StoredRecord,
  sessionStoreKey,
} from './store.js';

// Session ends after which the conversation starts over: its plan state goes with it.
const FRESH_START = new Set(['new', 'reset', 'deleted', 'idle', 'daily']);

/** Seams for tests and embedders: where state lives, the clock, approval ids. */
export interface PlanfirstPluginInit {
  /** Defaults to one JSON file per session under `<state dir>/plugins/planfirst/sessions`. */
  store?: (api: HostPluginApi) => PlanStateStore;
  now?: () => number;
  newId?: () => string;
}

export interface PlanfirstPluginDefinition {
  id: string;
  name: string;
  description: string;
  register: (api: HostPluginApi) => void;
}

/**
 * Builds the plugin. `register(api)` validates the plugin config (throws OptionsError naming
 * every bad path) and registers the gate, the plan tools, `/plan`, the prompt and finalize
 * hooks, and the reset clean-up. Registration is synchronous, as the host requires.
 */
export function createPlanfirstPlugin(init: PlanfirstPluginInit = {}): PlanfirstPluginDefinition {
  return {
    id: PLUGIN_ID,
    name: 'planfirst',
    description:
      'Plan mode for OpenClaw: a read-only gate while planning, plan approval, and a retry for answers that only narrate a plan.',
    register(api) {
      const settings = readPluginConfig(api.pluginConfig);
      // The host's runtime is resolved on first use, never during registration: registration
      // must stay synchronous and cheap, and OpenClaw also registers plugins just to list them.
      const store = init.store?.(api) ?? lazyFileStore(api);
      const ctx: PluginContext = {
        options: settings.options,
        approvals: settings.approvals,
        store,
        now: init.now ?? Date.now,
        newId: init.newId ?? defaultIds(),
        warn: (message) => api.logger.warn(message),
        runs: new Map(),
        agents: new Map(),
        ...spawnLookup(api),
      };
      // The gate runs first so no other plugin's rewrite or approval comes before it.
      api.on('before_tool_call', createToolGate(ctx), { priority: 1000 });
      for (const { name, factory } of planToolFactories(ctx)) api.registerTool(factory, { name });
      api.registerCommand(createPlanCommand(ctx));
      api.on('before_prompt_build', createPromptHook(ctx));
      api.on('before_agent_finalize', createFinalizeHook(ctx));
      const forget = (identity: HostSessionIdentity) => {
        const key = sessionStoreKey(identity);
        if (key === undefined) return;
        try {
          store.remove(key);
        } catch (error) {
          ctx.warn(`planfirst: could not clear plan state: ${String(error)}`);
        }
      };
      api.on('after_tool_call', createAfterToolCallHook(ctx));
      api.on('subagent_spawned', createSubagentSpawnedHook(ctx));
      api.on(
        'subagent_ended',
        createSubagentEndedHook(ctx, async (injection) => {
          const workflow = api.session?.workflow;
          if (typeof workflow?.enqueueNextTurnInjection !== 'function')
            throw new Error('the host cannot queue a message for the next turn');
          await workflow.enqueueNextTurnInjection(injection);
        }),
      );
      api.on('before_reset', (_event, hctx) => forget(hctx));
      api.on('session_end', (event, hctx) => {
        if (event.reason !== undefined && FRESH_START.has(event.reason))
          forget({ ...hctx, sessionKey: hctx.sessionKey ?? event.sessionKey });
      });
    },
  };
}

// Sessions known to have no parent, remembered so the host is asked once per session.
const NOT_SPAWNED_REMEMBERED = 1024;

/**
 * How the plugin asks the host which session spawned a session: its session row's
 * `spawnedBy`. The host's runtime is resolved on first use (never during registration). A
 * host without session rows (or whose runtime cannot be resolved) leaves sessions_spawn
 * blocked while planning; a lookup that throws is `failed`, and that session counts as
 * planning.
 */
function spawnLookup(api: HostPluginApi): Pick<PluginContext, 'spawnedBy' | 'gatesSpawns'> {
  type Rows = NonNullable<NonNullable<HostPluginApi['runtime']['agent']>['session']>;
  let rows: { sessions: Rows; read: NonNullable<Rows['getSessionEntry']> } | null | undefined;
  const resolve = () => {
    if (rows === undefined) {
      try {
        const sessions = api.runtime.agent?.session;
        const read = sessions?.getSessionEntry;
        rows = sessions !== undefined && typeof read === 'function' ? { sessions, read } : null;
      } catch (error) {
        api.logger.warn(`planfirst: the host's session rows are unavailable: ${describe(error)}`);
        rows = null;
      }
    }
    return rows;
  };
  const notSpawned = new Set<string>();
  return {
    gatesSpawns: () => resolve() !== null,
    spawnedBy(identity) {
      const host = resolve();
      if (host === null) return undefined;
      const sessionKey = identity.sessionKey;
      if (sessionKey === undefined) return { kind: 'none' };
      const memo = `${identity.agentId ?? ''}\u0000${sessionKey}`;
      if (notSpawned.has(memo)) return { kind: 'none' };
      try {
        const parent = host.read.call(host.sessions, {
          ...(identity.agentId === undefined ? {} : { agentId: identity.agentId }),
          sessionKey,
        })?.spawnedBy;
        if (typeof parent === 'string' && parent !== '')
          return { kind: 'parent', sessionKey: parent };
      } catch (error) {
        return { kind: 'failed', problem: describe(error) };
      }
      // A session's spawner never changes: ask the host once per session.
      notSpawned.add(memo);
      if (notSpawned.size > NOT_SPAWNED_REMEMBERED) notSpawned.clear();
      return { kind: 'none' };
    },
  };
}

function lazyFileStore(api: HostPluginApi): PlanStateStore {
  let store: PlanStateStore | undefined;
  const open = (): PlanStateStore => {
    store ??= fileStateStore(
      join(api.runtime.state.resolveStateDir(), 'plugins', PLUGIN_ID, 'sessions'),
    );
    return store;
  };
  return {
    read: (key) => open().read(key),
    write: (key, session) => open().write(key, session),
    remove: (key) => open().remove(key),
  };
}

/** The plugin OpenClaw loads (`openclaw.extensions` in package.json points here). */
const plugin: PlanfirstPluginDefinition = createPlanfirstPlugin();
export default plugin;
