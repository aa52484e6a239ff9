import { analyzeShellCommand } from '../shell/index.js';
import { HookCodes } from './codes.js';
import { type HookEvent, isExitPlanTool } from './event.js';
import type { HookJudgement, HookPolicy } from './policy.js';

// A tool call before it runs (or before its permission dialog opens). This path imports only
// the shell analyzer, so a hook process that judges tool calls starts fast.

const readOnlyAlternative =
  'While planning, investigate with read-only commands (cat, grep, rg, ls, find, git log, git diff …) and put this step in your plan for approval.';

/** True when the host (or the project's planfirst state) says the agent is planning. */
export function inPlanMode(event: HookEvent | undefined, policy: HookPolicy): boolean {
  return policy.planMode === true || event?.permissionMode === 'plan';
}

/**
 * Plan mode denies every shell command the analyzer does not prove read-only; outside it the
 * hook only ever approves provably read-only commands and is otherwise neutral.
 */
export function judgeToolEvent(event: HookEvent, policy: HookPolicy): HookJudgement {
  const planMode = inPlanMode(event, policy);
  const neutral = (code: string, reason: string): HookJudgement => ({
    verdict: 'neutral',
    code,
    reason,
    planMode,
  });
  if (isExitPlanTool(event.toolName))
    return neutral(HookCodes.exitPlanTool, 'leaving plan mode is the user’s decision');
  if (event.shell === undefined) return neutral(HookCodes.notShell, 'not a shell command');
  if (event.shell === 'other' || event.command === undefined) {
    if (!planMode) return neutral(HookCodes.notShell, 'planfirst judges only POSIX shell commands');
    return {
      verdict: 'deny',
      code: HookCodes.notReadOnly,
      reason: `planfirst plan mode: ${event.toolName ?? 'this shell'} commands cannot be proven read-only. ${readOnlyAlternative}`,
      planMode,
    };
  }
  const verdict = analyzeShellCommand(event.command, policy.shellPolicy);
  const facts = { planMode, shellCode: verdict.code, argv: verdict.commands.map((c) => c.argv) };
  if (verdict.readOnly) {
    // Approving before the tool runs skips the user's own ask rules: opt-in only.
    const approve = event.kind === 'permission' || policy.approveBeforeTool === true;
    return {
      verdict: approve ? 'allow' : 'neutral',
      code: HookCodes.readOnly,
      reason: 'planfirst: every command is read-only',
      ...facts,
    };
  }
  if (!planMode)
    return { verdict: 'neutral', code: HookCodes.notReadOnly, reason: verdict.reason, ...facts };
  return {
    verdict: 'deny',
    code: HookCodes.notReadOnly,
    reason: `planfirst plan mode: this command is not provably read-only (${verdict.code}): ${verdict.reason}. ${readOnlyAlternative}`,
    ...facts,
  };
}
