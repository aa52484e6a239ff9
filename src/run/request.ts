import { once } from '../lazy.js';
import type { ResolvedOptions } from '../options.js';
import { planModeSystemPrompt } from '../plan-mode/plan-tool-call.js';
import { planModeTools } from '../plan-mode/plan-tools.js';
import { isNormalMode } from '../plan-mode/state.js';
import type { SessionState } from '../session.js';
import type { ModelRequest, ToolDefinition } from './types.js';

function planTool(name: keyof typeof planModeTools): ToolDefinition {
  const tool = planModeTools[name];
  return {
    name: tool.name,
    description: tool.description,
    // The TypeBox schema is plain JSON Schema; a JSON copy drops TypeBox's symbol keys.
    parameters: JSON.parse(JSON.stringify(tool.parameters)) as ToolDefinition['parameters'],
    readOnly: true,
  };
}

// Built on first use: the schemas (and TypeBox) load then.
const planTools = once(() => ({
  enter: planTool('enter_plan_mode'),
  exit: planTool('exit_plan_mode'),
  update: planTool('update_plan'),
  ask: planTool('ask_user'),
  status: planTool('plan_mode_status'),
}));

/**
 * The plan tools that make sense now: enter_plan_mode in normal mode when the model may enter,
 * exit_plan_mode, ask_user and plan_mode_status while planning, update_plan and
 * plan_mode_status while an approved plan is being carried out, ask_user outside plan mode
 * when `planMode.askUserOutsidePlanMode` is on.
 */
export function planToolsFor(session: SessionState, options: ResolvedOptions): ToolDefinition[] {
  const pm = session.planMode;
  const tools: ToolDefinition[] = [];
  if (isNormalMode(pm)) {
    if (options.planMode.allowModelEnter) tools.push(planTools().enter);
    const executing = (pm.approval === 'approved' || pm.approval === 'edited') && pm.plan;
    if (executing) tools.push(planTools().update);
    if (options.planMode.askUserOutsidePlanMode) tools.push(planTools().ask);
    if (executing) tools.push(planTools().status);
  } else tools.push(planTools().exit, planTools().ask, planTools().status);
  return tools;
}

/** The exact request for the next model call. */
export function buildModelRequest(
  session: SessionState,
  options: ResolvedOptions,
  hostTools: readonly ToolDefinition[],
): ModelRequest {
  const system = [...session.run.nextSystem];
  const planning = planModeSystemPrompt(session);
  if (planning !== undefined) system.unshift(planning);
  const planNames = new Set(Object.values(planTools()).map((t) => t.name));
  return {
    messages: session.messages,
    system,
    tools: [...hostTools.filter((t) => !planNames.has(t.name)), ...planToolsFor(session, options)],
  };
}
