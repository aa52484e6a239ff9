import type { ShellPolicy } from '../shell/index.js';

/**
 * What the hook knows beyond the input document: the project's planfirst settings and, for a
 * Stop or SessionStart event, what the process read from disk. Plain data, so the judge stays
 * pure; the hook process fills it in.
 */
export interface HookPolicy {
  /** planfirst's plan mode is switched on for this project (besides the host's own plan mode). */
  planMode?: boolean;
  /**
   * Outside plan mode, answer `allow` from the pre-tool event (Claude/Codex PreToolUse, Copilot,
   * Gemini, Cursor) for provably read-only commands. Off by default: an allow there skips the
   * user's own ask rules. Claude Code and Codex approve from PermissionRequest regardless.
   */
  approveBeforeTool?: boolean;
  /** Tools besides each host's table that only read (`.planfirst/hook.json` readOnlyTools). */
  readOnlyTools?: readonly string[];
  /**
   * Plan mode: the one file write tools may write (`path` relative to `projectDir`), judged
   * by the core's plan-file rules.
   */
  planFile?: { path: string; projectDir: string };
  /** The user's overlay of the analyzer's program table (validated by `parseHookConfig`). */
  shellPolicy?: ShellPolicy;
  /** Stop: the incomplete-turn context of this session. */
  stop?: HookStopContext;
  /** SessionStart: the plan to re-inject after compaction, when one exists. */
  plan?: { path: string; text: string };
}

export interface HookStopContext {
  /**
   * Retries already spent on this turn, from the session's state file; undefined when the
   * count could not be read (then a stop the host marks as already continued is never blocked).
   */
  attempts?: number;
  /** Retries per turn before the agent may stop anyway. */
  limit: number;
  /** The user's last prompt (from the transcript or the input), null when unknown. */
  userPrompt: string | null;
  /** Tool calls since that prompt; unknown: the final message is judged on its own. */
  toolCalls?: number;
}

export type HookVerdict = 'allow' | 'deny' | 'neutral' | 'block-stop' | 'context';

/** The decision before it is written in the host's format; also what the audit log records. */
export interface HookJudgement {
  verdict: HookVerdict;
  code: string;
  /** For the model (deny, block-stop) or the user (neutral stop after retries ran out). */
  reason: string;
  planMode: boolean;
  /** The analyzer's code for a judged shell command. */
  shellCode?: string;
  argv?: string[][];
  /** `context`: text to add to the conversation. */
  context?: string;
  /** `block-stop`: the retry count to store for the session. */
  attempts?: number;
}
