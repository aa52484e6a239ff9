import { subagentReport } from '../plan-mode/subagents.js';
import type { ToolExecutionContext } from './driver.js';
import { type RunAgentConfig, type RunResult, runAgent } from './driver.js';

/** What runSubagent gives back: the parent's tool output and the subagent's whole result. */
export interface SubagentRun {
  /** The tool result for the parent: the subagent's answer, and the plan it proposed if any. */
  output: { content: string; isError: boolean };
  result: RunResult;
}

/**
 * Runs a gated subagent with `runAgent` on the session the executor was given
 * (`context.subagent`), so it stays in plan mode whatever its model does. Give `config` the
 * parent's options; its tools may include subagent tools of their own, which nest the same way.
 */
export async function runSubagent(
  config: RunAgentConfig,
  subagent: NonNullable<ToolExecutionContext['subagent']>,
  message: string,
): Promise<SubagentRun> {
  const result = await runAgent(config, subagent.session, { message });
  const failed = result.status === 'error' || result.status === 'aborted';
  const status =
    result.status === 'completed' ? '' : ` (the subagent's run ended ${result.status})`;
  return {
    output: { content: `${subagentReport(result.session, result.text)}${status}`, isError: failed },
    result,
  };
}
