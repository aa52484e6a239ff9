// What the classifyTurn timing scripts (classify-turn-typical.ts, classify-turn-scaling.ts)
// share: a turn that did nothing special, and CPU time rather than wall time, so a loaded
// shared machine does not time its neighbours.
import type { TurnSummary } from '../src/index.js';

/** A turn with no flags, no tools and stop reason `stop`: override what a case is about. */
export const baseTurn: TurnSummary = {
  text: '',
  hasThinking: false,
  toolCalls: [],
  stopReason: 'stop',
  aborted: false,
  timedOut: false,
  toolError: false,
  sideEffects: false,
  userPrompt: 'Fix the crash in the config loader.',
  previousAssistantText: null,
};

/** CPU time (user + system) of this process spent in `work`, in microseconds. */
export function cpuMicros(work: () => void): number {
  const t0 = process.cpuUsage();
  work();
  const used = process.cpuUsage(t0);
  return used.user + used.system;
}
