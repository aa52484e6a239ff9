/** The names of the tools plan mode gives the model. */
export const PlanToolNames = {
  enter: 'enter_plan_mode',
  exit: 'exit_plan_mode',
  update: 'update_plan',
  /** Ask the user structured questions; the run waits for the answer. */
  askUser: 'ask_user',
  /** Read-only: where planning stands (mode, episode, pending approval or question, steps). */
  status: 'plan_mode_status',
} as const;
export type PlanToolName = (typeof PlanToolNames)[keyof typeof PlanToolNames];

const names: ReadonlySet<string> = new Set(Object.values(PlanToolNames));

export function isPlanToolName(name: string): name is PlanToolName {
  return names.has(name);
}

/** Plan bookkeeping is not action: keeping the plan current does no work. */
export function isPlanBookkeeping(name: string): boolean {
  return name === PlanToolNames.update || name === PlanToolNames.enter;
}
