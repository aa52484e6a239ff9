import type { PlanfirstOptions, ResolvedOptions } from '../options.js';
import { ACK_MAX_LENGTH, ackVerdict } from './ack.js';
import { compiledCues } from './compiled-cues.js';
import { optionsOrDefault } from './options-or-default.js';

// The public go-ahead check, which resolves the caller's options; ack.ts holds the rules over
// compiled cues, which the classifier uses without loading the option schemas.

export { ACK_MAX_LENGTH };

/** What isExecutionAck() may know besides the prompt. */
export interface AckContext {
  /** The assistant's previous visible text: a bare "yes" is a go-ahead only after an offer. */
  previousAssistantText?: string | null;
  options?: PlanfirstOptions | ResolvedOptions;
  /** In plan mode nothing is an ACK: only the approval decision approves. */
  planMode?: boolean;
}

/**
 * True when the user's prompt is a short go-ahead ("ok", "do it", "ship it", "進めて"), so the
 * resolver can tell the model to skip the recap and act. Never throws; false in
 * plan mode, for anything over 80 characters, on several lines or containing a question mark.
 */
export function isExecutionAck(prompt: string, context: AckContext = {}): boolean {
  if (typeof prompt !== 'string') return false;
  const ctx: AckContext = typeof context === 'object' && context !== null ? context : {};
  // Anything but an explicit false/undefined is treated as plan mode: fail closed.
  if (ctx.planMode !== undefined && ctx.planMode !== false) return false;
  const previous = typeof ctx.previousAssistantText === 'string' ? ctx.previousAssistantText : null;
  return ackVerdict(prompt, previous, compiledCues(optionsOrDefault(ctx.options)));
}
