import { type PlanToolName, PlanToolNames } from '../../index.js';

// OpenClaw owns two of the core's plan tool names: `ask_user` is one of its core tools (a
// plugin tool of that name is dropped as a name conflict) and its tool policy renames
// `update_plan` to its own `progress_card`. On OpenClaw the plugin registers those two under
// names the host does not use and translates at its boundary; the core keeps its names.
const hostNames: Record<PlanToolName, string> = {
  [PlanToolNames.enter]: PlanToolNames.enter,
  [PlanToolNames.exit]: PlanToolNames.exit,
  [PlanToolNames.update]: 'plan_update',
  [PlanToolNames.askUser]: 'plan_ask_user',
  [PlanToolNames.status]: PlanToolNames.status,
};

/** OpenClaw's core tools whose names the core's plan tools would clash with. */
export const OpenClawCoreToolNames = {
  askUser: 'ask_user',
  /** Not a tool: OpenClaw's tool policy renames it to `progress_card`. */
  update: 'update_plan',
  progressCard: 'progress_card',
} as const;

/** The name a plan tool has on OpenClaw. */
export function hostToolName(name: PlanToolName): string {
  return hostNames[name];
}

const coreNames = new Map(Object.entries(hostNames).map(([core, host]) => [host, core]));

/** The core's name for a plan tool registered under its OpenClaw name, else undefined. */
export function corePlanToolName(hostName: string): PlanToolName | undefined {
  return coreNames.get(hostName) as PlanToolName | undefined;
}

const renamed = Object.entries(hostNames).filter(([core, host]) => core !== host);
// Not after a `:`: OpenClaw's own tool ids (`openclaw:core:ask_user`) keep their names.
const coreNamePattern = new RegExp(
  `(?<![\\w:])(${renamed.map(([core]) => core).join('|')})\\b`,
  'g',
);

/** Text for the model with the core's plan tool names replaced by the ones it can call here. */
export function toHostText(text: string): string {
  return text.replace(coreNamePattern, (core) => hostNames[core as PlanToolName]);
}
