import type { UserMessage } from '../messages.js';
import { planReminder } from '../plan-mode/messages.js';
import type { SessionState } from '../session.js';

/**
 * The message to re-inject after the host compacts (summarises) the conversation: where
 * planning stands, so a summarised-away decision is not forgotten. Undefined when there is
 * nothing to remind.
 */
export function compactionReminder(session: SessionState): UserMessage | undefined {
  const reminder = planReminder(session);
  if (reminder === undefined) return undefined;
  return { role: 'user', content: reminder.text, source: 'planfirst', kind: reminder.kind };
}
