import type { ShellPolicy, ShellVerdict } from '../shell/index.js';
import { HookCodes } from './codes.js';
import { type HookEvent, isExitPlanTool } from './event.js';
import type { WriteJudge } from './judge-write.js';
import { inPlanMode } from './plan-mode-flag.js';
import type { HookJudgement, HookPolicy } from './policy.js';
import { declaredReadOnly, type ToolRow, toolRow } from './tool-table.js';

// A tool call before it runs (or before its permission dialog opens). This module imports only
// the tool tables: the shell analyzer and the plan-file rules are passed in, so a hook process
// loads the analyzer only for a shell tool and the plan-file rules only for a write.

/** analyzeShellCommand, or a stand-in with its contract. */
export type ShellAnalyzer = (command: string, policy?: ShellPolicy) => ShellVerdict;

/** What judging a tool call may need beyond the tool tables; a missing one fails closed. */
export interface ToolJudges {
  /** Judges each command of a shell tool; without it no command is read-only. */
  analyze?: ShellAnalyzer;
  /** The plan-file rules for a write tool in plan mode; without it every write is refused. */
  judgeWrite?: WriteJudge | undefined;
}

const readOnlyAlternative =
  'While planning, investigate with read-only commands (cat, grep, rg, ls, find, git log, git diff …) and put this step in your plan for approval.';

/** The row of the event's tool: the host's table, or read-only by the project's settings. */
export function rowOf(event: HookEvent, policy: HookPolicy): ToolRow | undefined {
  // Stryker disable next-line StringLiteral: no host table or readOnlyTools entry is named by either string
  const name = event.toolName ?? '';
  const row = toolRow(event.host, name);
  if (row !== undefined) return row;
  return declaredReadOnly(name, policy.readOnlyTools) ? { class: 'read' } : undefined;
}

/**
 * Plan mode is a default-deny gate: every tool is judged by its host's table — reads pass,
 * shell commands pass only when the analyzer proves every one read-only, writes only for the
 * plan file, and interactive input, unknown and MCP tools are denied. Outside plan mode the
 * hook only ever approves provably read-only shell commands and is otherwise neutral.
 */
export function judgeToolCall(
  event: HookEvent,
  policy: HookPolicy,
  { analyze, judgeWrite }: ToolJudges,
): HookJudgement {
  const planMode = inPlanMode(event, policy);
  const neutral = (code: string, reason: string): HookJudgement => ({
    verdict: 'neutral',
    code,
    reason,
    planMode,
  });
  const tool = event.toolName ?? 'this tool';
  const deny = (code: string, reason: string): HookJudgement => ({
    verdict: 'deny',
    code,
    reason: `planfirst plan mode: ${reason} ${readOnlyAlternative}`,
    planMode,
  });
  if (isExitPlanTool(event.toolName))
    return neutral(HookCodes.exitPlanTool, 'leaving plan mode is the user’s decision');
  const row = rowOf(event, policy);
  // Stryker disable ConditionalExpression,StringLiteral: every table's exit-plan tool is also named so (isExitPlanTool); kept for a future row
  if (row?.class === 'exit-plan')
    return neutral(HookCodes.exitPlanTool, 'leaving plan mode is the user’s decision');
  // Stryker restore ConditionalExpression,StringLiteral
  if (row?.class === 'shell') return judgeShell(event, policy, planMode, analyze);
  // The host's own plan mode (permission_mode "plan") restricts its tools itself; planfirst's
  // plan mode has only this hook, so there every other tool is judged too.
  if (policy.planMode !== true) return neutral(HookCodes.notShell, 'not a shell command');
  switch (row?.class) {
    case undefined:
      return deny(
        HookCodes.unknownTool,
        `${tool} is not a tool planfirst knows to be read-only (list it in readOnlyTools in .planfirst/hook.json if it is).`,
      );
    case 'read':
      return neutral(HookCodes.readOnlyTool, `${tool} only reads`);
    case 'input':
      return deny(
        HookCodes.interactiveInput,
        `${tool} types into a running process, which can run anything.`,
      );
    case 'write': {
      const refusal =
        judgeWrite === undefined
          ? 'the plan-file rules are not loaded'
          : judgeWrite(event, row, policy);
      if (refusal === undefined)
        return neutral(HookCodes.planFileWrite, `${tool} writes only the plan file`);
      const planFile = policy.planFile?.path ?? 'the plan file';
      return deny(
        HookCodes.writeOutsidePlan,
        `${tool} may only write the plan file ${planFile} while planning: ${refusal}.`,
      );
    }
  }
}

function judgeShell(
  event: HookEvent,
  policy: HookPolicy,
  planMode: boolean,
  analyze: ShellAnalyzer | undefined,
): HookJudgement {
  const commands = event.commands ?? (event.command === undefined ? [] : [event.command]);
  if (event.shell !== 'bash' || commands.length === 0 || analyze === undefined) {
    if (!planMode)
      return {
        verdict: 'neutral',
        code: HookCodes.notShell,
        reason: 'planfirst judges only POSIX shell commands',
        planMode,
      };
    return {
      verdict: 'deny',
      code: HookCodes.notReadOnly,
      // Stryker disable next-line StringLiteral: a shell row is found by the tool's name, so it is never absent here
      reason: `planfirst plan mode: ${event.toolName ?? 'this shell'} commands cannot be proven read-only. ${readOnlyAlternative}`,
      planMode,
    };
  }
  // Every command of the call is judged; the first that is not read-only decides.
  const argv: string[][] = [];
  // Stryker disable next-line StringLiteral: every path reads it after the loop assigned it (commands is never empty here)
  let shellCode = '';
  for (const command of commands) {
    const verdict = analyze(command, policy.shellPolicy);
    for (const c of verdict.commands) argv.push(c.argv);
    shellCode = verdict.code;
    if (verdict.readOnly) continue;
    const facts = { planMode, shellCode: verdict.code, argv };
    const which = commands.length > 1 ? `command ${JSON.stringify(command)} ` : 'command ';
    if (!planMode)
      return { verdict: 'neutral', code: HookCodes.notReadOnly, reason: verdict.reason, ...facts };
    return {
      verdict: 'deny',
      code: HookCodes.notReadOnly,
      reason: `planfirst plan mode: this ${which}is not provably read-only (${verdict.code}): ${verdict.reason}. ${readOnlyAlternative}`,
      ...facts,
    };
  }
  // Approving before the tool runs skips the user's own ask rules: opt-in only.
  const approve = event.kind === 'permission' || policy.approveBeforeTool === true;
  return {
    verdict: approve ? 'allow' : 'neutral',
    code: HookCodes.readOnly,
    reason: 'planfirst: every command is read-only',
    planMode,
    shellCode,
    argv,
  };
}
