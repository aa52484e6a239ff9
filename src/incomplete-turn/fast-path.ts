import { ensureResolved, type PlanfirstOptions, type ResolvedOptions } from '../options.js';
import { isNormalMode } from '../plan-mode/state.js';
import type { SessionState } from '../session.js';
import { isExecutionAck } from './execution-ack.js';
import { ACK_INSTRUCTION } from './tiers.js';

/**
 * The ACK fast-path: when the user's prompt is a short go-ahead, the instruction
 * to skip the recap and act; undefined otherwise, when `incompleteTurn.ackFastPath` is off, and
 * always in plan mode (there only the approval decision approves).
 */
export function ackFastPathInstruction(
  state: SessionState,
  prompt: string,
  context: {
    previousAssistantText?: string | null;
    options?: PlanfirstOptions | ResolvedOptions;
  } = {},
): string | undefined {
  const options = ensureResolved(context.options);
  if (!options.incompleteTurn.ackFastPath || !isNormalMode(state.planMode)) return undefined;
  const ack = isExecutionAck(prompt, {
    previousAssistantText: context.previousAssistantText ?? null,
    options,
    planMode: false,
  });
  return ack ? ACK_INSTRUCTION : undefined;
}
