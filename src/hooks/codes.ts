// Stable codes of the hook module: the `code` of every answer and of every audit-log line.
// Hosts and scripts branch on them and the README lists them; never rename one.

/** Why the hook answered what it answered. */
export const HookCodes = {
  /** The shell command is provably read-only. */
  readOnly: 'read_only',
  /** The shell command is not provably read-only (the analyzer's own code is in `shellCode`). */
  notReadOnly: 'not_read_only',
  /** A tool that leaves plan mode (ExitPlanMode and kin): never approved by a hook. */
  exitPlanTool: 'exit_plan_tool',
  /** Not a shell tool call, outside plan mode: the hook has no opinion. */
  notShell: 'not_shell',
  /** Plan mode: a tool the host's table lists as read-only (or readOnlyTools declares). */
  readOnlyTool: 'read_only_tool',
  /** Plan mode: a tool neither the host's table nor readOnlyTools knows (MCP tools too). */
  unknownTool: 'unknown_tool',
  /** Plan mode: a tool that types into a running process (Codex write_stdin, Copilot write_bash). */
  interactiveInput: 'interactive_input',
  /** Plan mode: a write tool that writes only the plan file. */
  planFileWrite: 'plan_file_write',
  /** Plan mode: a write tool aimed at anything but the plan file. */
  writeOutsidePlan: 'write_outside_plan',
  /** An event the hook does not judge (it answers neutrally). */
  otherEvent: 'other_event',
  /** The input is not a JSON document of the host's shape. */
  malformedInput: 'malformed_input',
  /** Something failed inside the hook; never an allow. */
  internalError: 'internal_error',
  /** Stop: the turn ended in narration after the user asked for work; the stop is blocked. */
  incompleteTurn: 'incomplete_turn',
  /** Stop: the retries for this turn ran out; the agent may stop. */
  retriesExhausted: 'retries_exhausted',
  /** Stop: the host says a stop hook already continued this turn and no budget is left. */
  stopHookActive: 'stop_hook_active',
  /** Stop: the turn answered, asked, or acted; nothing to do. */
  turnComplete: 'turn_complete',
  /** SessionStart after compaction: the plan reminder was injected. */
  planReanchored: 'plan_reanchored',
  /** SessionStart: no plan to re-anchor, or not a compaction. */
  noPlan: 'no_plan',
} as const;
export type HookCode = (typeof HookCodes)[keyof typeof HookCodes];
