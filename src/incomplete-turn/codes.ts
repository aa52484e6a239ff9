// Stable codes of the incomplete-turn module. Hosts branch on them and the README lists them;
// never rename one.

/** The classes of an assistant turn: what it was. */
export const TurnKinds = {
  acted: 'acted',
  answered: 'answered',
  planningOnly: 'planning-only',
  singleActionNarration: 'single-action-narration',
  reasoningOnly: 'reasoning-only',
  empty: 'empty',
  notRetryable: 'not-retryable',
  planAckOnly: 'plan-ack-only',
  /** In execution: the turn says the work is done while approved plan steps are still open. */
  claimedDone: 'claimed-done',
} as const;
export type TurnKind = (typeof TurnKinds)[keyof typeof TurnKinds];

/** Which rule decided a classification (`evidence.rule`), for logs and tests. */
export const TurnRules = {
  // not-retryable
  invalidTurn: 'invalid-turn',
  aborted: 'aborted',
  timedOut: 'timed-out',
  toolError: 'tool-error',
  sideEffects: 'side-effects',
  stopReason: 'stop-reason',
  // acted
  planSubmitted: 'plan-submitted',
  mutatingTool: 'mutating-tool',
  severalTools: 'several-tools',
  planInvestigation: 'plan-investigation',
  readOnlyTool: 'read-only-tool',
  toolPending: 'tool-pending',
  // single-action-narration, planning-only
  promiseAfterRead: 'promise-after-read',
  promiseCue: 'promise-cue',
  nextStepPromise: 'next-step-promise',
  narrationAfterGoAhead: 'narration-after-go-ahead',
  // reasoning-only, empty
  thinkingOnly: 'thinking-only',
  noOutput: 'no-output',
  // plan-ack-only
  planAck: 'plan-ack',
  // claimed-done
  openPlanSteps: 'open-plan-steps',
  // answered
  questionToUser: 'question-to-user',
  inlinePlan: 'inline-plan',
  codeBlock: 'code-block',
  longText: 'long-text',
  blockerCue: 'blocker-cue',
  completionCue: 'completion-cue',
  chitChatPrompt: 'chit-chat-prompt',
  noPromise: 'no-promise',
  deliveredContent: 'delivered-content',
} as const;
export type TurnRule = (typeof TurnRules)[keyof typeof TurnRules];
