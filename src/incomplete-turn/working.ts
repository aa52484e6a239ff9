import type { ResolvedOptions } from '../options.js';
import { isPlanBookkeeping } from '../plan-mode/tool-names.js';
import { classifyTurn } from './classify.js';
import { TurnKinds } from './codes.js';
import type { TurnSummary } from './turn-summary.js';

/**
 * A turn that called a tool (beyond plan bookkeeping) and narrated its next step ("Let me look
 * at the parser." with a read). A loop that judges every turn answers its tool results next,
 * so this is work in progress, not a stall: it must not draw a retry or count toward a limit.
 * (Judged as a whole attempt that ended there, the same turn is single-action narration.)
 */
export function isWorkingNarration(
  turn: TurnSummary,
  planMode: boolean,
  options: ResolvedOptions,
): boolean {
  return (
    turn.toolCalls.some((call) => !isPlanBookkeeping(call.name)) &&
    classifyTurn(turn, { planMode, options }).kind === TurnKinds.singleActionNarration
  );
}
