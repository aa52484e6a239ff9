import type { Message } from '../messages.js';
import type { RunState } from './state-schema.js';

export interface RunIssue {
  path: (string | number)[];
  message: string;
}

/**
 * Cross-field rules a stored run must satisfy so `step` can carry on from it: the turn being
 * executed is the last message, an assistant message, and tracks its tool calls one for one.
 * A session that breaks them is rejected by parseSession instead of crashing a later step.
 */
export function runInvariantIssues(run: RunState, messages: readonly Message[]): RunIssue[] {
  const issues: RunIssue[] = [];
  if (run.startIndex > messages.length)
    issues.push({
      path: ['startIndex'],
      message: `points past the last message (${messages.length} messages)`,
    });
  // 'approval' with nothing pending is a parked run whose plan was decided or withdrawn outside
  // it (resolveApproval, exitPlanMode, a sweep): resume carries on from that decision.
  if (run.phase === 'tools' && run.turn === undefined)
    issues.push({ path: ['phase'], message: "'tools' needs the turn whose tools are running" });
  if (run.turn === undefined) return issues;
  if (run.phase !== 'tools')
    issues.push({
      path: ['turn'],
      message: `a turn is only open in phase 'tools', not '${run.phase}'`,
    });
  const at = run.turn.messageIndex;
  const message = messages[at];
  if (message?.role !== 'assistant' || at !== messages.length - 1) {
    issues.push({
      path: ['turn', 'messageIndex'],
      message: 'must point at the last message, an assistant message',
    });
    return issues;
  }
  const ids = message.content.flatMap((b) => (b.type === 'tool_call' ? [b.id] : []));
  const tracked = run.turn.calls.map((c) => c.id);
  if (tracked.length !== ids.length || tracked.some((id, i) => id !== ids[i]))
    issues.push({
      path: ['turn', 'calls'],
      message: "must track the assistant message's tool calls one for one, in order",
    });
  // Results are matched to calls by id: an open turn whose ids repeat could not tell them apart.
  else if (new Set(ids).size !== ids.length)
    issues.push({
      path: ['turn', 'calls'],
      message: 'the tool calls of the open turn must have distinct ids',
    });
  return issues;
}
