import { z } from 'zod';
import {
  OptionsError,
  type PlanfirstOptions,
  type ResolvedOptions,
  resolveOptions,
  type ValidationIssue,
} from '../../index.js';

/** The plugin's id: the key of `plugins.entries.<id>` in the host's config. */
export const PLUGIN_ID = 'planfirst';

/** How a submitted plan reaches the user for a decision. */
export const ApprovalSurfaces = {
  /** The host's plugin approval (buttons on Telegram, Discord, Slack…) plus `/plan`. */
  chat: 'chat',
  /** Only the `/plan approve|reject|edit` command. */
  command: 'command',
} as const;
export type ApprovalSurface = (typeof ApprovalSurfaces)[keyof typeof ApprovalSurfaces];

/**
 * The plugin's config (`plugins.entries.planfirst.config`). The manifest's `configSchema` is
 * the same shape in JSON Schema; a test keeps the two equal.
 */
export const pluginConfigSchema = z.strictObject({
  startInPlanMode: z.boolean().default(false),
  approvals: z.enum([ApprovalSurfaces.chat, ApprovalSurfaces.command]).default('chat'),
  options: z.record(z.string(), z.unknown()).default({}),
});

export interface PluginSettings {
  approvals: ApprovalSurface;
  options: ResolvedOptions;
}

// OpenClaw's own read-only tools: catalog look-ups, memory and session reads, and the
// session's progress card (bookkeeping the user sees, like update_plan).
/**
 * Fields of OpenClaw's `exec` that change only how long or where the output is collected, never
 * what runs. `workdir` and `env` are judged by the gate; `host`, `node`, `ask` and `elevated`
 * choose where or with which rights the command runs, so they stay refused while planning.
 */
export const openClawExecHarmlessFields = ['yieldMs', 'timeoutSeconds', 'background', 'pty'];

export const openClawReadOnlyTools = [
  'tool_search',
  'tool_describe',
  'session_status',
  'sessions_list',
  'sessions_history',
  'memory_search',
  'memory_get',
  'agents_list',
  'progress_card',
] as const;

/**
 * Validates the plugin config and resolves planfirst's options from it. Throws OptionsError
 * naming every bad path (the host shows it as the plugin's load error).
 */
export function readPluginConfig(raw: unknown): PluginSettings {
  const parsed = pluginConfigSchema.safeParse(raw ?? {});
  if (!parsed.success)
    throw new OptionsError(
      parsed.error.issues.map(
        (issue): ValidationIssue => ({
          path: issue.path.length === 0 ? '(config)' : issue.path.join('.'),
          message: issue.message,
        }),
      ),
    );
  const config = parsed.data;
  let base: ResolvedOptions;
  try {
    base = resolveOptions(config.options as PlanfirstOptions);
  } catch (error) {
    if (error instanceof OptionsError)
      throw new OptionsError(error.issues.map((i) => ({ ...i, path: `options.${i.path}` })));
    throw error;
  }
  const readOnlyTools = [...new Set([...base.planMode.readOnlyTools, ...openClawReadOnlyTools])];
  const shellHarmlessFields = [
    ...new Set([...base.planMode.shellHarmlessFields, ...openClawExecHarmlessFields]),
  ];
  const options = resolveOptions({
    ...base,
    planMode: {
      ...base.planMode,
      readOnlyTools,
      shellHarmlessFields,
      enabled: config.startInPlanMode,
    },
  });
  return { approvals: config.approvals, options };
}
